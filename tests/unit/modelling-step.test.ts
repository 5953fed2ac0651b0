import { describe, expect, it } from 'vitest';
import type { EmissionUpsert, ModelCarry, StepResult } from '../../server/services/modelling/contract';
import { parseCarry } from '../../server/services/modelling/carry';
import { runStep } from '../../server/services/modelling/step';
import { metecLikeGeometry, synthesize, windowFor, type Release } from '../../server/services/modelling/synthetic';
import { TUNING } from '../../server/services/modelling/tuning';

const MIN = 60_000;
const start = Date.UTC(2026, 5, 1, 12);
/** About 10 s alone; the shared 2-core machine under load has taken over 20 s. */
const TIMEOUT_MS = 60_000;

function runAll(releases: Release[], seed: number, hours: number, units = 1, twinGroups = false): StepResult[] {
  const g = metecLikeGeometry(1, units);
  // Twins: each second unit, 3.5 m from the first, in a group of its own (near-identical footprints, two groups).
  if (twinGroups) g.sources = g.sources.map((s) => (s.id >= 100 ? { ...s, groupId: s.groupId! + 10 } : s));
  const series = synthesize(g, {
    start,
    minutes: (hours + 1.5) * 60,
    baseDirDeg: 250,
    speedMs: 3,
    releases,
    noisePpm: 0.03,
    seed,
  });
  const out: StepResult[] = [];
  let carry: ModelCarry | null = null;
  for (let s = start + 60 * MIN; s < start + (hours + 1) * 60 * MIN; s += 15 * MIN) {
    const r = runStep({ geometry: g, stepStart: s, window: windowFor(series, s), carry });
    carry = r.carry;
    out.push(r);
  }
  return out;
}

/** Group 20 (index 0) releases 3 kg/h from minute 90; group 24 (index 4) joins at `rateKgH` from minute 180. */
const besideGroup20 = (rateKgH: number): Release[] => [
  { sourceIndex: 0, rateKgH: 3, fromMin: 90, toMin: 300 },
  { sourceIndex: 4, rateKgH, fromMin: 180, toMin: 300 },
];

/** Runs `fn` with some constants changed, then puts every constant back. */
function withTuning<T>(changes: Partial<typeof TUNING>, fn: () => T): T {
  const saved = { ...TUNING };
  Object.assign(TUNING, changes);
  try {
    return fn();
  } finally {
    Object.assign(TUNING, saved);
  }
}

/** The latest row per (source, start): what the table holds after all upserts. */
function finalRows(results: StepResult[]): EmissionUpsert[] {
  const rows = new Map<string, EmissionUpsert>();
  for (const r of results) for (const e of r.emissions) rows.set(`${e.sourceId}:${e.start}`, e);
  return [...rows.values()];
}

describe('runStep end to end (synthetic, own forward model)', () => {
  it(
    'a single 2 kg/h release: right source, rate within ×1.5, interval contains the truth',
    () => {
      const results = runAll([{ sourceIndex: 1, rateKgH: 2, fromMin: 90, toMin: 240 }], 7, 4.5);
      const rows = finalRows(results);
      expect(rows).toHaveLength(1);
      const e = rows[0]!;
      expect(e.sourceId).toBe(11);
      expect(e.end).not.toBeNull();
      expect(e.start).toBeGreaterThanOrEqual(start + 75 * MIN);
      expect(e.start).toBeLessThanOrEqual(start + 120 * MIN);
      expect(e.rate).toBeGreaterThan(2 / 1.5);
      expect(e.rate).toBeLessThan(2 * 1.5);
      expect(e.lower).toBeLessThanOrEqual(2);
      expect(e.upper).toBeGreaterThanOrEqual(2);
      expect(e.probability).toBeGreaterThan(0.8);
      expect(e.totalVolume).toBeGreaterThan(0);
      // Open rows have end null until the closing update; deterministic results for the same input.
      expect(results.flatMap((r) => r.emissions).filter((x) => x.end === null).length).toBeGreaterThan(3);
      const again = runAll([{ sourceIndex: 1, rateKgH: 2, fromMin: 90, toMin: 240 }], 7, 4.5);
      expect(finalRows(again)).toEqual(rows);
    },
    TIMEOUT_MS,
  );

  it(
    'two units 3.5 m apart in one group: the group is detected once, with the group rate',
    () => {
      // Sources are ordered group by group: index 2 is group 21's first unit (id 11), index 3 its second (id 111).
      const results = runAll([{ sourceIndex: 3, rateKgH: 3, fromMin: 90, toMin: 210 }], 9, 3.5, 2);
      const rows = finalRows(results);
      expect(rows).toHaveLength(1);
      expect([11, 111]).toContain(rows[0]!.sourceId);
      expect(rows[0]!.rate).toBeGreaterThan(3 / 1.5);
      expect(rows[0]!.rate).toBeLessThan(3 * 1.5);
    },
    TIMEOUT_MS,
  );

  it(
    'beside an open emission a strong step does not open a second group: it needs two on-steps',
    () => {
      // Group 20 (index 0) emits from minute 90; group 24 (index 4) starts at 20 kg/h at minute 180, strong enough to
      // open on its first on-step when alone. With the rule it opens one step later; with it off, at once.
      const releases = besideGroup20(20);
      // The higher P(on) bar beside an open emission is held at the bar alone: this test is about the strong step.
      const firstSteps = (alone: boolean) =>
        withTuning({ strongOnlyAlone: alone, besideOpenOnProbability: TUNING.onProbability }, () => {
          const res = runAll(releases, 5, 4);
          return {
            a: res.findIndex((r) => r.emissions.some((e) => e.sourceId === 10)),
            bOn: res.findIndex((r) => r.sources.find((x) => x.sourceId === 14)?.on),
            bRow: res.findIndex((r) => r.emissions.some((e) => e.sourceId === 14)),
          };
        });
      const off = firstSteps(false);
      const on = firstSteps(true);
      expect(off.a).toBeGreaterThanOrEqual(0);
      expect(off.a).toBeLessThan(off.bOn); // group 20's emission is open when group 24 is first on
      expect(off.bRow).toBe(off.bOn); // alone, one strong step opens it
      expect(on.bOn).toBe(off.bOn);
      expect(on.bRow).toBe(on.bOn + 1); // beside the open emission, the second on-step does
    },
    TIMEOUT_MS,
  );

  it(
    'beside an open emission a new group needs P(on) of besideOpenOnProbability; alone, onProbability',
    () => {
      // Group 20 (id 10) emits from minute 90, group 24 (id 14) at 6 kg/h from minute 180.
      const releases = besideGroup20(6);
      /** Per step: is source `id` on while, at the step's start, it had no open emission and another source had one. */
      const onBesideOpen = (beside: number, id: number) =>
        withTuning({ besideOpenOnProbability: beside }, () => {
          const res = runAll(releases, 5, 4);
          return res.map((r, i) => {
            const before = parseCarry(i > 0 ? res[i - 1]!.carry : null).emissions;
            const others = Object.entries(before).some(([k, e]) => k !== String(id) && e.open);
            return !before[String(id)]?.open && others && r.sources.find((x) => x.sourceId === id)!.on;
          });
        });
      // With the bar it has alone, group 24 turns on beside group 20's open emission (P(on) 0.75 there) …
      expect(onBesideOpen(TUNING.onProbability, 14).some(Boolean)).toBe(true);
      // … and with a bar no P(on) reaches, never beside an open emission (it opens once group 20's has closed).
      expect(onBesideOpen(1.01, 14).some(Boolean)).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'a release whose plume the fit hands to a twin group 3.5 m away keeps one emission (stand-ins)',
    () => {
      // Group 22's unit (id 12) emits; its twin (id 112) is group 32. Without the rule the fit's choice flips between
      // the twins and each flip opens a new, wrong-group emission.
      // The learnt direction offset is held at zero: twins 3.5 m apart turn on fractions of a degree (±0.2° of
      // learning noise on these unbiased readings moved the fit's choice), and this test is about the stand-in rule.
      const emissionKeys = (cosine: number) =>
        withTuning({ standInCosine: cosine, directionOffsetApply: 0 }, () => {
          const rows = finalRows(runAll([{ sourceIndex: 4, rateKgH: 4, fromMin: 90, toMin: 330 }], 6, 5, 2, true));
          return { rows, keys: new Set(rows.map((e) => e.sourceId)) };
        });
      const off = emissionKeys(0);
      expect(off.keys).toEqual(new Set([12, 112]));
      expect(off.rows.length).toBeGreaterThan(2);
      const on = emissionKeys(TUNING.standInCosine);
      expect(on.rows).toHaveLength(1);
      expect([12, 112]).toContain(on.rows[0]!.sourceId);
    },
    TIMEOUT_MS,
  );

  it(
    'a quiet period: no emission, site rate ≈ 0 with a positive upper bound',
    () => {
      const results = runAll([], 11, 2);
      expect(results.flatMap((r) => r.emissions)).toEqual([]);
      for (const r of results) {
        expect(r.siteRate).not.toBeNull();
        expect(r.siteRate!.rate).toBeLessThan(0.2);
        expect(r.siteRate!.upper).toBeGreaterThan(0);
        expect(r.sources.every((s) => !s.on)).toBe(true);
      }
    },
    TIMEOUT_MS,
  );
});
