// The alarm slide-out (spec 2 §2 'Alarm slide-out'): title and site, 'Zoom to Alarm', the summary, the top
// contributing sources of emission alarms, the workflow, comments and the workflow's history. Escape or Close shuts
// it; unsaved LDAR changes ask 'Close without saving?' first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Alarm } from '@/contracts/alarm';
import { alarmTitle, alarmValueInDisplayUnit, CLOSE_WITHOUT_SAVING, sourceSummary } from '@/domain/alarm';
import { AlarmLevel, AlarmType, Aggregation } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { inDisplayUnit } from '@/domain/units';
import { AuditHistoryDialog } from '../../ui/audit-history-dialog';
import { LoadError } from '../../ui/data-grid/grid-parts';
import { ConfirmDialog } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { AlarmComments } from './alarm-comments';
import { AlarmWorkflow } from './alarm-workflow';
import { useAlarm, useTopSources, useWorkflow } from './api';

export const LEVEL_BADGE: Record<number, string> = {
  0: 'badge-warning',
  1: 'badge-error badge-outline',
  2: 'badge-error',
};

export function LevelBadge({ level }: { level: number }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${LEVEL_BADGE[level] ?? ''}`}>{AlarmLevel.label(level)}</span>
  );
}

interface Props {
  encodedId: string;
  onClose: () => void;
  /** On a site dashboard: set the date range to the alarm. Elsewhere the button opens the alarm link. */
  onZoom?: (alarm: Alarm) => void;
}

export function AlarmSlideOut({ encodedId, onClose, onZoom }: Props) {
  const alarm = useAlarm(encodedId);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const requestClose = useCallback(() => (dirty ? setAsking(true) : onClose()), [dirty, onClose]);

  useEffect(() => closeButton.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      // Otherwise the same key press would also cancel the 'Close without saving?' dialog it opens.
      e.preventDefault();
      requestClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [requestClose]);

  return (
    <aside
      role="dialog"
      aria-modal="false"
      aria-labelledby="alarm-slide-out-title"
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-md flex-col border-l border-base-300 bg-base-100 shadow-2xl"
    >
      <header className="flex items-start gap-2 border-b border-base-300 p-4">
        <div className="grow">
          <h2 id="alarm-slide-out-title" className="text-lg font-semibold">
            {alarm.data ? alarmTitle(alarm.data) : 'Alarm'}
          </h2>
          {alarm.data && <p className="text-sm text-base-content/80">{alarm.data.siteName}</p>}
        </div>
        <button
          ref={closeButton}
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={requestClose}
          aria-label="Close alarm"
        >
          ✕
        </button>
      </header>
      <div className="grow overflow-y-auto p-4">
        {alarm.isPending ? (
          <Spinner label="Loading alarm" />
        ) : alarm.error ? (
          <LoadError message={alarm.error.message} onRetry={() => void alarm.refetch()} />
        ) : (
          <AlarmBody
            alarm={alarm.data}
            organizationId={alarm.data.organizationId}
            onZoom={onZoom}
            onDirtyChange={setDirty}
          />
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={CLOSE_WITHOUT_SAVING.title}
        message={CLOSE_WITHOUT_SAVING.message}
        confirmLabel="Close"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    </aside>
  );
}

function AlarmBody({
  alarm,
  organizationId,
  onZoom,
  onDirtyChange,
}: {
  alarm: Alarm;
  organizationId: number;
  onZoom?: (a: Alarm) => void;
  onDirtyChange: (d: boolean) => void;
}) {
  const { user } = useSession();
  const units = user.userSettings.unitConfiguration;
  const time = (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const workflow = useWorkflow(organizationId, alarm.workflowId);
  const emission = alarm.alarmType !== AlarmType.values.Measurement;
  const sources = useTopSources(alarm.encodedId, emission);
  const [history, setHistory] = useState(false);
  const value = (v: number | null) => {
    if (v === null) return '—';
    const shown = alarmValueInDisplayUnit(v, alarm, units);
    return `${shown.value.toLocaleString(undefined, { maximumFractionDigits: 2 })}${shown.label ? ` ${shown.label}` : ''}`;
  };
  const volume = (v: number) => {
    const shown = inDisplayUnit(v, 'ch4Volume', units);
    return `${shown.value.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${shown.label}`;
  };
  const summary: [string, React.ReactNode][] = [
    ['Level', <LevelBadge key="l" level={alarm.level} />],
    ['Start', time(alarm.startTime)],
    ['End', alarm.endTime ? time(alarm.endTime) : 'Ongoing'],
    ['Max Value', value(alarm.maxValue)],
    ...(alarm.device ? ([['Device', alarm.device]] as [string, React.ReactNode][]) : []),
    [
      'HI / HI-HI / Critical',
      `${value(alarm.hiThreshold)} / ${value(alarm.hiHiThreshold)} / ${value(alarm.criticalThreshold)}`,
    ],
    ['Sliding Window', alarm.slidingWindowSizeInHours === null ? '—' : `${alarm.slidingWindowSizeInHours} h`],
    ...(alarm.calculationMethod !== null
      ? ([['Calculation', Aggregation.label(alarm.calculationMethod)]] as [string, React.ReactNode][])
      : []),
    ...(alarm.totalVolume !== null
      ? ([['Total Volume', volume(alarm.totalVolume)]] as [string, React.ReactNode][])
      : []),
  ];
  const top = sourceSummary(sources.data ?? []);

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap gap-2">
        {onZoom ? (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => onZoom(alarm)}>
            Zoom to Alarm
          </button>
        ) : (
          <Link className="btn btn-sm btn-outline" to={`/alarm/${alarm.encodedId}`}>
            Zoom to Alarm
          </Link>
        )}
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setHistory(true)}>
          Workflow History
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" aria-label="Alarm summary">
        {summary.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-base-content/70">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {emission && (
        <section aria-labelledby="alarm-sources" className="text-sm">
          <h3 id="alarm-sources" className="mb-1 font-semibold">
            Top Contributing Sources
          </h3>
          {sources.isPending ? (
            <Spinner label="Loading sources" />
          ) : top.first === null ? (
            <p className="text-base-content/70">No sources were attributed to this alarm.</p>
          ) : (
            <p>
              <span className="font-medium">{top.first.sourceName}</span>
              {top.tooltip.length > 0 && (
                <span className="tooltip" data-tip={top.tooltip.map((s) => s.sourceName).join(', ')}>
                  <span className="ml-2 badge badge-sm badge-ghost">{`+${top.tooltip.length}`}</span>
                </span>
              )}
              {top.others > 0 && <span className="ml-2 text-base-content/70">{`${top.others} Other Sources`}</span>}
            </p>
          )}
        </section>
      )}
      {workflow.isPending ? (
        <Spinner label="Loading workflow" />
      ) : workflow.error ? (
        <LoadError message={workflow.error.message} onRetry={() => void workflow.refetch()} />
      ) : (
        <AlarmWorkflow
          workflow={workflow.data}
          alarmType={alarm.alarmType}
          organizationId={organizationId}
          onDirtyChange={onDirtyChange}
        />
      )}
      <AlarmComments alarmId={alarm.id} organizationId={organizationId} comments={alarm.alarmComments} />
      <AuditHistoryDialog
        entity="workflow"
        id={history ? alarm.workflowId : null}
        organizationId={organizationId}
        title="Workflow History"
        onClose={() => setHistory(false)}
      />
    </div>
  );
}
