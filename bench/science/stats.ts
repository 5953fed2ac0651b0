// Small statistics the scorer needs: quantiles, a seeded PRNG, a logistic fit by IRLS and a bootstrap.
// Written here (no new packages) and kept pure so the unit tests can pin them down.

/** Linear-interpolated quantile (type 7, as R and NumPy default); null for an empty sample. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export const median = (values: readonly number[]): number | null => quantile(values, 0.5);

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}

/** Share of items passing `test`; null when there are none (a metric that cannot be computed is not 0). */
export function share<T>(items: readonly T[], test: (item: T) => boolean): number | null {
  if (items.length === 0) return null;
  let n = 0;
  for (const it of items) if (test(it)) n++;
  return n / items.length;
}

/** mulberry32: a tiny seeded PRNG so bootstrap intervals are reproducible run to run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LogisticFit {
  b0: number;
  b1: number;
}

/**
 * Logistic regression of y ∈ {0,1} on x by Newton/IRLS. Null when the fit has no finite answer: one class only,
 * or complete separation (the coefficients run away), which a DL90 must not pretend to resolve.
 */
export function fitLogistic(x: readonly number[], y: readonly number[], maxIter = 50): LogisticFit | null {
  const n = x.length;
  if (n < 2) return null;
  const ones = y.reduce((s, v) => s + v, 0);
  if (ones === 0 || ones === n) return null;
  let b0 = 0;
  let b1 = 0;
  for (let iter = 0; iter < maxIter; iter++) {
    // Gradient g and Hessian H of the log-likelihood.
    let g0 = 0,
      g1 = 0,
      h00 = 0,
      h01 = 0,
      h11 = 0;
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-(b0 + b1 * x[i]!)));
      const w = p * (1 - p);
      const r = y[i]! - p;
      g0 += r;
      g1 += r * x[i]!;
      h00 += w;
      h01 += w * x[i]!;
      h11 += w * x[i]! * x[i]!;
    }
    const det = h00 * h11 - h01 * h01;
    if (!(det > 1e-12)) return null;
    const d0 = (h11 * g0 - h01 * g1) / det;
    const d1 = (h00 * g1 - h01 * g0) / det;
    b0 += d0;
    b1 += d1;
    if (!Number.isFinite(b0) || !Number.isFinite(b1) || Math.abs(b1) > 1e3) return null;
    if (Math.abs(d0) < 1e-10 && Math.abs(d1) < 1e-10) return { b0, b1 };
  }
  // Not converged in maxIter: treat as separation.
  return null;
}

export const logistic = (fit: LogisticFit, x: number): number => 1 / (1 + Math.exp(-(fit.b0 + fit.b1 * x)));

/** Rate (kg/h) detected with probability 0.9 under a fit on ln Q: exp((ln 9 − β0)/β1); null when POD does not rise with Q. */
export function dl90(fit: LogisticFit | null): number | null {
  if (!fit || !(fit.b1 > 0)) return null;
  const v = Math.exp((Math.log(9) - fit.b0) / fit.b1);
  return Number.isFinite(v) ? v : null;
}

export interface Dl90Estimate {
  dl90: number | null;
  fit: LogisticFit | null;
  /** 95 % percentile interval of the bootstrap DL90s; null when fewer than half the resamples give one. */
  ci: [number, number] | null;
  /** Resamples with a finite DL90. */
  bootstrapOk: number;
}

/** DL90 from detected-vs-rate pairs with a bootstrap over releases (seeded, so reproducible). */
export function estimateDl90(
  ratesKgH: readonly number[],
  detected: readonly boolean[],
  n = 1000,
  seed = 1,
): Dl90Estimate {
  const x = ratesKgH.map((q) => Math.log(q));
  const y = detected.map((d) => (d ? 1 : 0));
  const fit = fitLogistic(x, y);
  const rand = seededRandom(seed);
  const draws: number[] = [];
  const bx: number[] = new Array<number>(x.length);
  const by: number[] = new Array<number>(x.length);
  for (let b = 0; b < n && x.length > 1; b++) {
    for (let i = 0; i < x.length; i++) {
      const j = Math.floor(rand() * x.length);
      bx[i] = x[j]!;
      by[i] = y[j]!;
    }
    const d = dl90(fitLogistic(bx, by));
    if (d !== null) draws.push(d);
  }
  const ci: [number, number] | null = draws.length >= n / 2 ? [quantile(draws, 0.025)!, quantile(draws, 0.975)!] : null;
  return { dl90: dl90(fit), fit, ci, bootstrapOk: draws.length };
}
