// Pictures of uptime: the by-period bar chart (share of devices up per 6-hour period, height 100) and the per-device
// strip of period statuses drawn in a grid cell. Plain SVG: a few hundred rectangles need no chart library.
import type { UptimeOverview, UptimeRow } from '@/contracts/uptime';
import { formatDateTime } from '@/domain/format';
import { UPTIME_CHART_HEIGHT } from '@/domain/uptime';

const STATUS_FILL = {
  Up: 'var(--color-success)',
  Down: 'var(--color-error)',
  'Not applicable': 'var(--color-base-300)',
} as const;

export function UptimeByPeriodChart({
  overview,
  tz,
  format,
}: {
  overview: UptimeOverview | undefined;
  tz: string;
  format: '12-hr' | '24-hr';
}) {
  const periods = overview?.uptimeByPeriod ?? [];
  const judged = periods.filter((p) => p.summary.uptimePercentage !== null);
  const width = Math.max(1, periods.length);
  return (
    <figure className="relative rounded-box border border-base-300 bg-base-100 p-3">
      <figcaption className="mb-1 text-sm font-semibold">Uptime by period</figcaption>
      <svg
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="block w-full"
        style={{ height: UPTIME_CHART_HEIGHT }}
        role="img"
        aria-label={`Share of devices up in each of ${periods.length} six-hour periods`}
      >
        <rect x="0" y="0" width={width} height="100" fill="var(--color-base-200)" />
        {periods.map((p, i) => {
          const pct = p.summary.uptimePercentage;
          if (pct === null) return null;
          return (
            <rect
              key={p.time}
              x={i + 0.1}
              y={100 - pct}
              width={0.8}
              height={pct}
              fill={pct >= 90 ? 'var(--color-success)' : pct >= 70 ? 'var(--color-warning)' : 'var(--color-error)'}
            >
              <title>{`${formatDateTime(p.time, tz, format)}: ${pct.toFixed(1)}% up (${p.summary.upCount} up, ${p.summary.downCount} down)`}</title>
            </rect>
          );
        })}
      </svg>
      {judged.length > 0 && (
        <div className="mt-1 flex justify-between text-xs text-base-content/70">
          <span>{formatDateTime(periods[0]!.time, tz, format)}</span>
          <span>{formatDateTime(periods[periods.length - 1]!.time, tz, format)}</span>
        </div>
      )}
      {overview && judged.length === 0 && (
        <div className="absolute inset-0 flex items-center justify-center text-sm text-base-content/70">
          No uptime data for this selection
        </div>
      )}
    </figure>
  );
}

export function StatusStrip({ row }: { row: UptimeRow }) {
  const n = Math.max(1, row.values.length);
  return (
    <svg
      viewBox={`0 0 ${n} 10`}
      preserveAspectRatio="none"
      className="block h-4 w-full min-w-40"
      role="img"
      aria-label={`${row.deviceName}: ${row.summary.upCount} periods up, ${row.summary.downCount} down`}
    >
      {row.values.map((v, i) => (
        <rect key={v.time} x={i} y={0} width={1.02} height={10} fill={STATUS_FILL[v.upStatus]} />
      ))}
    </svg>
  );
}
