// Bars per period (stacked when there are several groups) with lines over them for projections, targets and
// baselines: the monthly overview chart and the Emission Trends chart. Drawn as SVG, since periods are categories and a
// dozen bars need no canvas; hovering or focusing a period shows its values.
import { useId, useMemo, useState } from 'react';
import { useElementWidth } from '../hooks/use-element-width';

export interface BarStack {
  name: string;
  color: string;
  values: readonly number[];
}

export interface ChartLine {
  name: string;
  color: string;
  values: readonly (number | null)[];
  dashed?: boolean;
  /** Drawn against the right axis (the normalized rate). */
  rightAxis?: boolean;
}

interface Props {
  label: string;
  categories: readonly string[];
  stacks: readonly BarStack[];
  lines?: readonly ChartLine[];
  /** A period's projected full total, drawn as a dashed outline behind its bar. */
  projection?: { name: string; color: string; values: readonly (number | null)[] };
  formatValue: (v: number) => string;
  formatRight?: (v: number) => string;
  /** The y axis never tops out below this (spec 3 §9: 5, the rate axis 1). */
  minYMax?: number;
  minRightMax?: number;
  height?: number;
  /** Clicking a period (keyboard users read the same values in the tables beside the chart). */
  onSelect?: (index: number) => void;
}

const PAD = { left: 84, right: 64, top: 10, bottom: 40 };
const TICKS = 5;

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const m = v / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
}

export function PeriodBarChart({
  label,
  categories,
  stacks,
  lines = [],
  projection,
  formatValue,
  formatRight,
  minYMax = 5,
  minRightMax = 1,
  height = 240,
  onSelect,
}: Props) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  // Drawn at the container's real width so labels keep their size.
  const [host, W] = useElementWidth(640, 280);
  const n = categories.length;
  const { yMax, rightMax } = useMemo(() => {
    let top = 0;
    for (let i = 0; i < n; i++)
      top = Math.max(
        top,
        stacks.reduce((s, st) => s + (st.values[i] ?? 0), 0),
      );
    for (const l of lines) if (!l.rightAxis) for (const v of l.values) if (v !== null) top = Math.max(top, v);
    for (const v of projection?.values ?? []) if (v !== null) top = Math.max(top, v);
    let right = 0;
    for (const l of lines) if (l.rightAxis) for (const v of l.values) if (v !== null) right = Math.max(right, v);
    return { yMax: niceMax(Math.max(top, minYMax)), rightMax: niceMax(Math.max(right, minRightMax)) };
  }, [n, stacks, lines, projection, minYMax, minRightMax]);
  const plotW = W - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = n > 0 ? plotW / n : plotW;
  // Bars fill 60% of their slot but never drop under 5% of the plot width.
  const barW = Math.min(slot * 0.9, Math.max(slot * 0.6, plotW * 0.05));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const labelEvery = Math.max(1, Math.ceil(44 / slot));
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;
  const yr = (v: number) => PAD.top + plotH - (v / rightMax) * plotH;
  const hasRight = lines.some((l) => l.rightAxis);
  const legend = [
    ...stacks.map((s) => ({ name: s.name, color: s.color, line: false, dashed: false })),
    ...(projection && projection.values.some((v) => v !== null)
      ? [{ name: projection.name, color: projection.color, line: true, dashed: true }]
      : []),
    ...lines.map((l) => ({ name: l.name, color: l.color, line: true, dashed: l.dashed ?? false })),
  ];

  return (
    <figure className="flex w-full flex-col gap-2" aria-labelledby={`${id}-label`}>
      <figcaption id={`${id}-label`} className="sr-only">
        {label}
      </figcaption>
      <div ref={host} className="relative w-full">
        <svg
          viewBox={`0 0 ${W} ${height}`}
          width={W}
          height={height}
          className="block max-w-full"
          role="img"
          aria-label={label}
          onMouseLeave={() => setActive(null)}
        >
          {Array.from({ length: TICKS + 1 }, (_, k) => {
            const v = (yMax * k) / TICKS;
            return (
              <g key={k}>
                <line
                  x1={PAD.left}
                  x2={W - PAD.right}
                  y1={y(v)}
                  y2={y(v)}
                  stroke="currentColor"
                  strokeOpacity={k === 0 ? 0.35 : 0.1}
                />
                <text
                  x={PAD.left - 6}
                  y={y(v) + 4}
                  textAnchor="end"
                  fontSize="11"
                  fill="currentColor"
                  fillOpacity="0.75"
                >
                  {formatValue(v)}
                </text>
                {hasRight && (
                  <text
                    x={W - PAD.right + 6}
                    y={yr((rightMax * k) / TICKS) + 4}
                    fontSize="11"
                    fill="currentColor"
                    fillOpacity="0.75"
                  >
                    {(formatRight ?? formatValue)((rightMax * k) / TICKS)}
                  </text>
                )}
              </g>
            );
          })}
          {categories.map((c, i) => {
            let base = 0;
            return (
              <g
                key={`${c}-${i}`}
                onMouseEnter={() => setActive(i)}
                onClick={() => onSelect?.(i)}
                className={onSelect ? 'cursor-pointer' : undefined}
              >
                <rect
                  x={PAD.left + slot * i}
                  y={PAD.top}
                  width={slot}
                  height={plotH}
                  fill={active === i ? 'currentColor' : 'transparent'}
                  fillOpacity={0.05}
                />
                {projection && projection.values[i] !== null && projection.values[i] !== undefined && (
                  <rect
                    x={x(i) - barW / 2}
                    y={y(projection.values[i]!)}
                    width={barW}
                    height={Math.max(0, y(0) - y(projection.values[i]!))}
                    fill="none"
                    stroke={projection.color}
                    strokeWidth={1.5}
                    strokeDasharray="5 3"
                  />
                )}
                {stacks.map((s) => {
                  const v = s.values[i] ?? 0;
                  const top = y(base + v);
                  const rect = (
                    <rect
                      key={s.name}
                      x={x(i) - barW / 2}
                      y={top}
                      width={barW}
                      height={Math.max(0, y(base) - top)}
                      fill={s.color}
                    />
                  );
                  base += v;
                  return rect;
                })}
                {/* 'Mar 2026' shows as 'Mar' over '2026', so a dozen periods fit side by side; a month of days labels every few. */}
                {i % labelEvery === 0 && (
                  <text
                    x={x(i)}
                    y={height - 24}
                    textAnchor="middle"
                    fontSize="11"
                    fill="currentColor"
                    fillOpacity="0.8"
                  >
                    {c.split(' ').slice(0, -1).join(' ') || c}
                    {c.includes(' ') && (
                      <tspan x={x(i)} dy="13" fontSize="10" fillOpacity="0.7">
                        {c.split(' ').at(-1)}
                      </tspan>
                    )}
                  </text>
                )}
              </g>
            );
          })}
          {lines.map((l) => {
            const pts = l.values.map((v, i) => (v === null ? null : `${x(i)},${l.rightAxis ? yr(v) : y(v)}`));
            const segments: string[][] = [[]];
            for (const p of pts) {
              if (p === null) segments.push([]);
              else segments[segments.length - 1]!.push(p);
            }
            return (
              <g key={l.name} pointerEvents="none">
                {segments
                  .filter((s) => s.length > 1)
                  .map((s, k) => (
                    <polyline
                      key={k}
                      points={s.join(' ')}
                      fill="none"
                      stroke={l.color}
                      strokeWidth={2}
                      strokeDasharray={l.dashed ? '6 4' : undefined}
                    />
                  ))}
                {l.values.map((v, i) =>
                  v === null ? null : <circle key={i} cx={x(i)} cy={l.rightAxis ? yr(v) : y(v)} r={3} fill={l.color} />,
                )}
              </g>
            );
          })}
        </svg>
        {active !== null && (
          <div
            className="pointer-events-none absolute top-1 z-10 min-w-44 rounded-box border border-base-300 bg-base-100 p-2 text-xs shadow"
            style={{ left: `${Math.min(70, (x(active) / W) * 100)}%` }}
            role="status"
          >
            <div className="font-semibold">{categories[active]}</div>
            {stacks.map((s) => (
              <div key={s.name} className="flex justify-between gap-3">
                <span>{s.name}</span>
                <span className="tabular-nums">{formatValue(s.values[active] ?? 0)}</span>
              </div>
            ))}
            {projection && projection.values[active] !== null && projection.values[active] !== undefined && (
              <div className="flex justify-between gap-3">
                <span>{projection.name}</span>
                <span className="tabular-nums">{formatValue(projection.values[active]!)}</span>
              </div>
            )}
            {lines.map((l) =>
              l.values[active] === null || l.values[active] === undefined ? null : (
                <div key={l.name} className="flex justify-between gap-3">
                  <span>{l.name}</span>
                  <span className="tabular-nums">
                    {(l.rightAxis && formatRight ? formatRight : formatValue)(l.values[active]!)}
                  </span>
                </div>
              ),
            )}
          </div>
        )}
      </div>
      <ul className="flex flex-wrap gap-3 text-xs" aria-label={`${label} legend`}>
        {legend.map((g) => (
          <li key={`${g.line ? 'l' : 'b'}-${g.name}`} className="flex items-center gap-1">
            {g.line ? (
              <span
                className="inline-block h-0 w-4 border-t-2"
                style={{ borderColor: g.color, borderStyle: g.dashed ? 'dashed' : 'solid' }}
              />
            ) : (
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: g.color }} />
            )}
            {g.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
