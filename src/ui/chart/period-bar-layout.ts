// The period bar chart's drawing as a pure function of what it shows and its size (as the time-series chart's uPlot
// options are): the axes' nice tops and ticks, each period's slot with its stacked bars, projection outline and
// label, the lines broken at missing values, and the legend. PeriodBarChart only turns this into SVG.
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

/** A period's projected full total, drawn as a dashed outline behind its bar. */
export interface BarProjection {
  name: string;
  color: string;
  values: readonly (number | null)[];
}

export interface PeriodBarInput {
  width: number;
  height: number;
  categories: readonly string[];
  stacks: readonly BarStack[];
  lines: readonly ChartLine[];
  projection?: BarProjection;
  /** The y axis never tops out below this (spec 3 §9: 5, the rate axis 1). */
  minYMax: number;
  minRightMax: number;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const PAD = { left: 84, right: 64, top: 10, bottom: 40 };
const TICKS = 5;

/** The axis top: the value rounded up to 1, 2, 2.5, 5 or 10 times a power of ten. */
export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const m = v / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * p;
}

const present = (v: number | null | undefined): v is number => v !== null && v !== undefined;

export function periodBarLayout(p: PeriodBarInput) {
  const { width: W, height, categories, stacks, lines, projection } = p;
  const n = categories.length;
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
  const yMax = niceMax(Math.max(top, p.minYMax));
  const rightMax = niceMax(Math.max(right, p.minRightMax));

  const plotW = W - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = n > 0 ? plotW / n : plotW;
  // Bars fill 60% of their slot but never drop under 5% of the plot width.
  const barW = Math.min(slot * 0.9, Math.max(slot * 0.6, plotW * 0.05));
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const labelEvery = Math.max(1, Math.ceil(44 / slot));
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;
  const yr = (v: number) => PAD.top + plotH - (v / rightMax) * plotH;
  const bar = (from: number, to: number, i: number): Rect => ({
    x: x(i) - barW / 2,
    y: y(to),
    width: barW,
    height: Math.max(0, y(from) - y(to)),
  });

  const periods = categories.map((c, i) => {
    let base = 0;
    const bars = stacks.map((s) => {
      const v = s.values[i] ?? 0;
      const r = { name: s.name, color: s.color, ...bar(base, base + v, i) };
      base += v;
      return r;
    });
    const projected = projection?.values[i];
    // 'Mar 2026' shows as 'Mar' over '2026', so a dozen periods fit side by side; a month of days labels every few.
    const words = c.split(' ');
    return {
      key: `${c}-${i}`,
      x: x(i),
      slot: { x: PAD.left + slot * i, y: PAD.top, width: slot, height: plotH },
      bars,
      projection: present(projected) ? bar(0, projected, i) : null,
      label:
        i % labelEvery === 0
          ? { text: words.slice(0, -1).join(' ') || c, under: words.length > 1 ? words.at(-1)! : null }
          : null,
    };
  });

  return {
    yMax,
    rightMax,
    hasRight: lines.some((l) => l.rightAxis),
    plot: { left: PAD.left, right: W - PAD.right, labelY: height - 24 },
    ticks: Array.from({ length: TICKS + 1 }, (_, k) => ({
      value: (yMax * k) / TICKS,
      y: y((yMax * k) / TICKS),
      right: (rightMax * k) / TICKS,
    })),
    periods,
    lines: lines.map((l) => {
      const at = (v: number, i: number) => ({ cx: x(i), cy: l.rightAxis ? yr(v) : y(v) });
      const segments: string[][] = [[]];
      l.values.forEach((v, i) => {
        if (v === null) segments.push([]);
        else segments[segments.length - 1]!.push(`${at(v, i).cx},${at(v, i).cy}`);
      });
      return {
        line: l,
        segments: segments.filter((s) => s.length > 1).map((s) => s.join(' ')),
        dots: l.values.flatMap((v, i) => (v === null ? [] : [{ i, ...at(v, i) }])),
      };
    }),
    legend: [
      ...stacks.map((s) => ({ name: s.name, color: s.color, line: false, dashed: false })),
      ...(projection && projection.values.some((v) => v !== null)
        ? [{ name: projection.name, color: projection.color, line: true, dashed: true }]
        : []),
      ...lines.map((l) => ({ name: l.name, color: l.color, line: true, dashed: l.dashed ?? false })),
    ],
  };
}

export type PeriodBarLayout = ReturnType<typeof periodBarLayout>;
