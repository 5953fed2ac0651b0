// Overview (spec 3 §2 'Overview dashboard'): the landing page. A quick range (last30Days by default, remembered), the
// site filter and the heat map / scatterplot toggle drive every widget: the emissions map, the normalized rate, the
// on-spec ratio, emissions by site and by source category, the monthly chart and the event log.
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Alarm } from '@/contracts/alarm';
import type { SiteEmissionStatusRow } from '@/contracts/emission';
import { Permission } from '@/domain/permissions';
import {
  DEFAULT_OVERVIEW_RANGE,
  OVERVIEW_RANGE_DAYS,
  OVERVIEW_RANGE_LABELS,
  OVERVIEW_RANGES,
  type OverviewRange,
} from '@/domain/emission';
import { useNavigate } from 'react-router';
import { AlarmSlideOut } from '@/entities/alarm/alarm-slide-out';
import { CreateInspectionsDialog } from '@/entities/inspection/create-inspections-dialog';
import { InspectionDialog } from '@/entities/inspection/inspection-dialog';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { SiteFilterBar } from '@/entities/site/site-filter-bar';
import { useSiteFilter } from '@/entities/site/use-site-filter';
import { overviewMapModeAtom, overviewRangeAtom, useAtom } from '@/ui/state';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useEmissionRollups, useNormalizedRate, useRecentAlarms, useRecentInspections, useSiteStatuses } from './api';
import { EventLog, type EventLogTab } from './event-log';
import { MonthlyChart } from './monthly-chart';
import { CategoriesTable, NormalizedRateCard, OnSpecCard, SitesTable } from './overview-widgets';
import { siteDashboardPath } from '@/entities/site/site-links';

const MINUTE = 60_000;

// The map's code (MapLibre, deck.gl) loads beside the page's requests, not before them (issue 25 'Screen speed').
const EmissionsMap = lazy(() => import('./emissions-map').then((m) => ({ default: m.EmissionsMap })));

export default function OverviewPage() {
  const { organization, user } = useSession();
  const organizationId = organization?.id ?? 0;
  const { ianaTimezoneId: timeZone, timeFormat, limits } = user.userSettings;
  const [storedRange, setRange] = useAtom(overviewRangeAtom);
  const range: OverviewRange = (OVERVIEW_RANGES as readonly string[]).includes(storedRange)
    ? (storedRange as OverviewRange)
    : DEFAULT_OVERVIEW_RANGE;
  const [mode, setMode] = useAtom(overviewMapModeAtom);
  const [filter, setFilter] = useSiteFilter();
  const [openAlarm, setOpenAlarm] = useState<Alarm | null>(null);
  const navigate = useNavigate();
  const [eventTab, setEventTab] = useState<EventLogTab>('Alarms');
  // An inspection open in Add or Edit Inspection (id null: a new one), and whether Create Inspections is open.
  const [openInspection, setOpenInspection] = useState<{ id: number | null } | null>(null);
  const [creatingInspections, setCreatingInspections] = useState(false);
  // The spec names no permission for recording inspections; SiteEdit, as on the server (README).
  const canRecordInspections = useHasPermission(Permission.SiteEdit);
  const units = useCh4Units();
  // The window is fixed when the range is chosen (to the minute), so its queries are cached, not re-sent each render.
  const now = useMemo(() => Math.floor(Date.now() / MINUTE) * MINUTE, []);
  const days = OVERVIEW_RANGE_DAYS[range];
  const window = { organizationId, filter, start: now - days * 86_400_000, end: now };
  const rollups = useEmissionRollups(window);
  const statuses = useSiteStatuses(window);
  const normalized = useNormalizedRate(window, timeZone);
  const alarms = useRecentAlarms(window);
  const inspections = useRecentInspections(window);
  const failed = [rollups, statuses, normalized, alarms, inspections].find((q) => q.isError)?.error;
  // A site in the map or the table opens its dashboard over the overview's range (spec 3 §2).
  const openSite = (site: SiteEmissionStatusRow) =>
    void navigate(siteDashboardPath(site.siteId, { start: window.start, end: window.end }));

  return (
    <>
      <PageHeader title="Overview">
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Date range</span>
          <select
            className="select select-sm"
            aria-label="Date range"
            value={range}
            onChange={(e) => setRange(e.target.value)}
          >
            {OVERVIEW_RANGES.map((r) => (
              <option key={r} value={r}>
                {OVERVIEW_RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
      </PageHeader>
      <div className="grid gap-4 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <SiteFilterBar filter={filter} onChange={setFilter} />
          <div role="radiogroup" aria-label="Map display" className="join ml-auto">
            {(['heat', 'scatter'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={mode === m}
                className={`btn btn-sm join-item ${mode === m ? 'btn-primary' : 'btn-outline'}`}
                onClick={() => setMode(m)}
              >
                {m === 'heat' ? 'Heat Map' : 'Scatterplot'}
              </button>
            ))}
          </div>
        </div>
        {failed && (
          <p role="alert" className="alert alert-error">
            {failed.message}
          </p>
        )}
        <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Suspense fallback={<div className="skeleton h-[420px] w-full rounded-box" aria-hidden="true" />}>
            <EmissionsMap
              sites={statuses.data ?? []}
              mode={mode}
              days={days}
              maxVolumePerDay={limits.ch4MaxVolumePerDay}
              onSelect={openSite}
            />
          </Suspense>
          <div className="grid content-start gap-4">
            <NormalizedRateCard data={normalized.data} loading={normalized.isPending} units={units} />
            <OnSpecCard statuses={statuses.data} loading={statuses.isPending} />
          </div>
        </div>
        <div className="grid gap-4 xl:grid-cols-2">
          <SitesTable statuses={statuses.data} loading={statuses.isPending} units={units} onOpen={openSite} />
          <CategoriesTable rollups={rollups.data} loading={rollups.isPending} units={units} />
        </div>
        <div className="grid gap-4 xl:grid-cols-2">
          <MonthlyChart organizationId={organizationId} filter={filter} timeZone={timeZone} units={units} now={now} />
          <EventLog
            tab={eventTab}
            onTab={setEventTab}
            alarms={alarms.data}
            alarmsLoading={alarms.isPending}
            inspections={inspections.data}
            inspectionsLoading={inspections.isPending}
            timeZone={timeZone}
            timeFormat={timeFormat}
            units={units}
            canRecord={canRecordInspections}
            onOpen={setOpenAlarm}
            onOpenInspection={(i) => setOpenInspection({ id: i.id })}
            onAddInspection={() => setOpenInspection({ id: null })}
            onCreateInspections={() => setCreatingInspections(true)}
          />
        </div>
      </div>
      {openAlarm && <AlarmSlideOut encodedId={openAlarm.encodedId} onClose={() => setOpenAlarm(null)} />}
      {openInspection && (
        <InspectionDialog
          organizationId={organizationId}
          inspectionId={openInspection.id}
          canEdit={canRecordInspections}
          onClose={() => setOpenInspection(null)}
        />
      )}
      {creatingInspections && (
        <CreateInspectionsDialog organizationId={organizationId} onClose={() => setCreatingInspections(false)} />
      )}
    </>
  );
}
