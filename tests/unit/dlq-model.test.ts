import { describe, expect, it } from 'vitest';
import { puffPpm, simulateReference, simulateRows, type SimSite } from '../../bench/science/dlq/puff';
import { ch4Density, isDay, meanSigma, pgSigma, stabClasses } from '../../bench/science/dlq/stability';
import { naApprox } from '../../bench/science/dlq/stats';
import { combineWind } from '../../bench/science/dlq/wind';

describe('DLQ puff kernel', () => {
  it('matches the Gaussian puff formula with ground reflection at a point', () => {
    // m = 2 g, sigma_y = 3, sigma_z = 2, receptor 1 m east, 2 m north at 2.4 m, source at 1.5 m,
    // 1/rho = 1/0.656 m3/kg: computed by hand (Python) from the formula in modelling.md 1.5.
    expect(puffPpm(0.002, 3, 2, 1, 2, 2.4, 1.5, 1e6 / 0.656)).toBeCloseTo(8.57850301771867, 10);
  });

  it('is symmetric in the horizontal offset and doubles at ground level for a ground source', () => {
    const a = puffPpm(1e-3, 4, 3, 2, -1, 2, 1, 1e6);
    expect(puffPpm(1e-3, 4, 3, -1, 2, 2, 1, 1e6)).toBeCloseTo(a, 12);
    const ground = puffPpm(1e-3, 4, 3, 0, 0, 0, 0, 1e6);
    expect(ground).toBeCloseTo((2 * 1e-3 * 1e6) / (Math.pow(2 * Math.PI, 1.5) * 16 * 3), 12);
  });
});

describe('DLQ Pasquill-Gifford sigmas', () => {
  // x = 0.05 km; sigma_y = 465.11628 x tan(0.017453293 (c - d ln x)), sigma_z = a x^b (Python).
  const expected: Record<string, [number, number]> = {
    A: [14.394720906352605, 7.246283645973222],
    B: [10.234778705402542, 5.558326444834154],
    C: [6.559898855698479, 3.947711911749479],
    D: [4.310786043247204, 2.5453343685965626],
    E: [3.217203865080085, 1.979015073784176],
    F: [2.1372716096980846, 1.3213157629216314],
  };
  for (const [cls, [sy, sz]] of Object.entries(expected)) {
    it(`class ${cls} at 50 m`, () => {
      const [y, z] = pgSigma(cls as 'A', 0.05);
      expect(y).toBeCloseTo(sy, 9);
      expect(z).toBeCloseTo(sz, 9);
    });
  }

  it('uses the next ISC3 band beyond 0.1 km and caps sigma_z at 5000 m', () => {
    expect(pgSigma('A', 0.12)[1]).toBeCloseTo(158.08 * Math.pow(0.12, 1.0542), 9);
    expect(pgSigma('A', 100)[1]).toBe(5000);
  });

  it('averages sigma_y and sigma_z separately over the class set', () => {
    const out = new Float64Array(2);
    meanSigma(['A', 'B'], 0.05, out);
    expect(out[0]).toBeCloseTo((expected.A![0] + expected.B![0]) / 2, 9);
    expect(out[1]).toBeCloseTo((expected.A![1] + expected.B![1]) / 2, 9);
  });

  it('follows the get.stab.class table and solar day from longitude', () => {
    expect(stabClasses(1.5, true)).toEqual(['A', 'B']);
    expect(stabClasses(2.5, false)).toEqual(['E', 'F']);
    expect(stabClasses(4, true)).toEqual(['B', 'C']);
    expect(stabClasses(5.5, false)).toEqual(['D']);
    expect(stabClasses(7, true)).toEqual(['D']);
    // 19:00 UTC at 105 W is 12:00 solar: day; 03:00 UTC is 20:00 solar: night.
    expect(isDay(Date.UTC(2026, 5, 1, 19), -105)).toBe(true);
    expect(isDay(Date.UTC(2026, 5, 1, 3), -105)).toBe(false);
  });

  it('gives DLQ density at sea level and 25 C, and less at 1.5 km', () => {
    expect(1 / ch4Density(0, 298.15)).toBeCloseTo(1.524, 2);
    expect(ch4Density(1500) / ch4Density(0)).toBeCloseTo(0.837, 2);
  });
});

describe('DLQ site wind', () => {
  it('takes the median of the direction components, not of the degrees', () => {
    const n = 3;
    const w = combineWind(
      [Float64Array.from([350, 350, 350]), Float64Array.from([10, 10, 10])],
      [Float64Array.from([2, 2, 2]), Float64Array.from([4, 4, 4])],
      n,
      5,
    );
    // From north: the air moves south.
    expect(w.towardN[0]).toBeCloseTo(-1, 9);
    expect(w.towardE[0]).toBeCloseTo(0, 9);
    expect(w.speed[0]).toBe(3);
  });

  it('fills gaps of at most maxgap minutes only', () => {
    const x = Float64Array.from([1, NaN, NaN, NaN, NaN, NaN, 7, NaN, NaN, NaN, NaN, NaN, NaN, 14]);
    const y = naApprox(x, 5);
    expect(Array.from(y.subarray(0, 7))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Number.isNaN(y[8]!)).toBe(true);
  });
});

describe('DLQ puff simulation: fast path against the reference loop', () => {
  const rows = 90;
  const site: SimSite = {
    rows,
    rowTimes: Float64Array.from({ length: rows }, (_, t) => Date.UTC(2026, 5, 1, 18) + t * 60_000),
    speed: Float64Array.from({ length: rows }, (_, t) => 1.5 + 2 * Math.abs(Math.sin(t / 7))),
    towardE: Float64Array.from({ length: rows }, (_, t) => Math.cos(0.6 + Math.sin(t / 9))),
    towardN: Float64Array.from({ length: rows }, (_, t) => Math.sin(0.6 + Math.sin(t / 9))),
    longitude: -105,
    dayStartHour: 7,
    dayEndHour: 18,
    sensorE: Float64Array.from([40, 40, 0, -40]),
    sensorN: Float64Array.from([30, -30, -30, 0]),
    sensorZ: Float64Array.from([2.4, 2.4, 2.4, 2.4]),
    ppmPerKgM3: 1e6 / ch4Density(1500),
  };
  const src = { east: -5, north: 0, height: 2 };

  it('gives the same rows as the step-by-step loop at the same dt', () => {
    const p = { dtS: 2, cutoffMin: 20, ignoreDistM: 80, unitRateKgS: 1e-3 };
    const ref = simulateReference(site, src, p);
    const fast = simulateRows(site, src, p, 40, 70);
    let max = 0;
    for (let r = 0; r < 4; r++) for (let t = 40; t <= 70; t++) max = Math.max(max, ref[r]![t]!);
    expect(max).toBeGreaterThan(1);
    for (let r = 0; r < 4; r++)
      for (let t = 40; t <= 70; t++) expect(Math.abs(fast[r]![t - 40]! - ref[r]![t]!)).toBeLessThan(1e-9 * max);
  });

  it('puffs every 2 s stay within 5 % (of the peak) of DLQ puffs every second', () => {
    const ref = simulateReference(site, src, { dtS: 1, cutoffMin: 20, ignoreDistM: 80, unitRateKgS: 1e-3 });
    const fast = simulateRows(site, src, { dtS: 2, cutoffMin: 20, ignoreDistM: 80, unitRateKgS: 1e-3 }, 30, 89);
    for (let r = 0; r < 4; r++) {
      let peak = 0;
      let err = 0;
      for (let t = 30; t < rows; t++) {
        peak = Math.max(peak, ref[r]![t]!);
        err = Math.max(err, Math.abs(fast[r]![t - 30]! - ref[r]![t]!));
      }
      expect(err).toBeLessThanOrEqual(0.05 * peak + 1e-12);
    }
  });
});
