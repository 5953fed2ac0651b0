import { describe, expect, it } from 'vitest';
import { detectSpikes, removeBackground } from '../../server/services/modelling/background';
import { makeRng, gaussian } from '../../server/services/modelling/stats';
import { TUNING } from '../../server/services/modelling/tuning';

const N = 90;

function series(R: number, f: (i: number, k: number) => number): Float64Array[] {
  return Array.from({ length: R }, (_, i) => Float64Array.from({ length: N }, (_, k) => f(i, k)));
}

describe('background and enhancement', () => {
  it('removes a shared drifting background and per-sensor offsets, keeps a plume on two sensors', () => {
    const rng = makeRng(1);
    const offsets = [0, 0.1, -0.08, 0.05, 0.2, -0.15, 0, 0.03];
    const plume = (i: number, k: number) => (i < 2 && k >= 40 && k < 70 ? 1.5 : 0);
    const y = series(8, (i, k) => 2 + 0.003 * k + offsets[i]! + plume(i, k) + 0.02 * gaussian(rng));
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    const first = removeBackground(y, ids, null, [60, 75]);
    expect(first.method).toBe('cross-sensor');
    // Offsets are found (relative to the median sensor) within a few noise σ.
    const rel = (i: number) => first.carry.offsets[String(ids[i])]! - first.carry.offsets['1']!;
    expect(rel(4)).toBeCloseTo(0.2, 1);
    expect(rel(5)).toBeCloseTo(-0.15, 1);
    // Enhancement: ≈ 1.5 in the plume, ≈ 0 elsewhere, for plume and quiet sensors alike.
    expect(first.enhancement[0]![55]!).toBeGreaterThan(1.3);
    expect(Math.abs(first.enhancement[0]![20]!)).toBeLessThan(0.15);
    expect(Math.abs(first.enhancement[5]![55]!)).toBeLessThan(0.15);
    expect(first.noise[3]!).toBeGreaterThan(0.005);
    expect(first.noise[3]!).toBeLessThan(0.06);
    // A second step with the carry keeps the offsets stable.
    const second = removeBackground(y, ids, first.carry, [60, 75]);
    expect(Math.abs(second.carry.offsets['5']! - first.carry.offsets['5']!)).toBeLessThan(0.02);
  });

  it('a plume sitting on one sensor for hours does not become its offset, and a later plume there is seen', () => {
    const rng = makeRng(3);
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    const offsets = [0, 0.1, -0.08, 0.05, 0.2, -0.15, 0, 0.03];
    let carry = removeBackground(
      series(8, (i, k) => 2 + offsets[i]! + 0.02 * gaussian(rng) + 0 * k),
      ids,
      null,
      [60, 75],
    ).carry;
    // Almost 4 hours (one step less than TUNING.offsetRiseAfterSteps, after which a standing rise is taken for an
    // offset) of an intermittent plume (|N(0, 5 ppm)|) covering sensor 4 (index 3) in every minute.
    for (let step = 0; step < TUNING.offsetRiseAfterSteps - 1; step++)
      carry = removeBackground(
        series(8, (i) => 2 + offsets[i]! + (i === 3 ? 5 * Math.abs(gaussian(rng)) : 0) + 0.02 * gaussian(rng)),
        ids,
        carry,
        [60, 75],
      ).carry;
    // The offset held: the plume's lower tail sits far above it.
    expect(carry.offsets['4']! - offsets[3]!).toBeLessThan(0.2);
    // After the plume, a 1.5 ppm plume on the same sensor stands out.
    const later = removeBackground(
      series(8, (i, k) => 2 + offsets[i]! + (i === 3 && k >= 40 && k < 70 ? 1.5 : 0) + 0.02 * gaussian(rng)),
      ids,
      carry,
      [60, 75],
    );
    expect(later.enhancement[3]![55]!).toBeGreaterThan(1.0);
    expect(Math.abs(later.enhancement[3]![20]!)).toBeLessThan(0.6);
  });

  it('follows a sensor whose offset falls (no plume makes a sensor read low)', () => {
    const rng = makeRng(4);
    const ids = [1, 2, 3, 4, 5];
    let carry = removeBackground(
      series(5, () => 2 + 0.02 * gaussian(rng)),
      ids,
      null,
      [60, 75],
    ).carry;
    for (let step = 0; step < 12; step++)
      carry = removeBackground(
        series(5, (i) => 2 + (i === 2 ? -1 : 0) + 0.02 * gaussian(rng)),
        ids,
        carry,
        [60, 75],
      ).carry;
    const rel = carry.offsets['3']! - carry.offsets['1']!;
    expect(rel).toBeCloseTo(-1, 1);
  });

  it('learns a sensor temperature artefact and keeps a fast night-time cooling out of its enhancement', () => {
    const rng = makeRng(5);
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    const coef = [0, 0.01, -0.01, 0, 0, -0.05, 0, 0.04]; // ppm/°C, as the benchmark's devices carry
    // Site temperature: a diurnal swing of ±6 °C around 10 °C, per minute; each step is a 90-minute window.
    const temp = (minute: number) => 10 + 6 * Math.sin((2 * Math.PI * minute) / 1440);
    const step = (s: number, cooling = 0) => {
      const t0 = s * 15;
      const T = Float64Array.from({ length: N }, (_, k) => temp(t0 + k) - cooling * k);
      const y = series(8, (i, k) => 2 + coef[i]! * T[k]! + 0.02 * gaussian(rng));
      return { y, T };
    };
    let carry = null as ReturnType<typeof removeBackground>['carry'] | null;
    for (let s = 0; s < 96 * 2; s++) {
      const { y, T } = step(s);
      carry = removeBackground(y, ids, carry, [60, 75], T).carry;
    }
    // A fall of 2 °C/h on top of the swing (a clear night): sensor 6 rises 0.1 ppm/h more than the others.
    let worst = 0;
    let worstWithout = 0;
    let without = carry;
    for (let s = 0; s < 12; s++) {
      const { y, T } = step(96 * 2 + s, 2 / 60);
      const b = removeBackground(y, ids, carry, [60, 75], T);
      const n = removeBackground(y, ids, without, [60, 75], null);
      carry = b.carry;
      without = n.carry;
      for (let k = 60; k < 75; k++) {
        worst = Math.max(worst, Math.abs(b.enhancement[5]![k]!));
        worstWithout = Math.max(worstWithout, Math.abs(n.enhancement[5]![k]!));
      }
    }
    expect(worst).toBeLessThan(0.1);
    // Without the temperature the follow rule lags the artefact by more (this is what made false reports).
    expect(worstWithout).toBeGreaterThan(worst);
  }, 30_000); // about 200 steps of eight sensors: seconds on a loaded machine

  it('a sensor back from an outage restarts its offset instead of reading its drift as a plume', () => {
    const rng = makeRng(6);
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    let carry = removeBackground(
      series(8, () => 2 + 0.02 * gaussian(rng)),
      ids,
      null,
      [60, 75],
    ).carry;
    // Sensor 2 offline for 2 hours, back 0.45 ppm higher (drift while away).
    for (let s = 0; s < 8; s++)
      carry = removeBackground(
        series(8, (i) => (i === 1 ? Number.NaN : 2 + 0.02 * gaussian(rng))),
        ids,
        carry,
        [60, 75],
      ).carry;
    const back = removeBackground(
      series(8, (i) => 2 + (i === 1 ? 0.45 : 0) + 0.02 * gaussian(rng)),
      ids,
      carry,
      [60, 75],
    );
    expect(Math.abs(back.enhancement[1]![70]!)).toBeLessThan(0.1);
  });

  it('an off-site plume raising every sensor is background', () => {
    const y = series(8, (i, k) => 2 + (k >= 30 && k < 60 ? 3 : 0) + 0.001 * i);
    const b = removeBackground(y, [1, 2, 3, 4, 5, 6, 7, 8], null, [60, 75]);
    for (let i = 0; i < 8; i++) expect(Math.abs(b.enhancement[i]![45]!)).toBeLessThan(0.05);
  });

  it('one sensor: a rolling low percentile, capped by the carried long-run background', () => {
    const y = series(1, (_, k) => 2 + (k >= 30 ? 1 : 0));
    const b = removeBackground(y, [1], null, [60, 75]);
    expect(b.method).toBe('per-sensor');
    expect(b.enhancement[0]![10]!).toBeCloseTo(0, 6);
    expect(b.enhancement[0]![50]!).toBeCloseTo(1, 6);
    // A plume covering the whole window: the carried history keeps the background at 2.
    const carry = { offsets: {}, noise: {}, lows: { '1': [2, 2, 2, 2, 2] } };
    const all = removeBackground(
      series(1, () => 3),
      [1],
      carry,
      [60, 75],
    );
    expect(all.enhancement[0]![50]!).toBeGreaterThan(0.85);
  });
});

describe('spikes', () => {
  it('flags minutes above max(0.1 ppm, 4σ), merges short gaps, drops single-minute blips', () => {
    const e = series(2, (i, k) =>
      i === 0 && ((k >= 10 && k < 15) || (k >= 17 && k < 20)) ? 1 : i === 1 && k === 50 ? 2 : 0,
    );
    const m = detectSpikes(e, [0.02, 0.02]);
    expect(m.bySensor[0]![12]).toBe(1);
    expect(m.site[16]).toBe(1); // 2-minute gap merged
    expect(m.site[50]).toBe(0); // single-minute blip dropped
    expect(m.bySensor[1]![50]).toBe(1);
    const noisy = detectSpikes(
      series(1, () => 0.15),
      [0.05],
    );
    expect(noisy.site.every((v) => v === 0)).toBe(true); // 0.15 < 4σ = 0.2
  });
});
