/** DLQ MAIN_2 steps 4 and 5: Pearson-r localization and the bootstrapped rate grid search. */
import { findSpikes, type SpikeParams } from './spikes';
import { pearson } from './stats';

/**
 * Pearson r between background-removed observations and one source's unit-rate
 * simulation, all sensors of the event pooled, NaN observations left out, values below
 * 1e-30 zeroed. 0 when either side is all zero or r is undefined (DLQ: NA -> 0).
 */
export function alignment(obs: Float64Array[], sim: Float64Array[]): number {
  const x: number[] = [];
  const y: number[] = [];
  for (let r = 0; r < obs.length; r++) {
    const o = obs[r]!;
    const s = sim[r]!;
    for (let t = 0; t < o.length; t++) {
      if (Number.isNaN(o[t]!)) continue;
      x.push(s[t]! < 1e-30 ? 0 : s[t]!);
      y.push(o[t]! < 1e-30 ? 0 : o[t]!);
    }
  }
  if (x.length === 0 || x.every((v) => v === 0) || y.every((v) => v === 0)) return 0;
  const r = pearson(x, y);
  return Number.isNaN(r) ? 0 : r;
}

/** Index of the first maximum (R which.max). */
export function whichMax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

/**
 * The (sim, obs) pairs DLQ fits: per sensor with any observation, the minutes where
 * find.spikes flags both the unit-rate simulation and the observation.
 */
export function spikePairs(
  obs: Float64Array[],
  sim: Float64Array[],
  p: SpikeParams,
): { x: Float64Array; y: Float64Array } {
  const x: number[] = [];
  const y: number[] = [];
  for (let r = 0; r < obs.length; r++) {
    const o = obs[r]!;
    if (o.every((v) => Number.isNaN(v))) continue;
    const s = sim[r]!;
    const es = findSpikes(s, p);
    const eo = findSpikes(o, p);
    for (let t = 0; t < o.length; t++) {
      if (es[t] !== 0 && eo[t] !== 0) {
        x.push(s[t]!);
        y.push(o[t]!); // may be NaN inside a filled gap; R's mean(na.rm) drops it
      }
    }
  }
  return { x: Float64Array.from(x), y: Float64Array.from(y) };
}

export function logGrid(min: number, max: number, n: number): Float64Array {
  const g = new Float64Array(n);
  const a = Math.log(min);
  const step = n > 1 ? (Math.log(max) - a) / (n - 1) : 0;
  for (let i = 0; i < n; i++) g[i] = Math.exp(a + i * step);
  return g;
}

/**
 * DLQ's grid search on one resample, in closed form. RMSE(q) over the sample is a
 * convex quadratic in q with minimum at q* = Sxy/Sxx, so R's which.min over the grid is
 * the first grid point whose upper midpoint is >= q*, and "RMSE increasing everywhere"
 * (DLQ returns NA) is q* < the first midpoint. Identical to scanning all grid points up
 * to rounding (unit-tested against the scan).
 */
export function gridArgmin(sxx: number, sxy: number, grid: Float64Array): number {
  if (!(sxx > 0)) return grid[0]!; // flat RMSE: which.min picks the first point
  const q = sxy / sxx;
  const n = grid.length;
  if (n > 1 && q < (grid[0]! + grid[1]!) / 2) return NaN;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (q <= (grid[mid]! + grid[mid + 1]!) / 2) hi = mid;
    else lo = mid + 1;
  }
  return grid[lo]!;
}

/** The same answer by brute force, as DLQ computes it (tests only). */
export function gridArgminScan(x: ArrayLike<number>, y: ArrayLike<number>, grid: Float64Array): number {
  const rmse = Array.from(grid, (q) => {
    let s = 0;
    let n = 0;
    for (let i = 0; i < x.length; i++) {
      const e = y[i]! - q * x[i]!;
      if (Number.isNaN(e)) continue;
      s += e * e;
      n++;
    }
    return Math.sqrt(s / n);
  });
  let increasing = true;
  for (let i = 1; i < rmse.length; i++) if (!(rmse[i]! - rmse[i - 1]! > 0)) increasing = false;
  if (increasing) return NaN;
  let best = 0;
  for (let i = 1; i < rmse.length; i++) if (rmse[i]! < rmse[best]!) best = i;
  return grid[best]!;
}

/**
 * Half-sample bootstrap: nBoot resamples of floor(n/2) pairs with replacement, each
 * fitted by the grid search. Returns the per-resample rates (NaN = no optimum).
 */
export function bootstrapRates(
  x: Float64Array,
  y: Float64Array,
  grid: Float64Array,
  nBoot: number,
  rand: () => number,
): Float64Array {
  const n = x.length;
  const m = Math.floor(n / 2);
  const out = new Float64Array(nBoot);
  for (let b = 0; b < nBoot; b++) {
    let sxx = 0;
    let sxy = 0;
    let valid = 0;
    for (let k = 0; k < m; k++) {
      const i = Math.floor(rand() * n);
      const yi = y[i]!;
      if (Number.isNaN(yi)) continue;
      sxx += x[i]! * x[i]!;
      sxy += x[i]! * yi;
      valid++;
    }
    out[b] = valid === 0 ? NaN : gridArgmin(sxx, sxy, grid);
  }
  return out;
}
