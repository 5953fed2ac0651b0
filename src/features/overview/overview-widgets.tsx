// The overview's figures: the normalized CH4 emission rate with its daily trend, the on-spec sites ratio, and the
// emissions by site and by source category.
import type { EmissionRollup, NormalizedRate, SiteEmissionStatusRow } from '@/contracts/emission';
import { NO_EMISSIONS, onSpecRatio, siteEmissionStatus } from '@/domain/emission';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import { Spinner } from '@/ui/spinner';
import { STATUS_COLOURS } from './emissions-map';

export function Card({
  title,
  children,
  actions,
}: {
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title grow text-base">{title}</h2>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}

export function NormalizedRateCard({
  data,
  loading,
  units,
}: {
  data: NormalizedRate | undefined;
  loading: boolean;
  units: Ch4Units;
}) {
  const points = (data?.points ?? []).map((p) => p.normalizedRate ?? 0);
  const max = Math.max(...points, 1e-9);
  return (
    <Card title="Normalized CH4 Emission Rate">
      {loading && !data ? (
        <Spinner />
      ) : (
        <>
          <p className="text-3xl font-semibold tabular-nums">
            {data?.normalizedRate === null || data === undefined ? '–' : units.formatRate(data.normalizedRate)}
          </p>
          <p className="text-xs text-base-content/70">{`per monitored site (${data?.siteCount ?? 0} sites)`}</p>
          {points.length > 1 && (
            <svg
              viewBox={`0 0 ${points.length} 40`}
              preserveAspectRatio="none"
              className="h-12 w-full text-primary"
              role="img"
              aria-label="Daily normalized rate"
            >
              <polyline
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                vectorEffect="non-scaling-stroke"
                points={points.map((v, i) => `${i + 0.5},${38 - (v / max) * 34}`).join(' ')}
              />
            </svg>
          )}
        </>
      )}
    </Card>
  );
}

export function OnSpecCard({
  statuses,
  loading,
}: {
  statuses: readonly SiteEmissionStatusRow[] | undefined;
  loading: boolean;
}) {
  const { onSpec, withBaseline, ratio } = onSpecRatio((statuses ?? []).map((s) => s.emissionRatio));
  const offSpec = (statuses ?? []).filter((s) => siteEmissionStatus(s.emissionRatio) === 'Off-Spec').length;
  const circumference = 2 * Math.PI * 16;
  return (
    <Card title="On-Spec Sites">
      {loading && !statuses ? (
        <Spinner />
      ) : ratio === null ? (
        <p className="text-sm text-base-content/70">No site in the filter has an active baseline.</p>
      ) : (
        <div className="flex items-center gap-4">
          <svg
            viewBox="0 0 40 40"
            className="h-20 w-20 -rotate-90"
            role="img"
            aria-label={`${Math.round(ratio * 100)}% of sites on spec`}
          >
            <circle cx="20" cy="20" r="16" fill="none" stroke="rgba(220,38,38,0.85)" strokeWidth="6" />
            <circle
              cx="20"
              cy="20"
              r="16"
              fill="none"
              stroke="rgba(22,163,74,0.9)"
              strokeWidth="6"
              strokeDasharray={`${ratio * circumference} ${circumference}`}
            />
          </svg>
          <div>
            <p className="text-3xl font-semibold tabular-nums">{`${Math.round(ratio * 100)}%`}</p>
            <p className="text-xs text-base-content/70">{`${onSpec} of ${withBaseline} sites with a baseline; ${offSpec} off-spec`}</p>
          </div>
        </div>
      )}
    </Card>
  );
}

export function SitesTable({
  statuses,
  loading,
  units,
  onOpen,
}: {
  statuses: readonly SiteEmissionStatusRow[] | undefined;
  loading: boolean;
  units: Ch4Units;
  onOpen: (s: SiteEmissionStatusRow) => void;
}) {
  const rows = [...(statuses ?? [])]
    .filter((s) => s.totalVolume > 0)
    .sort((a, b) => b.totalVolume - a.totalVolume || a.siteName.localeCompare(b.siteName));
  return (
    <Card title="Emissions by Site">
      {loading && !statuses ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="text-sm text-base-content/70">{NO_EMISSIONS}</p>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="table table-sm table-pin-rows">
            <thead className="text-base-content">
              <tr>
                <th>Site</th>
                <th className="text-right">{`Volume (${units.volumeLabel})`}</th>
                <th className="text-right">{`Avg Rate (${units.rateLabel})`}</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => {
                const status = siteEmissionStatus(s.emissionRatio);
                return (
                  <tr key={s.siteId} className="hover">
                    <td>
                      <button type="button" className="link link-hover text-left" onClick={() => onOpen(s)}>
                        {s.siteName}
                      </button>
                    </td>
                    <td className="text-right tabular-nums">
                      {units.formatVolume(s.totalVolume).replace(` ${units.volumeLabel}`, '')}
                    </td>
                    <td className="text-right tabular-nums">
                      {units.formatRate(s.averageRate).replace(` ${units.rateLabel}`, '')}
                    </td>
                    <td>
                      <span className="inline-flex items-center gap-1 whitespace-nowrap text-xs">
                        <span
                          className="inline-block h-2.5 w-2.5 rounded-full"
                          style={{ background: `rgba(${STATUS_COLOURS[status].slice(0, 3).join(',')},1)` }}
                        />
                        {status}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function CategoriesTable({
  rollups,
  loading,
  units,
}: {
  rollups: readonly EmissionRollup[] | undefined;
  loading: boolean;
  units: Ch4Units;
}) {
  const byCategory = new Map<string, { volume: number; count: number }>();
  for (const r of rollups ?? []) {
    const c = byCategory.get(r.sourceCategoryName) ?? { volume: 0, count: 0 };
    byCategory.set(r.sourceCategoryName, { volume: c.volume + r.totalVolume, count: c.count + r.totalCount });
  }
  const rows = [...byCategory.entries()].sort((a, b) => b[1].volume - a[1].volume);
  const total = rows.reduce((s, [, v]) => s + v.volume, 0);
  return (
    <Card title="Emissions by Source Category">
      {loading && !rollups ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p className="text-sm text-base-content/70">{NO_EMISSIONS}</p>
      ) : (
        <table className="table table-sm">
          <thead className="text-base-content">
            <tr>
              <th>Source Category</th>
              <th className="text-right">Emissions</th>
              <th className="text-right">{`Volume (${units.volumeLabel})`}</th>
              <th className="w-1/3">Share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, v]) => (
              <tr key={name}>
                <td>{name}</td>
                <td className="text-right tabular-nums">{v.count.toLocaleString('en-US')}</td>
                <td className="text-right tabular-nums">
                  {units.formatVolume(v.volume).replace(` ${units.volumeLabel}`, '')}
                </td>
                <td>
                  <progress
                    className="progress progress-primary"
                    value={v.volume}
                    max={total}
                    aria-label={`${name} share`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
