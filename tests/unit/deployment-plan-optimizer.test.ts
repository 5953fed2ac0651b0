// The placement optimizer's promises (spec 3 §3 'Deployment plan'): the wind rose sums to 1, coverage never falls as
// the budget grows, mandatory placements are always kept, Ignore sources are left out, lines are sampled evenly.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  fromLocal,
  optimizePlacement,
  plumeProbability,
  sampleLines,
  toLocal,
  CALM_SPEED,
  WIND_SECTORS,
  type LngLat,
  type OptimizerInput,
} from '../../server/services/deployment-plan/optimizer';
import { windRoseProbabilities } from '../../server/services/wind-sector';

/** The plan's wind rose, binned by the compute core's rose kernel as the server does. */
const windRose = (directions: number[], speeds: number[] | null) =>
  windRoseProbabilities(directions, speeds, WIND_SECTORS, CALM_SPEED);
// Wind mostly from the south-west.
let southWest: number[];
let fromWest: number[];
beforeAll(async () => {
  southWest = await windRose([225, 225, 200, 250, 180, 270, 45, 90], null);
  fromWest = await windRose([270], null);
});

const origin: LngLat = [-102.1, 31.9];
const at = (x: number, y: number): LngLat => fromLocal(origin, [x, y]);
const base = (over: Partial<OptimizerInput> = {}): OptimizerInput => ({
  origin,
  sources: [
    { id: 1, location: at(-40, -30), weight: 3 },
    { id: 2, location: at(35, 10), weight: 2 },
    { id: 3, location: at(0, 50), weight: 1 },
  ],
  windRose: southWest,
  lines: [
    [at(-60, 0), at(60, 0)],
    [at(0, -60), at(0, 60)],
  ],
  mandatory: [],
  deviceBudget: 3,
  ...over,
});

describe('wind rose', () => {
  it('sums to 1 over 16 sectors, whatever the readings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.double({ min: -720, max: 720, noNaN: true }), { maxLength: 200 }), async (dirs) => {
        const rose = await windRose(dirs, null);
        expect(rose).toHaveLength(WIND_SECTORS);
        expect(rose.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      }),
    );
  });
  it('puts a reading in the sector centred on it and leaves calm readings out', async () => {
    const rose = await windRose([0, 359, 11, 12, 90], [1, 1, 1, 1, 0.1]);
    // 0, 359 and 11 are within ±11.25° of north; 12 is in the next sector; 90 was calm.
    expect(rose[0]).toBeCloseTo(3 / 4);
    expect(rose[1]).toBeCloseTo(1 / 4);
    expect(rose[4]).toBe(0);
  });
  it('is uniform without readings', async () => {
    expect(await windRose([], null)).toEqual(new Array(WIND_SECTORS).fill(1 / WIND_SECTORS));
  });
});

describe('plume probability', () => {
  it('is highest downwind and nothing upwind, and falls with distance', () => {
    const rose = fromWest; // wind from the west blows east
    const downwind = plumeProbability([0, 0], [50, 0], rose);
    const upwind = plumeProbability([0, 0], [-50, 0], rose);
    const farther = plumeProbability([0, 0], [200, 0], rose);
    expect(downwind).toBeGreaterThan(0.5);
    expect(upwind).toBe(0);
    expect(farther).toBeLessThan(downwind);
  });
});

describe('sampled lines', () => {
  it('samples every 5 m including both ends', () => {
    const pts = sampleLines(origin, [[at(0, 0), at(20, 0)]]);
    expect(pts.map((p) => Math.round(p[0]))).toEqual([0, 5, 10, 15, 20]);
  });
  it('round-trips positions through the local projection', () => {
    const p = at(12.5, -7.25);
    const [x, y] = toLocal(origin, p);
    expect(x).toBeCloseTo(12.5, 6);
    expect(y).toBeCloseTo(-7.25, 6);
  });
});

describe('optimizePlacement', () => {
  it('never loses coverage as the budget grows, and reports one less and one more device', () => {
    let previous = -1;
    for (let budget = 1; budget <= 8; budget++) {
      const r = optimizePlacement(base({ deviceBudget: budget }));
      expect(r.devicePlacements).toHaveLength(budget);
      expect(r.totalCoverage).toBeGreaterThanOrEqual(previous);
      expect(r.totalCoverageWithOneLessDevice).toBeLessThanOrEqual(r.totalCoverage);
      expect(r.totalCoverageWithOneMoreDevice).toBeGreaterThanOrEqual(r.totalCoverage);
      if (budget > 1) expect(r.totalCoverageWithOneLessDevice).toBeCloseTo(previous, 12);
      expect(r.totalCoverage).toBeLessThanOrEqual(1);
      previous = r.totalCoverage;
    }
  });

  it('keeps the mandatory placements first, exactly where they were asked', () => {
    const mandatory = [at(100, 100), at(-100, 80)];
    const r = optimizePlacement(base({ mandatory, deviceBudget: 4 }));
    expect(r.devicePlacements.slice(0, 2)).toEqual(mandatory);
    expect(r.mandatory).toEqual([true, true, false, false]);
    // Mandatory placements fill the budget when they are as many.
    const full = optimizePlacement(base({ mandatory, deviceBudget: 2 }));
    expect(full.devicePlacements).toEqual(mandatory);
  });

  it('leaves Ignore sources out of the coverage and the choice of places', () => {
    const withIgnored = optimizePlacement(
      base({ sources: [...base().sources, { id: 9, location: at(55, 55), weight: 0 }] }),
    );
    const without = optimizePlacement(base());
    expect(withIgnored.sourceCoverage.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(withIgnored.devicePlacements).toEqual(without.devicePlacements);
    expect(withIgnored.totalCoverage).toBe(without.totalCoverage);
  });

  it('says when the lines hold fewer places than the budget', () => {
    // 0 to 20 m: candidates at 0, 5, 10, 15 and 20 m, at most three of them 10 m apart.
    const r = optimizePlacement(base({ lines: [[at(0, 0), at(20, 0)]], deviceBudget: 5 }));
    expect(r.devicePlacements.length).toBeLessThanOrEqual(3);
    expect(r.messages[0]).toMatch(new RegExp(`only ${r.devicePlacements.length} devices? 10 m apart`));
  });

  it('keeps devices at least 10 m apart', () => {
    const r = optimizePlacement(base({ deviceBudget: 8 }));
    const pts = r.devicePlacements.map((p) => toLocal(origin, p));
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++)
        expect(Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1])).toBeGreaterThanOrEqual(10 - 1e-6);
  });

  it('combines devices as 1 − Π(1 − p)', () => {
    const one = { id: 1, location: at(0, 0), weight: 1 };
    const rose = fromWest;
    const r = optimizePlacement({
      origin,
      sources: [one],
      windRose: rose,
      lines: [],
      mandatory: [at(30, 0), at(60, 0)],
      deviceBudget: 2,
    });
    const p1 = plumeProbability([0, 0], toLocal(origin, at(30, 0)), rose);
    const p2 = plumeProbability([0, 0], toLocal(origin, at(60, 0)), rose);
    expect(r.sourceCoverage[0]!.coverage).toBeCloseTo(1 - (1 - p1) * (1 - p2), 9);
    expect(r.totalCoverage).toBeCloseTo(1 - (1 - p1) * (1 - p2), 9);
  });
});
