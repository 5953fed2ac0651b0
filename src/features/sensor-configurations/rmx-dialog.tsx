// 'Set RMX Coefficients' (spec 3 §2 row actions): loads each chosen online Qube's latest sensor configuration through
// the device cloud, then lists each device's result. Devices that cannot take it are named with the reason.
import type { RmxResult, SensorConfigurationRow } from '@/contracts/sensor-configuration';
import { rmxBlocked } from '@/domain/sensor-configuration';
import { FormAlert } from '@/ui/form/form-alert';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useState } from 'react';
import { useSetRmxCoefficients } from './api';

export function RmxDialog({
  organizationId,
  rows,
  onClose,
}: {
  organizationId: number;
  rows: readonly SensorConfigurationRow[];
  onClose: () => void;
}) {
  const toast = useToast();
  const setRmx = useSetRmxCoefficients();
  const [results, setResults] = useState<RmxResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const eligible = rows.filter((r) => rmxBlocked(r) === null);
  const skipped = rows.filter((r) => rmxBlocked(r) !== null);

  async function load() {
    setError(null);
    try {
      const answer = await setRmx.mutateAsync({ organizationId, deviceIds: eligible.map((r) => r.deviceId!) });
      const failed = answer.filter((r) => !r.success);
      if (failed.length === 0) {
        toast(`Coefficients loaded onto ${answer.length} device(s)`, 'success');
        return onClose();
      }
      setResults(answer);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <Modal open title="Set RMX Coefficients" onClose={onClose}>
      <div className="grid gap-3">
        <FormAlert message={error} />
        {results ? (
          <ul className="grid gap-1 text-sm" aria-label="Results">
            {results.map((r) => (
              <li key={r.deviceId} className="flex items-start gap-2">
                <span className={`badge badge-sm ${r.success ? 'badge-success' : 'badge-error'}`}>
                  {r.success ? 'Loaded' : 'Failed'}
                </span>
                <span>{r.success ? r.deviceName : `${r.deviceName}: ${r.error ?? 'failed'}`}</span>
              </li>
            ))}
          </ul>
        ) : (
          <>
            <p className="text-sm">
              {eligible.length === 0
                ? 'None of the chosen devices can take coefficients now.'
                : `Load the latest coefficients onto ${eligible.length === 1 ? eligible[0]!.deviceName : `${eligible.length} devices`} through the device cloud? The device restarts its CH4 sensor with them.`}
            </p>
            {eligible.length === 1 && <p className="font-mono text-sm">{eligible[0]!.coefficients}</p>}
            {skipped.length > 0 && (
              <div className="text-sm text-base-content/80">
                <p>{`${skipped.length} skipped:`}</p>
                <ul className="max-h-32 list-disc overflow-auto pl-5">
                  {skipped.map((r) => (
                    <li
                      key={`${r.sensorSerialNumber}-${r.deviceId ?? 0}`}
                    >{`${r.deviceName ?? r.sensorSerialNumber}: ${rmxBlocked(r)}`}</li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {results ? 'Close' : 'Cancel'}
          </button>
          {!results && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={eligible.length === 0 || setRmx.isPending}
              onClick={() => void load()}
            >
              {setRmx.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Load Coefficients
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
