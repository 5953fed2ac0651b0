// Why a release was missed: the pipeline's detection tests read at the release's best step (from the offline replay's
// per-step diagnostics), and where a site total's error comes from. Pure; explains the scored numbers, never changes
// them.
import type { StepDiagnostics } from '../../server/services/modelling/contract';
import { TUNING } from '../../server/services/modelling/tuning';
import type { Release, Scenario } from '../truth/types';
import { overlapMs } from './match';

const MIN = 60_000;
const STEP_MS = 15 * MIN;
/** The inversion window of step t is (t − 15 min, t + 15 min]. */
const HALF_WINDOW_MS = 15 * MIN;

/** The first test a release's group failed at its best step, in the order the rule applies them. */
export const CAUSES = [
  'unobserved', // the group was unobservable in every step the release touches (no sensor downwind, calm)
  'spike', // observable, but fewer spike minutes in the window than the gate needs
  'explained', // spikes, but the fitted sources explain too little of the signal
  'other_group', // the group's P(on) short while another group passed: the signal went to the wrong group
  'p_on', // P(on) short of the threshold, no group passed
  'single_on_step', // on in some step, but never in the two steps (or one strong step) that open an emission
  'replay_detected', // the replay opened an emission the console did not (late readings, timing)
] as const;
export type Cause = (typeof CAUSES)[number];

export interface StepLook {
  time: string;
  spikeMinutes: number;
  explained: number;
  pOn: number;
  probability: number;
  rateKgH: number;
  on: boolean;
  /** Group with the highest P(on) in the step (the one the rule would choose), or null when none was observable. */
  groupChosen: string | null;
}

export interface ReleaseVerdict {
  release: string;
  group: string;
  rateKgH: number;
  durationMin: number;
  cause: Cause;
  /** Steps the release touches, and those in which its group was observable / on. */
  steps: number;
  observableSteps: number;
  onSteps: number;
  best: StepLook | null;
}

export interface VerdictStep {
  stepStart: number;
  diagnostics: StepDiagnostics | null;
}

/** How far a step got through the tests for a group: 0 unobservable … 4 on. */
function stage(d: StepDiagnostics, ids: Set<number>): { stage: number; g: StepDiagnostics['groups'][number] | null } {
  const g = d.groups.find((x) => x.sourceIds.some((id) => ids.has(id))) ?? null;
  if (!g) return { stage: 0, g };
  if (g.on) return { stage: 4, g };
  if (d.spikeMinutes < TUNING.minSpikeMinutesInWindow) return { stage: 1, g };
  if (d.explained < TUNING.minExplained) return { stage: 2, g };
  return { stage: 3, g };
}

/**
 * Verdicts for the given releases (those a method missed): each release's equipment group is followed through the
 * steps whose window it touches; the best step is the one that got furthest through the tests (ties: higher P(on),
 * then explained variance), and the cause is the first test that step failed.
 */
export function releaseVerdicts(
  scenario: Scenario,
  steps: readonly VerdictStep[],
  missed: readonly Release[],
  detectedByReplay: ReadonlySet<string>,
): ReleaseVerdict[] {
  const sources = scenario.site.sources;
  const groupOfId = (id: number) => sources[id - 1]?.group ?? '?';
  return missed.map((rel) => {
    const src = sources.find((s) => s.key === rel.sourceKey);
    const group = src?.group ?? '?';
    const ids = new Set(sources.flatMap((s, i) => (s.group === group ? [i + 1] : [])));
    let best: { stage: number; look: StepLook } | null = null;
    let touched = 0;
    let observable = 0;
    let on = 0;
    for (const st of steps) {
      if (!(st.stepStart - HALF_WINDOW_MS < rel.end && st.stepStart + HALF_WINDOW_MS > rel.start)) continue;
      touched++;
      const d = st.diagnostics;
      if (!d) continue;
      const s = stage(d, ids);
      if (s.stage > 0) observable++;
      if (s.stage === 4) on++;
      let chosen: StepDiagnostics['groups'][number] | null = null;
      for (const g of d.groups) if (g.pOn > 0 && (!chosen || g.pOn > chosen.pOn)) chosen = g;
      const look: StepLook = {
        time: new Date(st.stepStart).toISOString(),
        spikeMinutes: d.spikeMinutes,
        explained: round(d.explained),
        pOn: round(s.g?.pOn ?? 0),
        probability: round(s.g?.probability ?? 0),
        rateKgH: round(s.g?.rate ?? 0),
        on: s.g?.on ?? false,
        groupChosen: chosen ? groupOfId(chosen.sourceIds[0]!) : null,
      };
      const better =
        !best ||
        s.stage > best.stage ||
        (s.stage === best.stage &&
          (look.pOn > best.look.pOn || (look.pOn === best.look.pOn && look.explained > best.look.explained)));
      if (better) best = { stage: s.stage, look };
    }
    let cause: Cause;
    if (detectedByReplay.has(rel.id)) cause = 'replay_detected';
    else if (!best || best.stage === 0) cause = 'unobserved';
    else if (best.stage === 1) cause = 'spike';
    else if (best.stage === 2) cause = 'explained';
    else if (best.stage === 3) {
      const other = best.look.groupChosen !== null && best.look.groupChosen !== group;
      cause = other && otherPassed(steps, best.look.time, ids) ? 'other_group' : 'p_on';
    } else cause = 'single_on_step';
    return {
      release: rel.id,
      group,
      rateKgH: round(rel.rateKgH),
      durationMin: Math.round((rel.end - rel.start) / MIN),
      cause,
      steps: touched,
      observableSteps: observable,
      onSteps: on,
      best: best?.look ?? null,
    };
  });
}

function otherPassed(steps: readonly VerdictStep[], time: string, ids: Set<number>): boolean {
  const st = steps.find((s) => new Date(s.stepStart).toISOString() === time);
  return (
    st?.diagnostics?.groups.some((g) => !g.sourceIds.some((id) => ids.has(id)) && g.pOn >= TUNING.onProbability) ??
    false
  );
}

export function causeCounts(verdicts: readonly ReleaseVerdict[]): Record<Cause, number> {
  const out = Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>;
  for (const v of verdicts) out[v.cause]++;
  return out;
}

export interface TotalsPart {
  trueKg: number;
  modelledKg: number;
  /** Steps of this part with no site rate written (counted as 0 kg). */
  stepsWithoutRate: number;
  steps: number;
}

/**
 * Splits a site's total error by step: steps where a detected release runs, steps where only missed releases run,
 * and release-free steps. Modelled = the 15-min site rate × 0.25 h (0 where none was written).
 */
export function totalsBreakdown(
  scenario: Scenario,
  siteRates: readonly { time: number; rate: number }[],
  detected: ReadonlySet<string>,
): { detected: TotalsPart; missed: TotalsPart; quiet: TotalsPart } {
  const rateAt = new Map(siteRates.map((r) => [r.time, r.rate]));
  const part = (): TotalsPart => ({ trueKg: 0, modelledKg: 0, stepsWithoutRate: 0, steps: 0 });
  const out = { detected: part(), missed: part(), quiet: part() };
  for (let t = scenario.start; t + STEP_MS <= scenario.end; t += STEP_MS) {
    let trueKg = 0;
    let anyDetected = false;
    let any = false;
    for (const rel of scenario.truth.releases) {
      const ov = overlapMs(t, t + STEP_MS, rel.start, rel.end);
      if (ov <= 0) continue;
      any = true;
      anyDetected ||= detected.has(rel.id);
      trueKg += (rel.rateKgH * ov) / 3_600_000;
    }
    const p = !any ? out.quiet : anyDetected ? out.detected : out.missed;
    const r = rateAt.get(t);
    p.steps++;
    p.trueKg += trueKg;
    if (r === undefined) p.stepsWithoutRate++;
    else p.modelledKg += r * 0.25;
  }
  for (const p of Object.values(out)) {
    p.trueKg = round(p.trueKg);
    p.modelledKg = round(p.modelledKg);
  }
  return out;
}

const round = (v: number) => Math.round(v * 1000) / 1000;
