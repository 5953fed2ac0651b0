// Seeded PRNG for the truth simulator: xoshiro128** (Blackman & Vigna) seeded through splitmix32, with a
// Marsaglia polar normal. Own code so that the truth never shares a random stream (or code) with the pipeline.

/** Mixes numbers and strings into one 32-bit seed (FNV-1a over the parts, then a splitmix finaliser). */
export function hashSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = typeof part === 'number' ? `#${part}` : `$${part}`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return mix32(h);
}

function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spare = 0;
  private hasSpare = false;

  constructor(seed: number) {
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) | 0;
      return mix32(x);
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    const s1 = this.s1;
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return r >>> 0;
  }

  /** Uniform in the open interval (0, 1). */
  uniform(): number {
    return (this.u32() + 0.5) / 4294967296;
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.uniform();
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  logUniform(lo: number, hi: number): number {
    return Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * this.uniform());
  }

  exponential(mean: number): number {
    return -mean * Math.log(this.uniform());
  }

  chance(p: number): boolean {
    return this.uniform() < p;
  }

  poisson(lambda: number): number {
    // Knuth's method: the means used here are small (a few events per run).
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.uniform();
    while (p > limit) {
      k++;
      p *= this.uniform();
    }
    return k;
  }

  /** Standard normal (Marsaglia polar: no trigonometry, one log and one sqrt per pair). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * this.uniform() - 1;
      v = 2 * this.uniform() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * f;
    this.hasSpare = true;
    return u * f;
  }

  /**
   * Fast approximate standard normal for the particle hot loop: one 32-bit draw indexes a table of 2^13 normal
   * quantiles at the bin midpoints (rescaled to unit variance). Tails beyond ≈ 3.8 σ are absent, which does not
   * matter for sums of many Langevin kicks; it is ~10× cheaper than the polar method.
   */
  fastNormal(): number {
    return NORMAL_TABLE[this.u32() >>> (32 - NORMAL_BITS)]!;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

const NORMAL_BITS = 13;
const NORMAL_TABLE = buildNormalTable(1 << NORMAL_BITS);

/** Inverse normal CDF by bisection on an erf approximation (done once), then rescaled to unit variance. */
function buildNormalTable(n: number): Float64Array {
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p = (i + 0.5) / n;
    let lo = -9;
    let hi = 9;
    for (let k = 0; k < 60; k++) {
      const mid = 0.5 * (lo + hi);
      if (normalCdf(mid) < p) lo = mid;
      else hi = mid;
    }
    t[i] = 0.5 * (lo + hi);
  }
  let v = 0;
  for (let i = 0; i < n; i++) v += t[i]! * t[i]!;
  const scale = 1 / Math.sqrt(v / n);
  for (let i = 0; i < n; i++) t[i] = t[i]! * scale;
  return t;
}

function normalCdf(x: number): number {
  // Abramowitz & Stegun 7.1.26 for erf (|error| < 1.5e-7).
  const z = Math.abs(x) / Math.SQRT2;
  const k = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * k - 1.453152027) * k + 1.421413741) * k - 0.284496736) * k + 0.254829592) * k * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
