// Where a chart's line breaks (spec 2 §9): the rule, the series' interval it depends on, and the null samples uPlot
// needs to draw a break. The splitting itself is the compute core's kernel (asm/assembly/gaps.ts), run in the
// time-series worker.
export const MAX_GAP_MS = 120 * 60_000;

/** Median spacing of consecutive samples: the series' interval. */
export function medianInterval(times: Float64Array): number {
  if (times.length < 2) return 0;
  const diffs = new Float64Array(times.length - 1);
  for (let i = 1; i < times.length; i++) diffs[i - 1] = times[i]! - times[i - 1]!;
  diffs.sort();
  return diffs[diffs.length >> 1]!;
}

/** Lines split at gaps over 120 minutes, or over twice the interval (spec 2 §9). */
export function gapThreshold(intervalMs: number): number {
  return intervalMs > 0 ? Math.min(MAX_GAP_MS, 2 * intervalMs) : MAX_GAP_MS;
}

/**
 * The pause a drawn window may break at: the rule's, but never less than one pixel column (`pixelMs`), since the
 * window's points are the M4 of the series (up to four per column) and points of one column may lie a column apart
 * without a pause in the data.
 */
export function windowGapThreshold(intervalMs: number, pixelMs: number): number {
  return Math.max(gapThreshold(intervalMs), pixelMs);
}

/** uPlot draws a gap where a value is null: inserts one null sample after each split index. */
export function withGapNulls(
  times: Float64Array,
  values: Float32Array,
  splits: Int32Array,
): { times: number[]; values: (number | null)[] } {
  const t: number[] = [];
  const v: (number | null)[] = [];
  let s = 0;
  for (let i = 0; i < times.length; i++) {
    t.push(times[i]!);
    v.push(Number.isNaN(values[i]!) ? null : values[i]!);
    if (s < splits.length && splits[s] === i) {
      t.push((times[i]! + times[i + 1]!) / 2);
      v.push(null);
      s++;
    }
  }
  return { times: t, values: v };
}
