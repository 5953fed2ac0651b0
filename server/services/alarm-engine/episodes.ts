// The alarm engine's arithmetic (spec 2 §4): a sliding-window Max or Average over one device's samples, and the
// episodes in which it stays at or above the HI threshold. An episode ends only once the value has stayed below HI
// (or the data has stopped) for the reset evaluation period, so one event raises one alarm; its level is the highest
// threshold reached. Pure, so the same samples always give the same episodes.
import type { Samples } from '../measurement-chunk';

export const HOUR_MS = 3_600_000;
/** Aggregation ids (src/domain/enums): Average 0, Max 1. */
export const CALCULATION_AVERAGE = 0;
export const CALCULATION_MAX = 1;

export interface AlarmDetail {
  calculationMethod: number;
  hiThreshold: number;
  hiHiThreshold: number | null;
  criticalThreshold: number | null;
  slidingWindowSizeInHours: number;
  /** Null: the sliding window doubles as the reset period. */
  resetEvaluationPeriodInHours: number | null;
}

export interface Episode {
  start: number;
  end: number;
  maxValue: number;
  /** AlarmLevel: Hi 0, HiHi 1, Critical 2. */
  level: number;
}

export function levelOf(value: number, d: AlarmDetail): number {
  if (d.criticalThreshold !== null && value >= d.criticalThreshold) return 2;
  if (d.hiHiThreshold !== null && value >= d.hiHiThreshold) return 1;
  return value >= d.hiThreshold ? 0 : -1;
}

/** The window statistic at each sample: over the samples with t - window < time <= t. */
export function slidingStatistic(s: Samples, windowMs: number, method: number): Float64Array {
  const n = s.times.length;
  const out = new Float64Array(n);
  if (method === CALCULATION_MAX) {
    // A deque of indices with decreasing values: the front is the window's maximum.
    const deque = new Int32Array(n);
    let head = 0;
    let tail = 0;
    for (let i = 0; i < n; i++) {
      const t = s.times[i]!;
      while (tail > head && s.values[deque[tail - 1]!]! <= s.values[i]!) tail--;
      deque[tail++] = i;
      while (s.times[deque[head]!]! <= t - windowMs) head++;
      out[i] = s.values[deque[head]!]!;
    }
    return out;
  }
  let sum = 0;
  let first = 0;
  for (let i = 0; i < n; i++) {
    sum += s.values[i]!;
    while (s.times[first]! <= s.times[i]! - windowMs) sum -= s.values[first++]!;
    out[i] = sum / (i - first + 1);
  }
  return out;
}

/** Removes the samples inside any of the excluded [from, to) intervals (a quarantine). */
export function withoutIntervals(s: Samples, excluded: readonly (readonly [number, number])[]): Samples {
  if (excluded.length === 0) return s;
  const keep: number[] = [];
  for (let i = 0; i < s.times.length; i++) {
    const t = s.times[i]!;
    if (!excluded.some(([a, b]) => t >= a && t < b)) keep.push(i);
  }
  return { times: Float64Array.from(keep, (i) => s.times[i]!), values: Float32Array.from(keep, (i) => s.values[i]!) };
}

export function findEpisodes(s: Samples, d: AlarmDetail): Episode[] {
  const windowMs = d.slidingWindowSizeInHours * HOUR_MS;
  const resetMs = (d.resetEvaluationPeriodInHours ?? d.slidingWindowSizeInHours) * HOUR_MS;
  const stat = slidingStatistic(s, windowMs, d.calculationMethod);
  const episodes: Episode[] = [];
  let open: Episode | null = null;
  for (let i = 0; i < stat.length; i++) {
    const t = s.times[i]!;
    const v = stat[i]!;
    const level = levelOf(v, d);
    if (open && t - open.end >= resetMs) {
      episodes.push(open);
      open = null;
    }
    if (level < 0) continue;
    if (!open) open = { start: t, end: t, maxValue: v, level };
    else {
      open.end = t;
      if (v > open.maxValue) open.maxValue = v;
      if (level > open.level) open.level = level;
    }
  }
  if (open) episodes.push(open);
  return episodes;
}

/** Volume over an episode of a rate series (kg/h) sampled every `stepMs`: each sample stands for one step. */
export function episodeVolume(s: Samples, start: number, end: number, stepMs: number): number {
  let volume = 0;
  for (let i = 0; i < s.times.length; i++)
    if (s.times[i]! >= start && s.times[i]! <= end && !Number.isNaN(s.values[i]!))
      volume += (s.values[i]! * stepMs) / HOUR_MS;
  return volume;
}
