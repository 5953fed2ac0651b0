// Alarm Parameter History and Alarm Parameter Template History (spec 2 §2, §3 'History rows'): each saved state,
// newest first, from when it took effect until it was replaced, and who saved it.
import { AlarmDeviceFilter, AlarmType, Aggregation, SiteAlarmParameterStatus } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { measurementType } from '@/domain/measurement-type';
import { HistoryDialog, HistoryTable } from '@/ui/history-dialog';
import { useSession } from '@/ui/session-context';
import { useParameterHistory } from './api';

export function ParameterHistoryDialog({
  organizationId,
  of,
  title,
  onClose,
}: {
  organizationId: number;
  of: { kind: 'template' | 'parameter'; id: number };
  title: string;
  onClose: () => void;
}) {
  const { user } = useSession();
  const history = useParameterHistory(organizationId, of);
  const time = (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const parameter = of.kind === 'parameter';
  const num = (v: number | null) => (v === null ? '—' : String(v));
  return (
    <HistoryDialog
      title={title}
      query={history}
      isEmpty={(d) => d.length === 0}
      emptyText="No saved changes yet."
      onClose={onClose}
    >
      {(rows) => (
        <HistoryTable
          label={title}
          rows={rows}
          rowKey={(h) => h.effectiveFrom}
          columns={[
            { header: 'Effective From', className: 'whitespace-nowrap', cell: (h) => time(h.effectiveFrom) },
            {
              header: 'Date Ended',
              className: 'whitespace-nowrap',
              cell: (h) => (h.dateEnded ? time(h.dateEnded) : 'Current'),
            },
            parameter && {
              header: 'Status',
              cell: (h) => (h.status === undefined ? '' : SiteAlarmParameterStatus.label(h.status)),
            },
            {
              header: 'Type',
              cell: (h) => `${AlarmType.label(h.alarmType)} · ${measurementType(h.measurementTypeId).label}`,
            },
            {
              header: 'Calculation',
              cell: (h) => (h.detail.calculationMethod === null ? '—' : Aggregation.label(h.detail.calculationMethod)),
            },
            {
              header: 'HI / HI-HI / Critical',
              cell: (h) =>
                `${num(h.detail.hiThreshold)} / ${num(h.detail.hiHiThreshold)} / ${num(h.detail.criticalThreshold)}`,
            },
            { header: 'Window (h)', cell: (h) => num(h.detail.slidingWindowSizeInHours) },
            { header: 'Reset (h)', cell: (h) => num(h.detail.resetEvaluationPeriodInHours) },
            { header: 'LDAR', cell: (h) => (h.detail.triggersLdarWorkflow ? 'Yes' : 'No') },
            parameter && { header: 'Template', cell: (h) => h.templateName ?? '—' },
            parameter && {
              header: 'Devices',
              cell: (h) =>
                h.deviceType === null || h.deviceType === undefined
                  ? '—'
                  : [AlarmDeviceFilter.label(h.deviceType), ...(h.deviceNames ?? [])].join(': '),
            },
            { header: 'Changed By', cell: (h) => h.changedBy },
          ]}
        />
      )}
    </HistoryDialog>
  );
}
