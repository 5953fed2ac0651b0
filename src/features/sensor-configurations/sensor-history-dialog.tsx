// Sensor history and device history (spec 3 §2 row actions, §7 sensorConfigurationHistory/): every version, newest
// first, with who created it (Created By), its last load onto the device, and which version the device confirms.
import type { SensorConfigurationHistoryRow } from '@/contracts/sensor-configuration';
import { formatDateTime } from '@/domain/format';
import { FormAlert } from '@/ui/form/form-alert';
import { Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useSensorConfigurationHistory, type HistoryOf } from './api';
import { SyncBadge } from './sync-badge';

export function SensorHistoryDialog({
  organizationId,
  of,
  onClose,
}: {
  organizationId: number;
  of: HistoryOf;
  onClose: () => void;
}) {
  const { user } = useSession();
  const time = (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const history = useSensorConfigurationHistory(organizationId, of);
  const byDevice = 'deviceId' in of;
  return (
    <Modal open title={of.title} onClose={onClose} wide>
      {history.isPending ? (
        <Spinner label="Loading history" />
      ) : history.error ? (
        <FormAlert message={history.error.message} />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-base-content/70">
          {byDevice
            ? 'No sensor configuration has been made for this device yet.'
            : 'This sensor has no configuration yet.'}
        </p>
      ) : (
        <div className="max-h-[28rem] overflow-auto">
          <table className="table table-xs" aria-label={of.title}>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Version</th>
                {byDevice && <th scope="col">Sensor</th>}
                <th scope="col">Coefficients</th>
                <th scope="col">Created</th>
                <th scope="col">Created By</th>
                {!byDevice && <th scope="col">Device</th>}
                <th scope="col">Loaded</th>
                <th scope="col">Confirmed</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((h: SensorConfigurationHistoryRow) => (
                <tr key={`${h.versionId}-${h.deviceId ?? 0}`}>
                  <td>{h.versionId}</td>
                  {byDevice && <td>{h.sensorSerialNumber}</td>}
                  <td className="font-mono">{h.coefficients}</td>
                  <td className="whitespace-nowrap">{time(h.createdAt)}</td>
                  <td>{h.userEmail}</td>
                  {!byDevice && <td>{h.deviceName ?? <span className="text-base-content/70">On no device</span>}</td>}
                  <td>
                    <SyncBadge row={h} time={time} />
                  </td>
                  <td>
                    {h.deviceId !== null && h.deviceConfirmedVersionId === h.versionId ? (
                      <span className="badge badge-sm badge-success">Running</span>
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
