/** Small numeric helpers mirroring the R functions DLQ relies on. */

/**
 * zoo::na.approx(x, maxgap, na.rm = FALSE) on a regular index: interior runs of NaN of
 * length <= maxGap are filled linearly; leading/trailing NaN stay.
 */
export function naApprox(x: Float64Array, maxGap = Infinity): Float64Array {
  const out = Float64Array.from(x);
  let prev = -1;
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i]!)) continue;
    const gap = i - prev - 1;
    if (prev >= 0 && gap > 0 && gap <= maxGap) {
      const a = x[prev]!;
      const b = x[i]!;
      for (let k = prev + 1; k < i; k++) out[k] = a + ((b - a) * (k - prev)) / (i - prev);
    }
    prev = i;
  }
  return out;
}

/** Median of the non-NaN values (R median(na.rm = TRUE)); NaN when none. */
export function nanMedian(values: number[]): number {
  const v = values.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = v.length >> 1;
  return v.length % 2 === 1 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/** R quantile(type = 7) of the non-NaN values. */
export function quantile7(values: ArrayLike<number>, p: number): number {
  const v = Array.from(values)
    .filter((x) => !Number.isNaN(x))
    .sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const h = (v.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, v.length - 1);
  return v[lo]! + (h - lo) * (v[hi]! - v[lo]!);
}

/** Pearson correlation; NaN when either series has zero variance (R returns NA). */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  if (n < 2) return NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return NaN;
  return sxy / Math.sqrt(sxx * syy);
}

/** mulberry32: tiny seeded PRNG so bootstrap intervals are reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
