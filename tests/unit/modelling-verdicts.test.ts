import { describe, expect, it } from 'vitest';
import type { StepDiagnostics } from '../../server/services/modelling/contract';
import type { Release, Scenario } from '../../bench/truth/types';
import { causeCounts, releaseVerdicts, totalsBreakdown, type VerdictStep } from '../../bench/science/verdicts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1);

// Two groups: A (source id 1) and B (source id 2).
function scenario(releases: Release[]): Scenario {
  const src = (key: string, group: string) => ({
    key,
    name: key,
    group,
    category: 'Wellhead' as const,
    east: 0,
    north: 0,
    height: 2,
  });
  return {
    layout: 'operator',
    seed: 1,
    siteIndex: 0,
    site: {
      layout: 'operator',
      origin: { latitude: 40, longitude: -105 },
      elevationM: 0,
      sources: [src('S1', 'A'), src('S2', 'B')],
      sensors: [],
      obstacles: [],
    },
    start: T0,
    end: T0 + 120 * MIN,
    truth: { releases, offsite: [] },
  };
}

const release = (id: string, sourceKey: string, fromMin: number, toMin: number, rateKgH: number): Release => ({
  id,
  sourceKey,
  start: T0 + fromMin * MIN,
  end: T0 + toMin * MIN,
  rateKgH,
});

function diag(d: Partial<StepDiagnostics> & { a?: Partial<StepDiagnostics['groups'][number]> | null; b?: number }) {
  const groups: StepDiagnostics['groups'] = [];
  if (d.a !== null) groups.push({ sourceIds: [1], pOn: 0, probability: 0, rate: 0, on: false, ...d.a });
  if (d.b !== undefined) groups.push({ sourceIds: [2], pOn: d.b, probability: 1, rate: 5, on: false });
  return {
    spikeMinutes: d.spikeMinutes ?? 30,
    explained: d.explained ?? 0.8,
    unobservable: d.a === null ? [1] : [],
    groups,
  };
}

/** Steps at T0 + 15·k min; a release over [30, 60) min touches the steps whose window (t − 15, t + 15] meets it. */
const steps = (byStep: Record<number, StepDiagnostics>): VerdictStep[] =>
  Array.from({ length: 8 }, (_, k) => ({ stepStart: T0 + k * 15 * MIN, diagnostics: byStep[k] ?? diag({ a: null }) }));

describe('per-release verdicts', () => {
  const rel = release('R1', 'S1', 30, 60, 5);
  const sc = scenario([rel]);

  it('unobserved when the group was unobservable in every step the release touches', () => {
    const [v] = releaseVerdicts(sc, steps({}), [rel], new Set());
    expect(v!.cause).toBe('unobserved');
    expect(v!.steps).toBe(3); // steps at 30, 45 and 60 min (windows (15, 45], (30, 60], (45, 75])
    expect(v!.observableSteps).toBe(0);
  });

  it('the best step decides: spike, then explained, then P(on)', () => {
    expect(
      releaseVerdicts(sc, steps({ 2: diag({ spikeMinutes: 2, a: { pOn: 1 } }) }), [rel], new Set())[0]!.cause,
    ).toBe('spike');
    const explained = steps({ 1: diag({ spikeMinutes: 2 }), 2: diag({ explained: 0.2, a: { pOn: 0.9 } }) });
    expect(releaseVerdicts(sc, explained, [rel], new Set())[0]!.cause).toBe('explained');
    const pOn = steps({ 2: diag({ a: { pOn: 0.25 } }), 3: diag({ a: { pOn: 0.75, rate: 4 } }) });
    const [v] = releaseVerdicts(sc, pOn, [rel], new Set());
    expect(v!.cause).toBe('p_on');
    // The best step is the one with the higher P(on) at the same stage.
    expect(v!.best!.pOn).toBe(0.75);
    expect(v!.best!.rateKgH).toBe(4);
    expect(v!.best!.time).toBe(new Date(T0 + 45 * MIN).toISOString());
  });

  it('other_group when another group passed P(on) in the best step', () => {
    const [v] = releaseVerdicts(sc, steps({ 2: diag({ a: { pOn: 0.25 }, b: 0.9 }) }), [rel], new Set());
    expect(v!.cause).toBe('other_group');
    expect(v!.best!.groupChosen).toBe('B');
  });

  it('single_on_step when the group was on but no emission opened; replay_detected when the replay opened one', () => {
    const on = steps({ 2: diag({ a: { pOn: 0.9, on: true } }) });
    const [v] = releaseVerdicts(sc, on, [rel], new Set());
    expect(v!.cause).toBe('single_on_step');
    expect(v!.onSteps).toBe(1);
    expect(releaseVerdicts(sc, on, [rel], new Set(['R1']))[0]!.cause).toBe('replay_detected');
    expect(causeCounts([v!]).single_on_step).toBe(1);
  });
});

describe('totals breakdown', () => {
  it('splits true and modelled kg by steps with a detected release, with only missed ones, and release-free', () => {
    // R1 (detected) 4 kg/h over [0, 30) min: 2 kg in steps 0 and 1; R2 (missed) 8 kg/h over [60, 75): 2 kg in step 4.
    const sc = scenario([release('R1', 'S1', 0, 30, 4), release('R2', 'S2', 60, 75, 8)]);
    // Modelled 15-min rates: 2 kg/h in steps 0 and 1 (1 kg), 4 kg/h at step 4 (1 kg), 1 kg/h at step 6 (0.25 kg).
    const rates = [
      { time: T0, rate: 2 },
      { time: T0 + 15 * MIN, rate: 2 },
      { time: T0 + 60 * MIN, rate: 4 },
      { time: T0 + 90 * MIN, rate: 1 },
    ];
    const b = totalsBreakdown(sc, rates, new Set(['R1']));
    expect(b.detected).toEqual({ trueKg: 2, modelledKg: 1, stepsWithoutRate: 0, steps: 2 });
    expect(b.missed).toEqual({ trueKg: 2, modelledKg: 1, stepsWithoutRate: 0, steps: 1 });
    expect(b.quiet).toEqual({ trueKg: 0, modelledKg: 0.25, stepsWithoutRate: 4, steps: 5 });
  });
});
