import { describe, expect, it } from 'vitest';
import type { Footprints } from '../../server/services/modelling/footprint';
import { findStandIns, footprintLikeness, type StandInGroup } from '../../server/services/modelling/stand-in';

// Two sensors, two minutes: H[(s·R + r)·T + t].
function footprints(perSource: number[][]): Footprints {
  const R = 2;
  const T = 2;
  return { h: Float64Array.from(perSource.flat()), S: perSource.length, R, T, evaluations: 0 };
}
const enh = [Float64Array.from([1, 1]), Float64Array.from([1, 1])];
const weights = Float64Array.from([1, 1]);

describe('footprint likeness of two groups', () => {
  it('is 1 for proportional footprints, with the factor that maps one rate onto the other', () => {
    // Source 0 = [1, 2, 3, 4]; source 1 = 2 × source 0: rate_0 = 2 · rate_1 gives the same signal.
    const m = footprints([
      [1, 2, 3, 4],
      [2, 4, 6, 8],
    ]);
    const like = footprintLikeness([m], [0], [1], enh, weights);
    expect(like.cosine).toBeCloseTo(1, 12);
    expect(like.projection).toBeCloseTo(2, 12);
  });

  it('is 0 for footprints on different sensors, and for an empty footprint', () => {
    const m = footprints([
      [1, 1, 0, 0],
      [0, 0, 1, 1],
      [0, 0, 0, 0],
    ]);
    expect(footprintLikeness([m], [0], [1], enh, weights)).toEqual({ cosine: 0, projection: 0 });
    expect(footprintLikeness([m], [0], [2], enh, weights)).toEqual({ cosine: 0, projection: 0 });
  });

  it('sums a group over its units, averages the members, and skips calm minutes and missing readings', () => {
    // a = [1, 0, 0, 1]; b = units 1 + 2 = [1, 1, 0, 1] in member 1 and [1, 1, 0, 1] in member 2.
    const m1 = footprints([
      [1, 0, 0, 1],
      [1, 0, 0, 0],
      [0, 1, 0, 1],
    ]);
    const m2 = footprints([
      [1, 0, 0, 1],
      [0, 1, 0, 1],
      [1, 0, 0, 0],
    ]);
    const all = footprintLikeness([m1, m2], [0], [1, 2], enh, weights);
    // a·b = 2, |a|² = 2, |b|² = 3.
    expect(all.cosine).toBeCloseTo(2 / Math.sqrt(6), 12);
    expect(all.projection).toBeCloseTo(1, 12);
    // Minute 1 calm: a = [1, 0], b = [1, 0] on (sensor, minute 0) → identical.
    expect(footprintLikeness([m1, m2], [0], [1, 2], enh, Float64Array.from([1, 0])).cosine).toBeCloseTo(1, 12);
    // Sensor 0's minute 1 missing: rows (0,0), (1,0), (1,1): a = [1, 0, 1], b = [1, 0, 1].
    const gap = [Float64Array.from([1, Number.NaN]), Float64Array.from([1, 1])];
    expect(footprintLikeness([m1, m2], [0], [1, 2], gap, weights).cosine).toBeCloseTo(1, 12);
  });
});

describe('stand-ins', () => {
  const rule = { onProbability: 0.7, cosine: 0.7, maxScale: 2, maxJump: 3 };
  const group = (rep: number, over: Partial<StandInGroup>): StandInGroup => ({
    rep,
    units: [rep],
    pOn: 0,
    rate: 0,
    lower: 0,
    upper: 0,
    openMeanRate: null,
    ...over,
  });
  // Group 0 has an emission open at 10 kg/h; group 1 newly passes the test at 8 kg/h.
  const opened = group(0, { openMeanRate: 10 });
  const newcomer = group(1, { pOn: 0.9, rate: 8, lower: 4, upper: 16 });
  const alike = () => ({ cosine: 0.9, projection: 1.25 });

  it('hands a newcomer alike to an open group over to it, rate and bounds projected', () => {
    const { standIns, handed } = findStandIns([opened, newcomer], alike, rule);
    expect([...standIns]).toEqual([1]);
    expect(handed.get(0)).toEqual({ rate: 10, lower: 5, upper: 20 });
  });

  it('leaves a second release alone: an unlike footprint, another scale, another rate', () => {
    const none = { standIns: new Set(), handed: new Map() };
    expect(findStandIns([opened, newcomer], () => ({ cosine: 0.6, projection: 1 }), rule)).toEqual(none);
    // A faint open footprint would scale the rate up 2.5 times.
    expect(findStandIns([opened, newcomer], () => ({ cosine: 0.95, projection: 2.5 }), rule)).toEqual(none);
    // A projected 40 kg/h beside an emission at 10 kg/h is another release (jump > 3).
    expect(findStandIns([opened, { ...newcomer, rate: 32 }], alike, rule)).toEqual(none);
    expect(findStandIns([opened, { ...newcomer, rate: 24.1 }], alike, rule)).toEqual(none);
    // A newcomer below the fresh test, or with an emission of its own, is not one.
    expect(findStandIns([opened, { ...newcomer, pOn: 0.6 }], alike, rule)).toEqual(none);
    expect(findStandIns([opened, { ...newcomer, openMeanRate: 8 }], alike, rule)).toEqual(none);
  });

  it('takes a projected rate far below the open mean: the turning wind shows part of the plume', () => {
    // 2 kg/h × 1.25 = 2.5 kg/h projected, a quarter of the open emission's 10 kg/h; exactly 3 × the mean passes.
    const faint = findStandIns([opened, { ...newcomer, rate: 2, lower: 1, upper: 4 }], alike, rule);
    expect([...faint.standIns]).toEqual([1]);
    expect(faint.handed.get(0)).toEqual({ rate: 2.5, lower: 1.25, upper: 5 });
    expect([...findStandIns([opened, { ...newcomer, rate: 24 }], alike, rule).standIns]).toEqual([1]);
  });

  it('picks the likest of two open groups', () => {
    const other = group(2, { openMeanRate: 10 });
    const likeness = (open: readonly number[]) => ({ cosine: open[0] === 2 ? 0.95 : 0.8, projection: 1 });
    const { standIns, handed } = findStandIns([opened, other, newcomer], likeness, rule);
    expect([...standIns]).toEqual([1]);
    expect([...handed.keys()]).toEqual([2]);
  });
});
