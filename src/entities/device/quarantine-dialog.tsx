// 'Change Quarantine State' (spec 2 §2, §4, §5): the installation types the device kind allows, notes (sent empty
// for Active), and the warning when this is the site's last active device and its model would stop.
import { useState } from 'react';
import { DeviceInstallationType } from '@/domain/enums';
import { LARGE_TEXT_MAX } from '@/domain/text-limits';
import { quarantineOptions, type DeviceKind } from '@/domain/device-form';
import { FormAlert } from '../../ui/form/form-alert';
import { formErrorsOf } from '../../ui/form/form-errors';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useChangeQuarantine, useWillQuarantineStopPipeline } from './api';

export const PIPELINE_STOP_WARNING = (site: string) =>
  `This is the last active device at ${site}. Quarantining it will stop the site's modelling pipeline.`;

interface QuarantineTarget {
  id: number;
  name: string;
  deviceType: DeviceKind;
  deviceInstallationType: number | null;
  quarantineNotes: string | null;
  currentSiteName: string | null;
}

export function QuarantineDialog({ device, onClose }: { device: QuarantineTarget; onClose: () => void }) {
  const { organization } = useSession();
  const toast = useToast();
  const change = useChangeQuarantine();
  const willStop = useWillQuarantineStopPipeline(device.id, organization!.id);
  const [type, setType] = useState<number | null>(device.deviceInstallationType);
  const [notes, setNotes] = useState(device.quarantineNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const active = type === DeviceInstallationType.values.Active;
  const tooLong = notes.length > LARGE_TEXT_MAX;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (type === null) return setError('New installation type is required');
    setError(null);
    try {
      await change.mutateAsync({
        deviceId: device.id,
        organizationId: organization!.id,
        newDeviceInstallationType: type,
        quarantineNotes: active ? null : notes,
      });
      toast('Device quarantine state changed', 'success');
      onClose();
    } catch (err) {
      const mapped = formErrorsOf(err);
      setError([...Object.values(mapped.fields), ...(mapped.general ? [mapped.general] : [])].join(' '));
    }
  }

  return (
    <Modal open title="Change Quarantine State" onClose={onClose}>
      <form className="grid gap-3" onSubmit={(e) => void save(e)} noValidate>
        <FormAlert message={error} />
        <p className="text-sm text-base-content/80">{`${device.name}${device.currentSiteName ? ` at ${device.currentSiteName}` : ''}`}</p>
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">New Installation Type</span>
          <select
            className="select w-full"
            aria-label="New Installation Type"
            value={type ?? ''}
            onChange={(e) => setType(e.target.value === '' ? null : Number(e.target.value))}
          >
            {quarantineOptions(device.deviceType).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">Notes</span>
          <textarea
            className={`textarea w-full ${tooLong ? 'textarea-error' : ''}`}
            rows={3}
            disabled={active}
            value={active ? '' : notes}
            onChange={(e) => setNotes(e.target.value)}
          />
          {tooLong && (
            <span className="mt-1 text-xs text-error">{`Notes must be at most ${LARGE_TEXT_MAX} characters`}</span>
          )}
        </label>
        {!active && type !== device.deviceInstallationType && willStop.data === true && (
          <p className="alert alert-warning text-sm" role="alert">
            {PIPELINE_STOP_WARNING(device.currentSiteName ?? 'this site')}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={change.isPending || tooLong || type === null}>
            {change.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
