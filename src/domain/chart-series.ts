// Several series on one chart (spec 2 §9: 'More than 5 chart series collapse into Other'): which series keep their
// own line, and how the rest merge into one.
export const MAX_NAMED_SERIES = 5;
export const OTHER_SERIES_LABEL = 'Other';

export interface WindowSeries {
  label: string;
  /** Epoch milliseconds, ascending. */
  times: Float64Array;
  /** NaN where the series has no value. */
  values: Float32Array;
  /** The series' sampling interval in ms (for the gap rule). */
  interval: number;
  /** Where the line breaks (indices i after which it pauses), when the worker split it already. */
  splits?: Int32Array;
}

/**
 * Series with nothing in the window are left out. When more than five remain, the five with the most values in the
 * window keep their own line (ties keep the given order) and the rest merge into one 'Other' line, as the emission
 * trends stack at most five named groups before 'Other'.
 */
export function collapseSeries(series: readonly WindowSeries[], maxNamed = MAX_NAMED_SERIES): WindowSeries[] {
  const withData = series.filter((s) => s.times.length > 0);
  if (withData.length <= maxNamed) return withData;
  const ranked = withData.map((s, i) => ({ i, n: countValues(s.values) })).sort((a, b) => b.n - a.n || a.i - b.i);
  const keep = new Set(ranked.slice(0, maxNamed).map((r) => r.i));
  return [
    ...withData.filter((_, i) => keep.has(i)),
    mergeSeries(
      withData.filter((_, i) => !keep.has(i)),
      OTHER_SERIES_LABEL,
    ),
  ];
}

function countValues(values: Float32Array): number {
  let n = 0;
  for (const v of values) if (!Number.isNaN(v)) n++;
  return n;
}

/** One series from several: every time any of them has, the largest value there (NaN only where all are NaN). */
export function mergeSeries(series: readonly WindowSeries[], label: string): WindowSeries {
  const total = series.reduce((n, s) => n + s.times.length, 0);
  const times = new Float64Array(total);
  const values = new Float32Array(total);
  const at = series.map(() => 0);
  let n = 0;
  for (;;) {
    // The earliest next time across the series (a k-way merge; k is small).
    let next = Infinity;
    for (let k = 0; k < series.length; k++)
      if (at[k]! < series[k]!.times.length) next = Math.min(next, series[k]!.times[at[k]!]!);
    if (next === Infinity) break;
    let value = Number.NaN;
    for (let k = 0; k < series.length; k++) {
      const s = series[k]!;
      while (at[k]! < s.times.length && s.times[at[k]!] === next) {
        const v = s.values[at[k]!]!;
        if (!Number.isNaN(v) && !(v <= value)) value = v;
        at[k]!++;
      }
    }
    times[n] = next;
    values[n] = value;
    n++;
  }
  const intervals = series.map((s) => s.interval).filter((i) => i > 0);
  return {
    label,
    times: times.slice(0, n),
    values: values.slice(0, n),
    interval: intervals.length ? Math.min(...intervals) : 0,
  };
}

/**
 * Columns of several series on one time axis, as uPlot draws them: every time any series has, each series' value
 * there, `undefined` where the series has no point (its line joins over it), and `null` over the whole of a series'
 * gap, from its last point before to its first after. uPlot breaks a line only between the neighbours of a null, so
 * a lone null amid other series' times would leave the line drawn across the gap.
 */
export function alignColumns(
  columns: readonly { times: readonly number[]; values: readonly (number | null)[] }[],
): [number[], ...(number | null | undefined)[][]] {
  if (columns.length === 1) return [[...columns[0]!.times], [...columns[0]!.values]];
  const xs = [...new Set(columns.flatMap((c) => c.times))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const ys = columns.map((c) => {
    const y: (number | null | undefined)[] = new Array<number | null | undefined>(xs.length).fill(undefined);
    c.times.forEach((t, i) => {
      if (c.values[i] !== null) {
        y[index.get(t)!] = c.values[i];
        return;
      }
      // The gap runs between the series' own neighbours of this null.
      const from = i > 0 ? index.get(c.times[i - 1]!)! + 1 : 0;
      const to = i + 1 < c.times.length ? index.get(c.times[i + 1]!)! : xs.length;
      for (let j = from; j < to; j++) if (y[j] === undefined) y[j] = null;
    });
    return y;
  });
  return [xs, ...ys];
}
