// Alarm Parameter History and Alarm Parameter Template History (spec 2 §2, §3 'History rows'): each saved state,
// newest first, from when it took effect until it was replaced, and who saved it.
import { AlarmDeviceFilter, AlarmType, Aggregation, SiteAlarmParameterStatus } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { measurementType } from '@/domain/measurement-types';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
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
    <Modal open title={title} onClose={onClose} wide>
      {history.isPending ? (
        <Spinner label="Loading history" />
      ) : history.error ? (
        <LoadError message={history.error.message} onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-base-content/70">No saved changes yet.</p>
      ) : (
        <div className="max-h-[28rem] overflow-auto">
          <table className="table table-xs" aria-label={title}>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Effective From</th>
                <th scope="col">Date Ended</th>
                {parameter && <th scope="col">Status</th>}
                <th scope="col">Type</th>
                <th scope="col">Calculation</th>
                <th scope="col">HI / HI-HI / Critical</th>
                <th scope="col">Window (h)</th>
                <th scope="col">Reset (h)</th>
                <th scope="col">LDAR</th>
                {parameter && <th scope="col">Template</th>}
                {parameter && <th scope="col">Devices</th>}
                <th scope="col">Changed By</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((h) => (
                <tr key={h.effectiveFrom}>
                  <td className="whitespace-nowrap">{time(h.effectiveFrom)}</td>
                  <td className="whitespace-nowrap">{h.dateEnded ? time(h.dateEnded) : 'Current'}</td>
                  {parameter && <td>{h.status === undefined ? '' : SiteAlarmParameterStatus.label(h.status)}</td>}
                  <td>{`${AlarmType.label(h.alarmType)} · ${measurementType(h.measurementTypeId).label}`}</td>
                  <td>{h.detail.calculationMethod === null ? '—' : Aggregation.label(h.detail.calculationMethod)}</td>
                  <td>{`${num(h.detail.hiThreshold)} / ${num(h.detail.hiHiThreshold)} / ${num(h.detail.criticalThreshold)}`}</td>
                  <td>{num(h.detail.slidingWindowSizeInHours)}</td>
                  <td>{num(h.detail.resetEvaluationPeriodInHours)}</td>
                  <td>{h.detail.triggersLdarWorkflow ? 'Yes' : 'No'}</td>
                  {parameter && <td>{h.templateName ?? '—'}</td>}
                  {parameter && (
                    <td>
                      {h.deviceType === null || h.deviceType === undefined
                        ? '—'
                        : [AlarmDeviceFilter.label(h.deviceType), ...(h.deviceNames ?? [])].join(': ')}
                    </td>
                  )}
                  <td>{h.changedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
