// Emission Analytics (spec 3 §2, §4, §9): the site filter, period type and periods visible, back and forward by a
// period (never into the future), and three widgets over the window: Emission Trends, Site Performance and the Source
// Category treemap. Requests wait for the inputs to rest 500 ms; periods are cut in the user's time zone.
import { useEffect, useMemo, useState } from 'react';
import {
  BUCKET_INTERVALS,
  canStepTrendForward,
  DEFAULT_BUCKET,
  defaultPeriodsVisible,
  EMISSIONS_DEBOUNCE_MS,
  FUTURE_TOOLTIP,
  periodsVisibleOptions,
  STACK_BY,
  stepTrendEnd,
  trendWindow,
  type BucketInterval,
  type StackBy,
} from '@/domain/emission';
import { formatDateTime } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { SiteFilterBar } from '@/entities/site/site-filter-bar';
import { useSiteFilter } from '@/entities/site/use-site-filter';
import { Spinner } from '@/ui/spinner';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useDebounced } from '@/ui/hooks/use-debounced';
import { useGrouped, useRollups, useStatuses, useTotals, type TrendRequest } from './api';
import { CategoryTreemap } from './category-treemap';
import { SitePerformance } from './site-performance';
import { TargetsDialog } from './targets-dialog';
import { TrendsChart } from './trends-chart';

export default function EmissionAnalyticsPage() {
  const { organization, user } = useSession();
  const organizationId = organization?.id ?? 0;
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const canEditTargets = useHasPermission(Permission.EmissionTargetEdit);
  const units = useCh4Units();
  const [filter, setFilter] = useSiteFilter();
  const [bucket, setBucket] = useState<BucketInterval>(DEFAULT_BUCKET);
  const [periods, setPeriods] = useState(defaultPeriodsVisible(DEFAULT_BUCKET));
  const [end, setEnd] = useState(() => Date.now());
  const [stackBy, setStackBy] = useState<StackBy>('None');
  const [normalized, setNormalized] = useState(false);
  const [baseline, setBaseline] = useState(false);
  const [targetsOpen, setTargetsOpen] = useState(false);
  // The end time resets to now when the organization changes (spec 3 §4).
  useEffect(() => setEnd(Date.now()), [organizationId]);
  const now = useMemo(() => Math.max(Date.now(), end), [end]);
  const window = trendWindow(bucket, periods, end, now, timeZone);
  const inputs: TrendRequest = {
    organizationId,
    filter,
    bucket,
    startTime: window.startTime,
    endTime: window.endTime,
    endTimeIsInCurrentPeriod: window.endTimeIsInCurrentPeriod,
    timeZone,
  };
  const request = useDebounced(inputs, EMISSIONS_DEBOUNCE_MS);
  const totals = useTotals(request);
  const grouped = useGrouped(request, stackBy);
  const statuses = useStatuses(request);
  const rollups = useRollups(request);
  const siteCount = statuses.data?.length ?? 0;
  const oneSite = siteCount === 1;
  // Normalized Rate is forced off with one site in scope; Site Baseline needs exactly one.
  const showNormalized = normalized && !oneSite;
  const showBaseline = baseline && oneSite;
  const forward = canStepTrendForward(bucket, end, now, timeZone);
  // The inputs moved on (debounce pending) or the answers are the previous ones.
  const stale =
    JSON.stringify(inputs) !== JSON.stringify(request) ||
    totals.isPlaceholderData ||
    (stackBy !== 'None' && grouped.isPlaceholderData);

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
        <div className="flex flex-wrap items-center gap-3">
          <SiteFilterBar filter={filter} onChange={setFilter} />
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <select
              className="select select-sm w-36"
              aria-label="Period type"
              value={bucket}
              onChange={(e) => {
                const next = e.target.value as BucketInterval;
                setBucket(next);
                setPeriods(defaultPeriodsVisible(next));
              }}
            >
              {BUCKET_INTERVALS.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
            <select
              className="select select-sm w-36"
              aria-label="Periods visible"
              value={periods}
              onChange={(e) => setPeriods(Number(e.target.value))}
            >
              {periodsVisibleOptions(bucket).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
            <div className="join">
              <button
                type="button"
                className="btn btn-sm join-item"
                aria-label="Previous period"
                onClick={() => setEnd(stepTrendEnd(bucket, end, -1, Date.now(), timeZone))}
              >
                ‹
              </button>
              <span className={forward ? '' : 'tooltip tooltip-left'} data-tip={forward ? undefined : FUTURE_TOOLTIP}>
                <button
                  type="button"
                  className="btn btn-sm join-item"
                  aria-label={forward ? 'Next period' : `Next period: ${FUTURE_TOOLTIP}`}
                  disabled={!forward}
                  onClick={() => setEnd(stepTrendEnd(bucket, end, 1, Date.now(), timeZone))}
                >
                  ›
                </button>
              </span>
            </div>
          </div>
        </div>
        <p className="text-sm text-base-content/80" aria-live="polite">
          {`${formatDateTime(window.startTime, timeZone, timeFormat)} – ${formatDateTime(window.endTime, timeZone, timeFormat)} (${timeZone})`}
        </p>
        {[totals, grouped, statuses, rollups].find((q) => q.isError) && (
          <p role="alert" className="alert alert-error">
            {[totals, grouped, statuses, rollups].find((q) => q.isError)!.error!.message}
          </p>
        )}
        <section className="card min-w-0 border border-base-300 bg-base-100" aria-label="Emission Trends">
          <div className="card-body gap-3 p-4">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="card-title grow text-base">Emission Trends</h2>
              <label className="flex items-center gap-2 text-sm">
                Stack by
                <select
                  className="select select-sm w-40"
                  aria-label="Stack by"
                  value={stackBy}
                  onChange={(e) => setStackBy(e.target.value as StackBy)}
                >
                  {STACK_BY.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </select>
              </label>
              <label
                className={`flex items-center gap-2 text-sm ${oneSite ? 'tooltip' : ''}`}
                data-tip={oneSite ? 'Needs more than one site in scope' : undefined}
              >
                <input
                  type="checkbox"
                  className="toggle toggle-sm"
                  checked={showNormalized}
                  disabled={oneSite}
                  onChange={(e) => setNormalized(e.target.checked)}
                />
                Normalized Rate
              </label>
              <label
                className={`flex items-center gap-2 text-sm ${oneSite ? '' : 'tooltip'}`}
                data-tip={oneSite ? undefined : 'Choose exactly one site to show its baseline'}
              >
                <input
                  type="checkbox"
                  className="toggle toggle-sm"
                  checked={showBaseline}
                  disabled={!oneSite}
                  onChange={(e) => setBaseline(e.target.checked)}
                />
                Site Baseline
              </label>
            </div>
            {totals.isPending || (stackBy !== 'None' && grouped.isPending) ? (
              <Spinner />
            ) : (
              // While new periods load, the previous chart stays (dimmed) so the page does not jump.
              <div className={`relative ${stale ? 'opacity-50' : ''}`} aria-busy={stale}>
                <TrendsChart
                  totals={totals.data ?? []}
                  grouped={grouped.data}
                  stackBy={stackBy}
                  showBaseline={showBaseline}
                  showNormalized={showNormalized}
                  units={units}
                />
                {stale && (
                  <span className="loading loading-spinner loading-md absolute left-1/2 top-1/3" aria-label="Loading" />
                )}
              </div>
            )}
          </div>
        </section>
        <div className="grid gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section className="card min-w-0 border border-base-300 bg-base-100" aria-label="Site Performance">
            <div className="card-body gap-2 p-4">
              <h2 className="card-title text-base">Site Performance</h2>
              <SitePerformance
                rows={statuses.data}
                loading={statuses.isPending}
                error={
                  statuses.isError ? { message: statuses.error.message, retry: () => void statuses.refetch() } : null
                }
                units={units}
                period={{ start: request.startTime, end: Math.min(request.endTime, now) }}
              />
            </div>
          </section>
          <section className="card min-w-0 border border-base-300 bg-base-100" aria-label="Source Category Performance">
            <div className="card-body gap-2 p-4">
              <h2 className="card-title text-base">Source Category Performance</h2>
              {rollups.isPending ? <Spinner /> : <CategoryTreemap rollups={rollups.data ?? []} units={units} />}
            </div>
          </section>
        </div>
      </div>
      {targetsOpen && <TargetsDialog organizationId={organizationId} onClose={() => setTargetsOpen(false)} />}
    </>
  );
}
