// Stand-ins (modelling.md §1.6–1.7): when the wind turns during a release, the fit may hand the plume to a
// neighbouring group whose footprint on the sensors is nearly the same as the emitting one's. The sensors cannot tell
// the two apart in that step, so the group with the open emission keeps it: the newcomer's rate is projected onto the
// open group's footprint instead of opening a second, wrong-group emission.
import type { Footprints } from './footprint';

/** How alike two groups' footprints are on the window's usable rows, and the factor that maps b's rate onto a. */
export interface FootprintLikeness {
  /** Cosine of the two weighted footprint vectors, 0 when either is empty. */
  cosine: number;
  /** Least-squares factor f so that rate_a = f · rate_b reproduces b's modelled signal on a's footprint. */
  projection: number;
}

/**
 * The likeness of groups a and b (model indices of their units), over the members' mean footprint, on the rows
 * with a finite enhancement, weighted by the minute's wind weight.
 */
export function footprintLikeness(
  members: readonly Footprints[],
  a: readonly number[],
  b: readonly number[],
  enhancement: readonly Float64Array[],
  minuteWeight: Float64Array,
): FootprintLikeness {
  if (members.length === 0) return { cosine: 0, projection: 0 };
  const { R, T } = members[0]!;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let r = 0; r < R; r++) {
    for (let t = 0; t < T; t++) {
      const w = minuteWeight[t]!;
      if (!(w > 0) || !Number.isFinite(enhancement[r]![t]!)) continue;
      const va = groupFootprint(members, a, r, t);
      const vb = groupFootprint(members, b, r, t);
      ab += w * va * vb;
      aa += w * va * va;
      bb += w * vb * vb;
    }
  }
  if (!(aa > 0) || !(bb > 0)) return { cosine: 0, projection: 0 };
  return { cosine: ab / Math.sqrt(aa * bb), projection: ab / aa };
}

/** A group's footprint (summed over its units, averaged over the ensemble's members) at sensor r, minute t. */
function groupFootprint(members: readonly Footprints[], units: readonly number[], r: number, t: number): number {
  let v = 0;
  for (const m of members) for (const s of units) v += m.h[(s * m.R + r) * m.T + t]!;
  return v / members.length;
}

/** A group as the step's verdicts see it. */
export interface StandInGroup {
  /** The group's representative source (index into the site's sources). */
  rep: number;
  /** Model indices of its units. */
  units: readonly number[];
  pOn: number;
  rate: number;
  lower: number;
  upper: number;
  /** The open emission's mean rate so far, or null when the group has none open. */
  openMeanRate: number | null;
}

export interface HandedRate {
  rate: number;
  lower: number;
  upper: number;
}

/**
 * The newcomers that stand in for an open group, and the rate each open group takes over. A newcomer passes the
 * fresh test (pOn ≥ onProbability) and has no emission open; its footprint and the open group's have at least
 * `cosine` likeness; the projected rate is within `maxScale` of the newcomer's and at most `maxJump` times the open
 * emission's mean rate (a much larger rate is another release, not the same one seen differently, such as a second
 * source starting downwind of the first). A lower rate is no such sign: the turning wind often shows only part of
 * the plume.
 */
export function findStandIns(
  groups: readonly StandInGroup[],
  likeness: (open: readonly number[], newcomer: readonly number[]) => FootprintLikeness,
  rule: { onProbability: number; cosine: number; maxScale: number; maxJump: number },
): { standIns: Set<number>; handed: Map<number, HandedRate> } {
  const standIns = new Set<number>();
  const handed = new Map<number, HandedRate>();
  const open = groups.filter((g) => g.openMeanRate !== null);
  const within = (a: number, b: number, k: number) => a <= k * b && b <= k * a;
  for (const y of groups) {
    if (y.openMeanRate !== null || y.pOn < rule.onProbability || !(y.rate > 0)) continue;
    let best: { x: StandInGroup; like: FootprintLikeness } | null = null;
    for (const x of open) {
      const like = likeness(x.units, y.units);
      if (like.cosine < rule.cosine || !within(like.projection, 1, rule.maxScale)) continue;
      if (like.projection * y.rate > rule.maxJump * x.openMeanRate!) continue;
      if (!best || like.cosine > best.like.cosine) best = { x, like };
    }
    if (!best) continue;
    standIns.add(y.rep);
    const f = best.like.projection;
    const had = handed.get(best.x.rep) ?? { rate: 0, lower: 0, upper: 0 };
    handed.set(best.x.rep, {
      rate: had.rate + f * y.rate,
      lower: had.lower + f * y.lower,
      upper: had.upper + f * y.upper,
    });
  }
  return { standIns, handed };
}
