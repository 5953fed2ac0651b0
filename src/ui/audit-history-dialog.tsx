// History dialog: who changed what, old and new values, in the user's time zone.
import { useAuditHistory } from '@/api/get-audit';
import type { AuditedEntity } from '@/contracts/audit';
import { formatDateTime } from '@/domain/format';
import { LoadError } from './data-grid/grid-parts';
import { Modal } from './modal';
import { useSession } from './session-context';
import { Spinner } from './spinner';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function show(v: unknown, timeZone: string, timeFormat: '12-hr' | '24-hr'): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v, timeZone, timeFormat);
  if (Array.isArray(v)) return v.join(', ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function AuditHistoryDialog({
  entity,
  id,
  organizationId,
  title,
  onClose,
}: {
  entity: AuditedEntity;
  id: string | number | null;
  organizationId: number;
  title: string;
  onClose: () => void;
}) {
  const { user } = useSession();
  const { data, isPending, error, refetch } = useAuditHistory(entity, id, organizationId);
  return (
    <Modal open={id !== null} title={title} onClose={onClose} wide>
      {isPending ? (
        <Spinner label="Loading history" />
      ) : error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-base-content/70">No changes have been recorded yet.</p>
      ) : (
        <div className="max-h-[60vh] overflow-auto rounded-box border border-base-300">
          <table className="table table-xs">
            <thead className="bg-base-200 text-base-content">
              <tr>
                <th scope="col">Time</th>
                <th scope="col">User</th>
                <th scope="col">Field</th>
                <th scope="col">Old value</th>
                <th scope="col">New value</th>
              </tr>
            </thead>
            <tbody>
              {data.flatMap((entry, i) =>
                entry.oldValues.map((old, j) => (
                  <tr key={`${i}-${old.name}`}>
                    <td className="whitespace-nowrap">
                      {j === 0
                        ? formatDateTime(entry.time, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)
                        : ''}
                    </td>
                    <td>{j === 0 ? entry.userName : ''}</td>
                    <td>{old.name}</td>
                    <td className="max-w-64 truncate">
                      {show(old.value, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)}
                    </td>
                    <td className="max-w-64 truncate">
                      {show(entry.newValues[j]?.value, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)}
                    </td>
                  </tr>
                )),
              )}
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
