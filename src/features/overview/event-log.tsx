// The overview's event log (spec 3 §2): tabs Alarms and Inspections, each the most recent 100 of the sites in the
// filter over the range. An alarm opens its flyout; an inspection opens Add or Edit Inspection. Users who may record
// inspections get Add Inspection and Create Inspections.
import { useId, useRef, type KeyboardEvent } from 'react';
import type { Alarm } from '@/contracts/alarm';
import type { InspectionListItem } from '@/contracts/inspection';
import { alarmTitle } from '@/domain/alarm';
import { EVENT_LOG_TOP, NO_ALARMS } from '@/domain/emission';
import { formatDateTime } from '@/domain/format';
import { INSPECTION_MESSAGES, InspectionType, inspectionTypeLabel, surveyTypeLabel } from '@/domain/inspection';
import { LevelBadge } from '@/entities/alarm/alarm-slide-out';
import { Icon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import { Card } from './overview-widgets';
import { SiteDashboardLink } from '@/entities/site/site-links';
import { DAY_MS } from '@/domain/chart-data';

export const EVENT_LOG_TABS = ['Alarms', 'Inspections'] as const;
export type EventLogTab = (typeof EVENT_LOG_TABS)[number];

interface EventLogProps {
  tab: EventLogTab;
  onTab: (tab: EventLogTab) => void;
  alarms: readonly Alarm[] | undefined;
  alarmsLoading: boolean;
  inspections: readonly InspectionListItem[] | undefined;
  inspectionsLoading: boolean;
  timeZone: string;
  timeFormat: '12-hr' | '24-hr';
  units: Ch4Units;
  canRecord: boolean;
  onOpen: (a: Alarm) => void;
  onOpenInspection: (i: InspectionListItem) => void;
  onAddInspection: () => void;
  onCreateInspections: () => void;
}

export function EventLog(p: EventLogProps) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between the tabs (and select them), Home and End go to the first and last.
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = EVENT_LOG_TABS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    p.onTab(EVENT_LOG_TABS[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <Card
      title="Event Log"
      actions={<span className="badge badge-ghost">{`${p.tab} · Most Recent ${EVENT_LOG_TOP}`}</span>}
    >
      <div className="flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label="Event log" className="tabs tabs-border grow">
          {EVENT_LOG_TABS.map((t, index) => (
            <button
              key={t}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-${t}-tab`}
              aria-selected={p.tab === t}
              aria-controls={`${id}-${t}-panel`}
              tabIndex={p.tab === t ? 0 : -1}
              className={`tab text-base-content opacity-100 ${p.tab === t ? 'tab-active font-semibold' : ''}`}
              onClick={() => p.onTab(t)}
              onKeyDown={(e) => onKey(e, index)}
            >
              {t}
            </button>
          ))}
        </div>
        {p.tab === 'Inspections' && p.canRecord && (
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm btn-outline" onClick={p.onCreateInspections}>
              Create Inspections
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={p.onAddInspection}>
              Add Inspection
            </button>
          </div>
        )}
      </div>
      <div role="tabpanel" id={`${id}-${p.tab}-panel`} aria-labelledby={`${id}-${p.tab}-tab`}>
        {p.tab === 'Alarms' ? <AlarmList {...p} /> : <InspectionList {...p} />}
      </div>
    </Card>
  );
}

function AlarmList({ alarms, alarmsLoading, timeZone, timeFormat, onOpen }: EventLogProps) {
  if (alarmsLoading && !alarms) return <Spinner />;
  if (!alarms || alarms.length === 0) return <p className="py-2 text-sm text-base-content/70">{NO_ALARMS}</p>;
  return (
    <ul className="max-h-96 divide-y divide-base-200 overflow-auto" aria-label="Alarms">
      {alarms.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            className="flex w-full items-center gap-2 px-1 py-2 text-left hover:bg-base-200"
            onClick={() => onOpen(a)}
          >
            <LevelBadge level={a.level} />
            <span className="grow">
              <span className="block text-sm font-medium">{a.siteName}</span>
              <span className="block text-xs text-base-content/80">{`${alarmTitle(a)} · ${formatDateTime(a.startTime, timeZone, timeFormat)}`}</span>
            </span>
            {a.alarmComments.length > 0 && (
              <span className="badge badge-sm" aria-label={`${a.alarmComments.length} comments`}>
                {a.alarmComments.length}
              </span>
            )}
            {a.workflowResolvedAt && (
              <span className="text-success" title="Resolved">
                <Icon name="check" />
                <span className="sr-only">Resolved</span>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

function InspectionList({
  inspections,
  inspectionsLoading,
  timeZone,
  timeFormat,
  units,
  onOpenInspection,
}: EventLogProps) {
  if (inspectionsLoading && !inspections) return <Spinner label="Loading inspections" />;
  if (!inspections || inspections.length === 0)
    return <p className="py-2 text-sm text-base-content/70">{INSPECTION_MESSAGES.noInspections}</p>;
  return (
    <ul className="max-h-96 divide-y divide-base-200 overflow-auto" aria-label="Inspections">
      {inspections.map((i) => {
        const kind =
          i.type === InspectionType.Survey && i.surveyType !== null
            ? `${inspectionTypeLabel(i.type)} · ${surveyTypeLabel(i.surveyType)}`
            : inspectionTypeLabel(i.type);
        return (
          <li key={i.id} className="flex items-center">
            <button
              type="button"
              className="flex min-w-0 grow items-center gap-2 px-1 py-2 text-left hover:bg-base-200"
              onClick={() => onOpenInspection(i)}
            >
              <span
                className={`badge badge-sm w-24 shrink-0 whitespace-nowrap ${i.type === InspectionType.Aerial ? 'badge-info' : 'badge-ghost'}`}
              >
                {kind}
              </span>
              <span className="grow">
                <span className="block text-sm font-medium">{i.siteName}</span>
                <span className="block text-xs text-base-content/80">{`${formatDateTime(i.time, timeZone, timeFormat)}${i.sourceName ? ` · ${i.sourceName}` : ''}`}</span>
              </span>
              {i.detectionFound ? (
                <span className="text-right text-sm tabular-nums">
                  <span className="badge badge-warning badge-sm">Detection</span>
                  {i.emissionRate !== null && <span className="block text-xs">{units.formatRate(i.emissionRate)}</span>}
                </span>
              ) : (
                <span className="badge badge-success badge-outline badge-sm">No detection</span>
              )}
              {i.hasImage && <span className="badge badge-outline badge-sm">Image</span>}
            </button>
            {/* The site's dashboard around the inspection: a day either side. */}
            <SiteDashboardLink
              siteId={i.siteId}
              siteName={i.siteName}
              range={{ start: Date.parse(i.time) - DAY_MS, end: Math.min(Date.now(), Date.parse(i.time) + DAY_MS) }}
            />
          </li>
        );
      })}
    </ul>
  );
}
