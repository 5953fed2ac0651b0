// Bars per period (stacked when there are several groups) with lines over them for projections, targets and
// baselines: the monthly overview chart and the Emission Trends chart. Drawn as SVG, since periods are categories and a
// dozen bars need no canvas; hovering or focusing a period shows its values. What goes where is periodBarLayout's.
import { useId, useMemo, useState } from 'react';
import { useElementWidth } from '../hooks/use-element-width';
import {
  periodBarLayout,
  type BarProjection,
  type BarStack,
  type ChartLine,
  type PeriodBarLayout,
} from './period-bar-layout';

interface Props {
  label: string;
  categories: readonly string[];
  stacks: readonly BarStack[];
  lines?: readonly ChartLine[];
  projection?: BarProjection;
  formatValue: (v: number) => string;
  formatRight?: (v: number) => string;
  /** The y axis never tops out below this (spec 3 §9: 5, the rate axis 1). */
  minYMax?: number;
  minRightMax?: number;
  height?: number;
  /** Clicking a period (keyboard users read the same values in the tables beside the chart). */
  onSelect?: (index: number) => void;
}

const NO_LINES: readonly ChartLine[] = [];
const AXIS_TEXT = { fontSize: '11', fill: 'currentColor', fillOpacity: '0.75' } as const;

export function PeriodBarChart({
  label,
  categories,
  stacks,
  lines = NO_LINES,
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
  const layout = useMemo(
    () => periodBarLayout({ width: W, height, categories, stacks, lines, projection, minYMax, minRightMax }),
    [W, height, categories, stacks, lines, projection, minYMax, minRightMax],
  );

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
          <Axes layout={layout} formatValue={formatValue} formatRight={formatRight ?? formatValue} />
          {layout.periods.map((period, i) => (
            <g
              key={period.key}
              onMouseEnter={() => setActive(i)}
              onClick={() => onSelect?.(i)}
              className={onSelect ? 'cursor-pointer' : undefined}
            >
              <rect {...period.slot} fill={active === i ? 'currentColor' : 'transparent'} fillOpacity={0.05} />
              {period.projection && projection && (
                <rect
                  {...period.projection}
                  fill="none"
                  stroke={projection.color}
                  strokeWidth={1.5}
                  strokeDasharray="5 3"
                />
              )}
              {period.bars.map(({ name, color, ...rect }) => (
                <rect key={name} {...rect} fill={color} />
              ))}
              {period.label && (
                <text
                  x={period.x}
                  y={layout.plot.labelY}
                  textAnchor="middle"
                  fontSize="11"
                  fill="currentColor"
                  fillOpacity="0.8"
                >
                  {period.label.text}
                  {period.label.under !== null && (
                    <tspan x={period.x} dy="13" fontSize="10" fillOpacity="0.7">
                      {period.label.under}
                    </tspan>
                  )}
                </text>
              )}
            </g>
          ))}
          {layout.lines.map(({ line, segments, dots }) => (
            <g key={line.name} pointerEvents="none">
              {segments.map((points, k) => (
                <polyline
                  key={k}
                  points={points}
                  fill="none"
                  stroke={line.color}
                  strokeWidth={2}
                  strokeDasharray={line.dashed ? '6 4' : undefined}
                />
              ))}
              {dots.map((d) => (
                <circle key={d.i} cx={d.cx} cy={d.cy} r={3} fill={line.color} />
              ))}
            </g>
          ))}
        </svg>
        {active !== null && (
          <PeriodValues
            left={Math.min(70, ((layout.periods[active]?.x ?? 0) / W) * 100)}
            index={active}
            category={categories[active]}
            stacks={stacks}
            projection={projection}
            lines={lines}
            formatValue={formatValue}
            formatRight={formatRight}
          />
        )}
      </div>
      <ul className="flex flex-wrap gap-3 text-xs" aria-label={`${label} legend`}>
        {layout.legend.map((g) => (
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

/** Grid lines with the left axis's values, and the right axis's when a line is drawn against it. */
function Axes({
  layout,
  formatValue,
  formatRight,
}: {
  layout: PeriodBarLayout;
  formatValue: (v: number) => string;
  formatRight: (v: number) => string;
}) {
  return layout.ticks.map((t, k) => (
    <g key={k}>
      <line
        x1={layout.plot.left}
        x2={layout.plot.right}
        y1={t.y}
        y2={t.y}
        stroke="currentColor"
        strokeOpacity={k === 0 ? 0.35 : 0.1}
      />
      <text x={layout.plot.left - 6} y={t.y + 4} textAnchor="end" {...AXIS_TEXT}>
        {formatValue(t.value)}
      </text>
      {layout.hasRight && (
        <text x={layout.plot.right + 6} y={t.y + 4} {...AXIS_TEXT}>
          {formatRight(t.right)}
        </text>
      )}
    </g>
  ));
}

/** The hovered period's values: each stack, the projection and each line (right-axis lines in their format). */
function PeriodValues({
  left,
  index,
  category,
  stacks,
  projection,
  lines,
  formatValue,
  formatRight,
}: {
  left: number;
  index: number;
  category: string | undefined;
  stacks: readonly BarStack[];
  projection: BarProjection | undefined;
  lines: readonly ChartLine[];
  formatValue: (v: number) => string;
  formatRight?: (v: number) => string;
}) {
  const rows: { name: string; text: string }[] = [
    ...stacks.map((s) => ({ name: s.name, text: formatValue(s.values[index] ?? 0) })),
    ...(projection && projection.values[index] !== null && projection.values[index] !== undefined
      ? [{ name: projection.name, text: formatValue(projection.values[index]) }]
      : []),
    ...lines.flatMap((l) => {
      const v = l.values[index];
      return v === null || v === undefined
        ? []
        : [{ name: l.name, text: (l.rightAxis && formatRight ? formatRight : formatValue)(v) }];
    }),
  ];
  return (
    <div
      className="pointer-events-none absolute top-1 z-10 min-w-44 rounded-box border border-base-300 bg-base-100 p-2 text-xs shadow"
      style={{ left: `${left}%` }}
      role="status"
    >
      <div className="font-semibold">{category}</div>
      {rows.map((r, i) => (
        <div key={`${i}-${r.name}`} className="flex justify-between gap-3">
          <span>{r.name}</span>
          <span className="tabular-nums">{r.text}</span>
        </div>
      ))}
    </div>
  );
}
