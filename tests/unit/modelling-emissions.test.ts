import { describe, expect, it } from 'vitest';
import {
  advanceEmission,
  emptyState,
  persistenceWeight,
  type EmissionState,
  type StepVerdict,
} from '../../server/services/modelling/emissions';
import { freshCarry, parseCarry, toCarry } from '../../server/services/modelling/carry';

const STEP = 15 * 60_000;
const T0 = Date.UTC(2026, 0, 1);

function verdict(on: boolean, observable = true, rate = 2, extra: Partial<StepVerdict> = {}): StepVerdict {
  return {
    sourceId: 7,
    on,
    strong: false,
    observable,
    rate,
    lower: rate / 2,
    upper: rate * 2,
    probability: 0.9,
    firstSpikeMs: null,
    ...extra,
  };
}

function run(seq: StepVerdict[]) {
  let state: EmissionState = emptyState();
  const rows = seq.map((v, i) => {
    const r = advanceEmission(state, v, T0 + i * STEP);
    state = r.state;
    return r.upserts;
  });
  return { rows, state };
}

describe('emission bookkeeping', () => {
  it('opens once the on-steps gathered average P(on) ≥ 0.75: 0.5 then 0.75 wait, a third of 1.0 opens from the first', () => {
    // (0.5 + 0.75) / 2 = 0.625 < 0.75: pending; (0.5 + 0.75 + 1) / 3 = 0.75: open, start at the first on-step.
    const { rows } = run([
      verdict(true, true, 1, { evidence: 0.5 }),
      verdict(true, true, 2, { evidence: 0.75 }),
      verdict(true, true, 6, { evidence: 1 }),
    ]);
    expect(rows[0]).toEqual([]);
    expect(rows[1]).toEqual([]);
    const opened = rows[2]![0]!;
    expect(opened.start).toBe(T0);
    // The pending steps count as one step at their mean rate (1.5), the opening step adds 6: (1.5 + 6) / 2.
    expect(opened.rate).toBeCloseTo(3.75, 10);
  });

  it('two on-steps that each lost one of four members (P(on) 0.75) open an emission', () => {
    const { rows } = run([verdict(true, true, 2, { evidence: 0.75 }), verdict(true, true, 2, { evidence: 0.75 })]);
    expect(rows[1]![0]!.start).toBe(T0);
  });

  it('on-steps at P(on) 0.5 alone never open one', () => {
    const { rows, state } = run([0, 1, 2, 3].map(() => verdict(true, true, 2, { evidence: 0.5 })));
    expect(rows.flat()).toEqual([]);
    expect(state.pending?.n).toBe(4);
  });

  it('opens after two on-steps, extends while on or unobservable, closes after 30 min of observable off', () => {
    const { rows, state } = run([
      verdict(false),
      verdict(true, true, 2, { firstSpikeMs: T0 + STEP + 4 * 60_000 }),
      verdict(true, true, 4),
      verdict(false, false, 0), // unobservable: carried
      verdict(true, true, 3),
      verdict(false),
      verdict(false),
      verdict(false),
    ]);
    expect(rows[0]).toEqual([]);
    expect(rows[1]).toEqual([]); // pending
    const opened = rows[2]![0]!;
    expect(opened.start).toBe(T0 + STEP + 4 * 60_000); // refined to the first spike minute
    expect(opened.end).toBeNull();
    expect(opened.rate).toBeCloseTo(3, 10);
    expect(opened.totalVolume).toBeCloseTo(3 * 2 * 0.25, 10);
    const carried = rows[3]![0]!;
    expect(carried.end).toBeNull();
    expect(carried.rate).toBeCloseTo(3, 10); // the carried step adds the mean so far
    expect(rows[4]![0]!.end).toBeNull();
    expect(rows[5]).toEqual([]); // first off-step: nothing to write
    const closed = rows[6]![0]!;
    expect(closed.end).toBe(T0 + 5 * STEP); // end of the last on-step
    expect(closed.rate).toBeCloseTo((2 + 4 + 3 + 3) / 4, 10);
    // The unobservable step counts at its persistence weight: seen 26 min (start refined 4 min into the first
    // on-step, last on-step ending at T0 + 3 steps), its middle 7.5 min after: 26 / 33.5.
    expect(closed.totalVolume).toBeCloseTo(closed.rate * (3 + 26 / 33.5) * 0.25, 10);
    expect(closed.lower).toBeLessThan(closed.rate);
    expect(closed.upper).toBeGreaterThan(closed.rate);
    expect(closed.probability).toBeCloseTo(0.9, 10);
    expect(rows[7]).toEqual([]);
    expect(state.open).toBeNull();
  });

  it('a single on-step is forgotten after two observable off-steps; a strong step opens at once', () => {
    const a = run([verdict(true), verdict(false), verdict(false), verdict(true)]);
    expect(a.rows.flat()).toEqual([]);
    const b = run([verdict(true), verdict(false), verdict(true)]);
    expect(b.rows[2]![0]!.start).toBe(T0);
    const c = run([verdict(true, true, 5, { strong: true })]);
    expect(c.rows[0]![0]!.start).toBe(T0);
    expect(c.rows[0]![0]!.end).toBeNull();
  });

  it('the start follows the spike run back up to two steps before the first on-step, no further', () => {
    // First on-step at T0 + 2 steps: a run that began 25 min before it is taken, one that began 35 min before is not.
    const seq = (spikeMin: number) => [
      verdict(false),
      verdict(false),
      verdict(true, true, 5, { strong: true, firstSpikeMs: T0 + 2 * STEP - spikeMin * 60_000 }),
    ];
    expect(run(seq(25)).rows[2]![0]!.start).toBe(T0 + 2 * STEP - 25 * 60_000);
    expect(run(seq(30)).rows[2]![0]!.start).toBe(T0);
    expect(run(seq(35)).rows[2]![0]!.start).toBe(T0 + 2 * STEP);
  });

  it('unobservable steps neither open nor close', () => {
    const { rows, state } = run([
      verdict(true),
      verdict(true),
      ...Array.from({ length: 6 }, () => verdict(false, false, 0)),
    ]);
    expect(rows.slice(2).every((r) => r.length === 1 && r[0]!.end === null)).toBe(true);
    expect(state.open?.steps).toBe(8);
  });

  it('an emission seen once and then unobservable for 8 h carries its volume at the persistence weight, not in full', () => {
    // Session 24 round 2 (sparse 1111): a release opened by one strong step at 98 kg/h was carried at that rate
    // through 8 unobservable hours. Now the k-th unobservable step after one 15-min on-step counts 1 / (k + 0.5).
    const { rows, state } = run([
      verdict(true, true, 98, { strong: true }),
      ...Array.from({ length: 32 }, () => verdict(false, false, 0)),
    ]);
    const last = rows[32]![0]!;
    expect(last.end).toBeNull(); // still open: no information is not "off"
    expect(last.rate).toBeCloseTo(98, 10); // the emission's rate is what was seen
    expect(last.upper).toBeCloseTo(196, 10); // and its upper bound is kept
    let weights = 1;
    for (let k = 1; k <= 32; k++) weights += 1 / (k + 0.5);
    expect(last.totalVolume).toBeCloseTo(98 * weights * 0.25, 8);
    expect(weights).toBeLessThan(5); // was 33 steps at 98 kg/h
    expect(persistenceWeight(state.open!, T0 + STEP)).toBeCloseTo(2 / 3, 10);
    // The weight's inputs survive the carry as the service stores it (JSON): the volume keeps counting from them.
    const stored = parseCarry(toCarry({ ...freshCarry(), emissions: { '7': state } })).emissions['7']!;
    expect(stored.open).toEqual(state.open);
    expect(stored.open?.lastOnEnd).toBe(T0 + STEP);
    expect(persistenceWeight(state.open!, T0 + 32 * STEP)).toBeCloseTo(1 / 32.5, 10);
    // A release seen for 2 h is still carried at 0.8 of its rate 30 minutes after its last sight.
    const long = run(Array.from({ length: 8 }, () => verdict(true, true, 5, { strong: true }))).state.open!;
    expect(persistenceWeight(long, T0 + 8 * STEP)).toBeCloseTo(120 / 127.5, 10);
    expect(persistenceWeight(long, T0 + 9 * STEP + STEP / 2)).toBeCloseTo(0.8, 10);
  });

  it('the carry between steps keeps a pending start’s gathered P(on): 0.5 then 0.75 across a carry round-trip waits', () => {
    // Through the carry as the service stores it: the first step's P(on) 0.5 must still count at the second step.
    const first = advanceEmission(emptyState(), verdict(true, true, 2, { evidence: 0.5 }), T0);
    const carried = parseCarry(toCarry({ ...freshCarry(), emissions: { '7': first.state } })).emissions['7']!;
    expect(carried.pending).toMatchObject({ n: 1, evidence: 0.5 });
    const second = advanceEmission(carried, verdict(true, true, 2, { evidence: 0.75 }), T0 + STEP);
    expect(second.upserts).toHaveLength(0);
    expect(second.state.pending).toMatchObject({ n: 2, evidence: 1.25 });
  });
});
