// Small numeric helpers shared by the stages.

export function quantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (h - lo);
}

/** Quantile of the finite values (copies and sorts). */
export function quantileOf(values: ArrayLike<number>, p: number): number {
  const f: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) f.push(values[i]!);
  f.sort((a, b) => a - b);
  return quantile(f, p);
}

export function medianOf(values: ArrayLike<number>): number {
  return quantileOf(values, 0.5);
}

/** 1.4826 · median absolute deviation of the finite values. */
export function robustSd(values: ArrayLike<number>): number {
  const m = medianOf(values);
  const dev: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) dev.push(Math.abs(values[i]! - m));
  return 1.4826 * medianOf(dev);
}

/** Deterministic PRNG (mulberry32) seeded from integers: randomness must repeat for the same (site, step). */
export function makeRng(...seeds: number[]): () => number {
  let h = 0x9e3779b9;
  for (const s of seeds) {
    const lo = (s % 0x100000000) | 0;
    const hi = Math.floor(s / 0x100000000) | 0;
    h = Math.imul(h ^ lo, 0x85ebca6b) ^ Math.imul(h ^ hi, 0xc2b2ae35);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(rng: () => number): number {
  const u = Math.max(1e-12, rng());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
