// The overview's monthly emissions (spec 3 §2): about three months back, stepping a month at a time but never into the
// future, with the projection of the month under way and the targets; 'View Historical Data' opens Emission Analytics.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  canStepTrendForward,
  FUTURE_TOOLTIP,
  NO_EMISSIONS,
  OVERVIEW_MONTHS,
  stepTrendEnd,
  trendWindow,
} from '@/domain/emission';
import type { SiteFilter } from '@/domain/site-filter';
import { PeriodBarChart } from '@/ui/chart/period-bar-chart';
import { Spinner } from '@/ui/spinner';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import { useMonthlyTotals } from './api';
import { Card } from './overview-widgets';

export function MonthlyChart({
  organizationId,
  filter,
  timeZone,
  units,
  now,
}: {
  organizationId: number;
  filter: SiteFilter;
  timeZone: string;
  units: Ch4Units;
  now: number;
}) {
  const [end, setEnd] = useState(now);
  const window = useMemo(() => trendWindow('Monthly', OVERVIEW_MONTHS, end, now, timeZone), [end, now, timeZone]);
  const totals = useMonthlyTotals(
    { organizationId, filter, start: window.startTime, end: window.endTime },
    timeZone,
    window.endTimeIsInCurrentPeriod,
  );
  const rows = totals.data ?? [];
  const forward = canStepTrendForward('Monthly', end, now, timeZone);
  const empty = rows.every((r) => r.totalEmissions === 0);
  return (
    <Card
      title="Monthly Emissions"
      actions={
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            aria-label="Previous month"
            onClick={() => setEnd(stepTrendEnd('Monthly', end, -1, now, timeZone))}
          >
            ‹
          </button>
          <span className={forward ? '' : 'tooltip tooltip-left'} data-tip={forward ? undefined : FUTURE_TOOLTIP}>
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              aria-label={forward ? 'Next month' : `Next month: ${FUTURE_TOOLTIP}`}
              disabled={!forward}
              onClick={() => setEnd(stepTrendEnd('Monthly', end, 1, now, timeZone))}
            >
              ›
            </button>
          </span>
          <Link className="btn btn-sm btn-outline" to={`/emissionAnalytics?organizationId=${organizationId}`}>
            View Historical Data
          </Link>
        </div>
      }
    >
      {totals.isPending ? (
        <Spinner />
      ) : totals.isError ? (
        <p role="alert" className="alert alert-error">
          {totals.error.message}
        </p>
      ) : empty ? (
        <p className="text-sm text-base-content/70">{NO_EMISSIONS}</p>
      ) : (
        <PeriodBarChart
          label="Monthly CH4 emissions"
          categories={rows.map((r) => `${r.periodName} ${r.year}`)}
          stacks={[{ name: 'Emissions', color: '#0e7490', values: rows.map((r) => units.volume(r.totalEmissions)) }]}
          lines={[
            {
              name: 'Target',
              color: '#dc2626',
              values: rows.map((r) => (r.targetEmissions === null ? null : units.volume(r.targetEmissions))),
            },
          ].filter((l) => l.values.some((v) => v !== null))}
          projection={{
            name: 'Projected',
            color: '#7c3aed',
            values: rows.map((r) => (r.projectedEmissions === null ? null : units.volume(r.projectedEmissions))),
          }}
          formatValue={(v) => `${Math.round(v).toLocaleString('en-US')} ${units.volumeLabel}`}
          height={220}
        />
      )}
    </Card>
  );
}
