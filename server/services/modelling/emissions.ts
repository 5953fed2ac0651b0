// Stage F: emission bookkeeping per source (modelling.md §1.7), a small state machine carried between steps.
//
// Open after on-steps at most one observable off-step apart whose P(on) averages TUNING.openMeanPOn (at least 2; or 1
// step with strong evidence, so large releases are reported a step earlier); start = the first on-step's start refined
// to its first spike minute. Extend while on or unobservable (no information is not "off"). Close after 30 min of
// observable off-steps; end = end of the last on or unobservable step. Rate = mean of the per-step medians, bounds =
// mean of the per-step bounds (the steps' errors are mostly shared model error, so they do not average out),
// probability = mean localization probability over the on-steps. Volume = rate × 0.25 h per step, an unobservable
// step counted at the persistence weight below (the chance that the release still runs), not as a whole step.
import { STEP_MS, type EmissionUpsert } from './contract';
import { TUNING } from './tuning';

export interface StepVerdict {
  sourceId: number;
  on: boolean;
  strong: boolean;
  observable: boolean;
  rate: number;
  lower: number;
  upper: number;
  probability: number;
  /** First spike minute start (ms) seen in this step's window, or null. */
  firstSpikeMs: number | null;
  /**
   * The group's P(on) in this step (1 when absent). A new emission opens once the on-steps it has gathered average at
   * least TUNING.openMeanPOn, so two steps that each lost a member of the ensemble still add up to a detection.
   */
  evidence?: number;
}

export interface EmissionState {
  /** Pending first on-step (not yet open). */
  pending: {
    start: number;
    rate: number;
    lower: number;
    upper: number;
    probability: number;
    misses?: number;
    /** On-steps gathered and the sum of their evidence (absent: one step of evidence 1, as carried before). */
    n?: number;
    evidence?: number;
  } | null;
  open: {
    start: number;
    lastEnd: number;
    steps: number;
    sumRate: number;
    sumLower: number;
    sumUpper: number;
    onSteps: number;
    sumProbability: number;
    offSteps: number;
    /** End of the last on-step (absent in older carries: lastEnd). */
    lastOnEnd?: number;
    /** Steps the volume counts: 1 per on-step, the persistence weight per unobservable step (absent: steps). */
    volumeSteps?: number;
  } | null;
}

export function emptyState(): EmissionState {
  return { pending: null, open: null };
}

/**
 * The weight an open emission's rate is carried with into an unobservable step: the chance that the release still
 * runs, given that it was seen on for `seen` and not seen since for `since` (the step's middle). With release
 * durations spread over orders of magnitude (log-uniform, no preferred scale), that chance is seen / (seen + since):
 * a release seen for 2 h is likely still on 30 min later (0.8), one seen for a single step is a coin toss 8 minutes
 * later and ~0.1 after two hours. Carrying the full rate instead read a 48 kg/h release seen once as 98 kg/h for 8
 * unobservable hours (session 24 round 2, sparse 1111: 7-day total +140 %). The upper bound is carried in full.
 */
export function persistenceWeight(open: NonNullable<EmissionState['open']>, stepStart: number): number {
  const lastOn = open.lastOnEnd ?? open.lastEnd;
  const seen = Math.max(STEP_MS, lastOn - open.start);
  const since = Math.max(0, stepStart + STEP_MS / 2 - lastOn);
  return seen / (seen + since);
}

function row(sourceId: number, o: NonNullable<EmissionState['open']>, end: number | null): EmissionUpsert {
  const rate = o.steps > 0 ? o.sumRate / o.steps : 0;
  return {
    sourceId,
    start: o.start,
    end,
    rate,
    lower: o.steps > 0 ? o.sumLower / o.steps : 0,
    upper: o.steps > 0 ? o.sumUpper / o.steps : 0,
    totalVolume: rate * (o.volumeSteps ?? o.steps) * (STEP_MS / 3_600_000),
    probability: o.onSteps > 0 ? Math.min(1, o.sumProbability / o.onSteps) : 0,
  };
}

/** Advances one source's state by one step; returns the upserts this step owes (at most one per emission). */
export function advanceEmission(
  state: EmissionState,
  v: StepVerdict,
  stepStart: number,
): { state: EmissionState; upserts: EmissionUpsert[] } {
  const stepEnd = stepStart + STEP_MS;
  const s: EmissionState = {
    pending: state.pending ? { ...state.pending } : null,
    open: state.open ? { ...state.open } : null,
  };
  const upserts: EmissionUpsert[] = [];
  if (s.open) {
    const o = s.open;
    if (v.on || !v.observable) {
      // Unobservable steps carry the last rate: the emission is presumed to persist (PDM), not to stop.
      const carried = v.on
        ? v
        : { rate: o.sumRate / o.steps, lower: o.sumLower / o.steps, upper: o.sumUpper / o.steps };
      o.volumeSteps = (o.volumeSteps ?? o.steps) + (v.on ? 1 : persistenceWeight(o, stepStart));
      o.steps++;
      o.sumRate += carried.rate;
      o.sumLower += carried.lower;
      o.sumUpper += carried.upper;
      o.lastEnd = stepEnd;
      o.offSteps = 0;
      if (v.on) {
        o.onSteps++;
        o.sumProbability += v.probability;
        o.lastOnEnd = stepEnd;
      }
      upserts.push(row(v.sourceId, o, null));
    } else {
      o.offSteps++;
      if (o.offSteps >= TUNING.closeAfterOffSteps) {
        upserts.push(row(v.sourceId, o, o.lastEnd));
        s.open = null;
      }
    }
    return { state: s, upserts };
  }
  if (!v.on) {
    // An unobservable step neither confirms nor cancels a pending start; one observable off-step between two
    // on-steps does not either (a meandering plume misses the sensors for a step), two do.
    if (s.pending && v.observable) {
      s.pending.misses = (s.pending.misses ?? 0) + 1;
      if (s.pending.misses >= 2) s.pending = null;
    }
    return { state: s, upserts };
  }
  const refined =
    v.firstSpikeMs !== null && v.firstSpikeMs >= stepStart - 2 * STEP_MS && v.firstSpikeMs < stepEnd
      ? v.firstSpikeMs
      : stepStart;
  const ev = v.evidence ?? 1;
  const p = s.pending;
  const n = p ? (p.n ?? 1) : 0;
  const evidence = p ? (p.evidence ?? 1) : 0;
  if (v.strong || (p && (evidence + ev) / (n + 1) >= TUNING.openMeanPOn)) {
    // The pending steps' rates are kept as one step (their mean), as before: a report's rate is a per-step mean.
    const o: NonNullable<EmissionState['open']> = {
      start: p ? p.start : refined,
      lastEnd: stepEnd,
      steps: p ? 2 : 1,
      sumRate: (p ? p.rate : 0) + v.rate,
      sumLower: (p ? p.lower : 0) + v.lower,
      sumUpper: (p ? p.upper : 0) + v.upper,
      onSteps: p ? 2 : 1,
      sumProbability: (p ? p.probability : 0) + v.probability,
      offSteps: 0,
      lastOnEnd: stepEnd,
      volumeSteps: p ? 2 : 1,
    };
    s.open = o;
    s.pending = null;
    upserts.push(row(v.sourceId, o, null));
  } else if (p) {
    // Not enough evidence yet: gather this step too (the rate and bounds as the mean of the pending steps).
    const m = (a: number, b: number) => (a * n + b) / (n + 1);
    s.pending = {
      start: p.start,
      rate: m(p.rate, v.rate),
      lower: m(p.lower, v.lower),
      upper: m(p.upper, v.upper),
      probability: m(p.probability, v.probability),
      n: n + 1,
      evidence: evidence + ev,
    };
  } else {
    s.pending = {
      start: refined,
      rate: v.rate,
      lower: v.lower,
      upper: v.upper,
      probability: v.probability,
      n: 1,
      evidence: ev,
    };
  }
  return { state: s, upserts };
}
