// Matching reported emissions to controlled releases (modelling.md §2.5, ADED protocol style).
import type { Release } from '../truth/types';

export const PAD_MS = 30 * 60_000;

/** A reported emission as the scorer sees it, whatever method produced it. */
export interface Report {
  id: string;
  /** Truth source key the report names; null when the console's source is unknown to the scenario. */
  sourceKey: string | null;
  start: number;
  /** Null while open ("processing"): it then ends at the run's end. */
  end: number | null;
  rateKgH: number;
  lowerKgH: number | null;
  upperKgH: number | null;
  /** Simulated processing time at which the report first appeared (pipeline) or became available (DLQ). */
  firstSeenAt: number | null;
}

export interface MatchResult {
  /** Per report: the release it is a TP for, or null (FP). Same order as the reports. */
  assigned: (Release | null)[];
  /** Per release: whether any report overlaps it after padding. Same order as the releases. */
  detected: boolean[];
  /** Per release: the reports overlapping it after padding. */
  matchingReports: Report[][];
}

export const reportEnd = (r: Report, runEnd: number): number => r.end ?? runEnd;

function overlapMs(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/**
 * A report matches a release when their intervals overlap after padding the release by 30 min each side. A release
 * with a matching report is detected (TP), otherwise FN. A report matching none is FP; a report matching several
 * counts as one TP, for the release with the largest overlapping volume (rate × overlap of the padded interval).
 */
export function matchReports(reports: readonly Report[], releases: readonly Release[], runEnd: number): MatchResult {
  const detected = releases.map(() => false);
  const matchingReports: Report[][] = releases.map(() => []);
  const assigned = reports.map((r) => {
    const end = reportEnd(r, runEnd);
    let best: Release | null = null;
    let bestVolume = -1;
    releases.forEach((rel, i) => {
      const ov = overlapMs(r.start, end, rel.start - PAD_MS, rel.end + PAD_MS);
      // Zero-length reports still match when they sit inside the padded release.
      const touches = ov > 0 || (r.start >= rel.start - PAD_MS && r.start < rel.end + PAD_MS);
      if (!touches) return;
      detected[i] = true;
      matchingReports[i]!.push(r);
      const volume = rel.rateKgH * ov;
      if (volume > bestVolume) {
        bestVolume = volume;
        best = rel;
      }
    });
    return best;
  });
  return { assigned, detected, matchingReports };
}

/** Mean over [t0, t1) of the summed true rate of `sourceKey`'s releases (concurrent releases of one source add up). */
export function meanTrueRate(releases: readonly Release[], sourceKey: string, t0: number, t1: number): number {
  if (t1 <= t0) return 0;
  let volume = 0;
  for (const rel of releases)
    if (rel.sourceKey === sourceKey) volume += rel.rateKgH * overlapMs(t0, t1, rel.start, rel.end);
  return volume / (t1 - t0);
}

/** Union length of intervals clipped to [t0, t1). */
export function unionLength(intervals: readonly [number, number][], t0: number, t1: number): number {
  const clipped = intervals
    .map(([a, b]) => [Math.max(a, t0), Math.min(b, t1)] as [number, number])
    .filter(([a, b]) => b > a);
  clipped.sort((p, q) => p[0] - q[0]);
  let total = 0;
  let curA = -Infinity;
  let curB = -Infinity;
  for (const [a, b] of clipped) {
    if (a > curB) {
      if (curB > curA) total += curB - curA;
      curA = a;
      curB = b;
    } else curB = Math.max(curB, b);
  }
  if (curB > curA) total += curB - curA;
  return total;
}

/** True when t lies within 30 min of an on-site release (not release-free time). */
export function nearRelease(releases: readonly Release[], t: number): boolean {
  return releases.some((rel) => t >= rel.start - PAD_MS && t < rel.end + PAD_MS);
}

export { overlapMs };
