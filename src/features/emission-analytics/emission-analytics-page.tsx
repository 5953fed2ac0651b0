// Emission Analytics (spec 3 §2, §4, §9): the site filter, period type and periods visible, back and forward by a
// period (never into the future), and three widgets over the window: Emission Trends, Site Performance and the Source
// Category treemap. Requests wait for the inputs to rest 500 ms; periods are cut in the user's time zone.
import { useState, type ReactNode } from 'react';
import type { StackBy } from '@/domain/emission';
import { formatDateTime } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { PageHeader } from '@/ui/page-header';
import { PageToolbar } from '@/ui/page-toolbar';
import { useHasPermission, useSession } from '@/ui/session-context';
import { SiteFilterBar } from '@/entities/site/site-filter-bar';
import { useSiteFilter } from '@/entities/site/use-site-filter';
import { Spinner } from '@/ui/spinner';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useGrouped, useRollups, useStatuses, useTotals } from './api';
import { CategoryTreemap } from './category-treemap';
import { EmissionTrendsCard } from './emission-trends-card';
import { PeriodControls } from './period-controls';
import { SitePerformance } from './site-performance';
import { TargetsDialog } from './targets-dialog';
import { useTrendWindow } from './use-trend-window';

export default function EmissionAnalyticsPage() {
  const { organization, user } = useSession();
  const organizationId = organization?.id ?? 0;
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const canEditTargets = useHasPermission(Permission.EmissionTargetEdit);
  const units = useCh4Units();
  const [filter, setFilter] = useSiteFilter();
  const [stackBy, setStackBy] = useState<StackBy>('None');
  const [targetsOpen, setTargetsOpen] = useState(false);
  const { window, now, request, pending, controls } = useTrendWindow(organizationId, filter, timeZone);
  const totals = useTotals(request);
  const grouped = useGrouped(request, stackBy);
  const statuses = useStatuses(request);
  const rollups = useRollups(request);
  const failed = [totals, grouped, statuses, rollups].find((q) => q.isError);
  // The inputs moved on (debounce pending) or the answers are the previous ones.
  const stale = pending || totals.isPlaceholderData || (stackBy !== 'None' && grouped.isPlaceholderData);

  return (
    <>
      <PageHeader title="Emission Analytics">
        {canEditTargets && (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setTargetsOpen(true)}>
            CH4 Targets
          </button>
        )}
      </PageHeader>
      <div className="grid min-w-0 gap-4 p-4">
        <PageToolbar
          filters={<SiteFilterBar filter={filter} onChange={setFilter} />}
          actions={<PeriodControls controls={controls} />}
        />
        <p className="text-sm text-base-content/80" aria-live="polite">
          {`${formatDateTime(window.startTime, timeZone, timeFormat)} – ${formatDateTime(window.endTime, timeZone, timeFormat)} (${timeZone})`}
        </p>
        {failed && (
          <p role="alert" className="alert alert-error">
            {failed.error!.message}
          </p>
        )}
        <EmissionTrendsCard
          totals={totals.data}
          grouped={grouped.data}
          loading={totals.isPending || (stackBy !== 'None' && grouped.isPending)}
          stale={stale}
          stackBy={stackBy}
          onStackBy={setStackBy}
          oneSite={statuses.data?.length === 1}
          units={units}
        />
        <div className="grid gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <WidgetCard title="Site Performance">
            <SitePerformance
              rows={statuses.data}
              loading={statuses.isPending}
              error={
                statuses.isError ? { message: statuses.error.message, retry: () => void statuses.refetch() } : null
              }
              units={units}
              period={{ start: request.startTime, end: Math.min(request.endTime, now) }}
            />
          </WidgetCard>
          <WidgetCard title="Source Category Performance">
            {rollups.isPending ? <Spinner /> : <CategoryTreemap rollups={rollups.data ?? []} units={units} />}
          </WidgetCard>
        </div>
      </div>
      {targetsOpen && <TargetsDialog organizationId={organizationId} onClose={() => setTargetsOpen(false)} />}
    </>
  );
}

/** A widget's card, named by its heading. */
function WidgetCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card min-w-0 border border-base-300 bg-base-100" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <h2 className="card-title text-base">{title}</h2>
        {children}
      </div>
    </section>
  );
}
