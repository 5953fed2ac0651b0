// History dialog: who changed what, old and new values, in the user's time zone.
import { useAuditHistory } from '@/api/get-audit';
import type { AuditEntry, AuditedEntity } from '@/contracts/audit';
import { formatDateTime } from '@/domain/format';
import { HistoryDialog, HistoryTable } from './history-dialog';
import { useSession } from './session-context';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function show(v: unknown, timeZone: string, timeFormat: '12-hr' | '24-hr'): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v, timeZone, timeFormat);
  if (Array.isArray(v)) return v.join(', ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** One changed field of an entry; the entry's time and user are shown on its first field only. */
interface FieldChange {
  key: string;
  time: string | null;
  userName: string | null;
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

function fieldChanges(entries: readonly AuditEntry[]): FieldChange[] {
  return entries.flatMap((entry, i) =>
    entry.oldValues.map((old, j) => ({
      key: `${i}-${old.name}`,
      time: j === 0 ? entry.time : null,
      userName: j === 0 ? entry.userName : null,
      field: old.name,
      oldValue: old.value,
      newValue: entry.newValues[j]?.value,
    })),
  );
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
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const query = useAuditHistory(entity, id, organizationId);
  if (id === null) return null;
  return (
    <HistoryDialog
      title={title}
      query={query}
      isEmpty={(d) => d.length === 0}
      emptyText="No changes have been recorded yet."
      onClose={onClose}
    >
      {(entries) => (
        <HistoryTable
          label={title}
          rows={fieldChanges(entries)}
          rowKey={(r) => r.key}
          columns={[
            {
              header: 'Time',
              className: 'whitespace-nowrap',
              cell: (r) => (r.time === null ? '' : formatDateTime(r.time, timeZone, timeFormat)),
            },
            { header: 'User', cell: (r) => r.userName ?? '' },
            { header: 'Field', cell: (r) => r.field },
            {
              header: 'Old value',
              className: 'max-w-64 truncate',
              cell: (r) => show(r.oldValue, timeZone, timeFormat),
            },
            {
              header: 'New value',
              className: 'max-w-64 truncate',
              cell: (r) => show(r.newValue, timeZone, timeFormat),
            },
          ]}
        />
      )}
    </HistoryDialog>
  );
}
