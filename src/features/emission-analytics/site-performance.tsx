// Site Performance (spec 3 §2, §4): each site's status by its baseline ratio over the window, with volume, rates, the
// rate change from the window before and alarm counts.
import type { SiteEmissionStatusRow } from '@/contracts/emission';
import { NO_EMISSIONS, SITE_EMISSION_STATUSES, siteEmissionStatus } from '@/domain/emission';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import { SiteDashboardLink } from '@/entities/site/site-links';
import type { TimeRange } from '@/domain/date-range';
import { formatNumber } from '@/domain/format';

const STATUS_BADGE: Record<string, string> = {
  'Below Baseline': 'badge-success',
  'Above Baseline': 'badge-warning',
  'Off-Spec': 'badge-error',
  'No Baseline': 'badge-ghost',
};

function columns(units: Ch4Units, period: TimeRange): GridColumn<SiteEmissionStatusRow>[] {
  const num = (v: number | null, to: (x: number) => number) => (v === null ? null : Math.round(to(v) * 100) / 100);
  const shown = (v: number | null) => (v === null ? '' : formatNumber(v));
  return [
    // The site's dashboard over the period shown (spec 3 §2).
    {
      id: 'siteName',
      header: 'Site',
      value: (r) => r.siteName,
      hideable: false,
      cell: (r) => (
        <SiteDashboardLink siteId={r.siteId} siteName={r.siteName} range={period} className="link link-hover">
          {r.siteName}
        </SiteDashboardLink>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      value: (r) => siteEmissionStatus(r.emissionRatio),
      filterOptions: SITE_EMISSION_STATUSES,
      cell: (r) => (
        <span className={`badge badge-sm whitespace-nowrap ${STATUS_BADGE[siteEmissionStatus(r.emissionRatio)]}`}>
          {siteEmissionStatus(r.emissionRatio)}
        </span>
      ),
    },
    {
      id: 'emissionRatio',
      header: 'Of Baseline (%)',
      kind: 'number',
      align: 'right',
      value: (r) => (r.emissionRatio === null ? null : Math.round(r.emissionRatio * 100)),
    },
    {
      id: 'totalVolume',
      header: `Volume (${units.volumeLabel})`,
      kind: 'number',
      align: 'right',
      value: (r) => num(r.totalVolume, units.volume),
      cell: (r) => shown(num(r.totalVolume, units.volume)),
    },
    {
      id: 'averageRate',
      header: `Avg Rate (${units.rateLabel})`,
      kind: 'number',
      align: 'right',
      value: (r) => num(r.averageRate, units.rate),
      cell: (r) => shown(num(r.averageRate, units.rate)),
    },
    {
      id: 'baselineRate',
      header: `Baseline (${units.rateLabel})`,
      kind: 'number',
      align: 'right',
      value: (r) => num(r.baselineRate, units.rate),
      cell: (r) => shown(num(r.baselineRate, units.rate)),
    },
    {
      id: 'rateDelta',
      header: `Rate Change (${units.rateLabel})`,
      kind: 'number',
      align: 'right',
      value: (r) => (r.rateDelta === null ? null : Math.round(units.rate(r.rateDelta) * 10) / 10),
      cell: (r) => (r.rateDelta === null ? '' : `${r.rateDelta > 0 ? '+' : ''}${units.rate(r.rateDelta).toFixed(1)}`),
    },
    { id: 'hiAlarmCount', header: 'HI', kind: 'number', align: 'right', value: (r) => r.hiAlarmCount, width: 70 },
    {
      id: 'hiHiAlarmCount',
      header: 'HI-HI',
      kind: 'number',
      align: 'right',
      value: (r) => r.hiHiAlarmCount,
      width: 80,
    },
    {
      id: 'criticalAlarmCount',
      header: 'Critical',
      kind: 'number',
      align: 'right',
      value: (r) => r.criticalAlarmCount,
      width: 80,
    },
  ];
}

const QUICK: QuickFilter<SiteEmissionStatusRow>[] = [
  {
    id: 'Off-Spec',
    label: 'Off-Spec',
    title: 'Sites at 200% of their baseline or more',
    predicate: (r) => siteEmissionStatus(r.emissionRatio) === 'Off-Spec',
  },
  {
    id: 'Emitting',
    label: 'With Emissions',
    title: 'Sites with emissions in the window',
    predicate: (r) => r.totalVolume > 0,
  },
];

export function SitePerformance({
  rows,
  loading,
  error,
  units,
  period,
}: {
  rows: readonly SiteEmissionStatusRow[] | undefined;
  loading: boolean;
  error: { message: string; retry: () => void } | null;
  units: Ch4Units;
  period: TimeRange;
}) {
  return (
    <DataGrid
      label="Site Performance"
      gridKey="SitePerformanceColumnVisibility"
      columns={columns(units, period)}
      rows={rows}
      getRowId={(r) => String(r.siteId)}
      loading={loading}
      error={error}
      emptyText={NO_EMISSIONS}
      quickFilters={QUICK}
      searchPlaceholder="Search sites"
      exportName="SitePerformance"
      height="24rem"
    />
  );
}
