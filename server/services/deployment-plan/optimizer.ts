// The device placement optimizer (spec 3 §3 'Deployment plan'): pure functions of the site's sources, the wind rose
// and the drawn lines. The model, kept simple on purpose (README 'Deployment plan'):
// - the wind rose is the share of wind readings blowing FROM each of 16 sectors (calm readings left out);
// - a device sees a source's plume with probability Σ_sector P(sector) · k(Δ) · exp(−r / DECAY_METERS), where Δ is
//   the angle between the direction the wind blows toward and the bearing from source to device, k a triangular
//   kernel falling to 0 at PLUME_HALF_ANGLE, and r the distance;
// - a source's coverage by several devices is 1 − Π(1 − p); the total is the importance-weighted mean of the sources'
//   coverages (Ignore sources weigh 0 and are left out);
// - candidates are points every CANDIDATE_SPACING metres along the lines; mandatory placements come first, then the
//   candidate with the largest gain is added until the budget is spent (greedy), never closer than MIN_SEPARATION to a
//   device already placed (two devices a few metres apart see the same plumes).

export const WIND_SECTORS = 16;
export const PLUME_HALF_ANGLE = 30;
export const DECAY_METERS = 150;
export const CANDIDATE_SPACING = 5;
export const MIN_SEPARATION = 10;
/** Past this many candidates the spacing widens, so a long line costs no more than this. */
export const MAX_CANDIDATES = 2000;
/** Readings below this speed (m/s) carry no direction worth counting. */
export const CALM_SPEED = 0.5;

export type LngLat = readonly [number, number];

export interface OptimizerSource {
  id: number;
  location: LngLat;
  /** Ignore=0, Low=1, Medium=2, High=3: the source's weight. */
  weight: number;
}

export interface OptimizerInput {
  origin: LngLat;
  sources: readonly OptimizerSource[];
  /** Probability of wind from each sector, sector k centred on k · 360 / WIND_SECTORS degrees. */
  windRose: readonly number[];
  lines: readonly (readonly LngLat[])[];
  mandatory: readonly LngLat[];
  deviceBudget: number;
}

export interface OptimizerResult {
  devicePlacements: LngLat[];
  mandatory: boolean[];
  sourceCoverage: { id: number; coverage: number }[];
  totalCoverage: number;
  totalCoverageWithOneLessDevice: number;
  totalCoverageWithOneMoreDevice: number;
  messages: string[];
}

const DEG = Math.PI / 180;

/** Metres east and north of the origin (equirectangular: exact enough across a site). */
export function toLocal(origin: LngLat, p: LngLat): [number, number] {
  const x = (p[0] - origin[0]) * 111_320 * Math.cos(origin[1] * DEG);
  const y = (p[1] - origin[1]) * 110_540;
  return [x, y];
}
export function fromLocal(origin: LngLat, [x, y]: readonly [number, number]): [number, number] {
  return [origin[0] + x / (111_320 * Math.cos(origin[1] * DEG)), origin[1] + y / 110_540];
}

/** Points along the lines every `spacing` metres (each line's ends included), widened past MAX_CANDIDATES. */
export function sampleLines(
  origin: LngLat,
  lines: readonly (readonly LngLat[])[],
  spacing = CANDIDATE_SPACING,
): [number, number][] {
  const local = lines.map((l) => l.map((p) => toLocal(origin, p)));
  let length = 0;
  for (const l of local)
    for (let i = 1; i < l.length; i++) length += Math.hypot(l[i]![0] - l[i - 1]![0], l[i]![1] - l[i - 1]![1]);
  const step = Math.max(spacing, length / MAX_CANDIDATES);
  const out: [number, number][] = [];
  for (const l of local) {
    // Walk each line by arc length: a point every `step` metres, and the line's end unless one is just before it.
    let along = 0;
    let next = 0;
    for (let i = 1; i < l.length; i++) {
      const [ax, ay] = l[i - 1]!;
      const [bx, by] = l[i]!;
      const seg = Math.hypot(bx - ax, by - ay);
      while (next <= along + seg && seg > 0) {
        const t = (next - along) / seg;
        out.push([ax + (bx - ax) * t, ay + (by - ay) * t]);
        next += step;
      }
      along += seg;
    }
    if (l.length > 0 && next - step < along - step / 2) out.push(l[l.length - 1]!);
    if (l.length === 1) out.push(l[0]!);
  }
  return out;
}

/** Probability that a device at `device` (local metres) sees the plume of a source at `source`. */
export function plumeProbability(
  source: readonly [number, number],
  device: readonly [number, number],
  rose: readonly number[],
): number {
  const dx = device[0] - source[0];
  const dy = device[1] - source[1];
  const r = Math.hypot(dx, dy);
  // A device on the source sees it whatever the wind.
  if (r < 1) return 1;
  // Compass bearing from source to device: 0 north, 90 east.
  const bearing = (Math.atan2(dx, dy) / DEG + 360) % 360;
  const width = 360 / rose.length;
  let p = 0;
  for (let k = 0; k < rose.length; k++) {
    const toward = (k * width + 180) % 360;
    const diff = Math.abs(((bearing - toward + 540) % 360) - 180);
    if (diff < PLUME_HALF_ANGLE) p += rose[k]! * (1 - diff / PLUME_HALF_ANGLE);
  }
  return Math.min(1, p * Math.exp(-r / DECAY_METERS));
}

function weightedTotal(coverage: Float64Array, weights: readonly number[], weightSum: number): number {
  if (weightSum === 0) return 0;
  let t = 0;
  for (let s = 0; s < coverage.length; s++) t += weights[s]! * coverage[s]!;
  return t / weightSum;
}

export function optimizePlacement(input: OptimizerInput): OptimizerResult {
  const messages: string[] = [];
  const sources = input.sources.filter((s) => s.weight > 0);
  const weights = sources.map((s) => s.weight);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const sourcePts = sources.map((s) => toLocal(input.origin, s.location));
  const candidates = sampleLines(input.origin, input.lines);
  const mandatoryPts = input.mandatory.map((p) => toLocal(input.origin, p));
  const probs = (pt: readonly [number, number]) =>
    Float64Array.from(sourcePts, (s) => plumeProbability(s, pt, input.windRose));

  // miss[s]: probability that no chosen device sees source s.
  const miss = new Float64Array(sources.length).fill(1);
  const coverage = () => Float64Array.from(miss, (m) => 1 - m);
  const chosen: { pt: [number, number]; at: LngLat; mandatory: boolean }[] = [];
  const totals: number[] = [];
  const candidateProbs = candidates.map(probs);
  // Candidates too close to a placed device are out.
  const used = new Uint8Array(candidates.length);
  const add = (pt: [number, number], at: LngLat, p: Float64Array, mandatory: boolean) => {
    for (let s = 0; s < miss.length; s++) miss[s]! *= 1 - p[s]!;
    chosen.push({ pt, at, mandatory });
    totals.push(weightedTotal(coverage(), weights, weightSum));
    candidates.forEach((c, i) => {
      if (Math.hypot(c[0] - pt[0], c[1] - pt[1]) < MIN_SEPARATION) used[i] = 1;
    });
  };
  mandatoryPts.forEach((m, i) => add(m, input.mandatory[i]!, probs(m), true));

  // Greedy picks one past the budget, for the 'one more device' figure, then keeps the budget's worth.
  const target = input.deviceBudget + 1;
  while (chosen.length < target) {
    let best = -1;
    let bestGain = -1;
    for (let c = 0; c < candidates.length; c++) {
      if (used[c]) continue;
      const p = candidateProbs[c]!;
      let gain = 0;
      for (let s = 0; s < miss.length; s++) gain += weights[s]! * miss[s]! * p[s]!;
      if (gain > bestGain) {
        bestGain = gain;
        best = c;
      }
    }
    if (best < 0) break;
    add(candidates[best]!, fromLocal(input.origin, candidates[best]!), candidateProbs[best]!, false);
  }

  const kept = Math.min(input.deviceBudget, chosen.length);
  if (chosen.length < input.deviceBudget)
    messages.push(
      `The lines offer room for only ${chosen.length} device${chosen.length === 1 ? '' : 's'} ${MIN_SEPARATION} m apart; draw longer lines to place ${input.deviceBudget}.`,
    );
  if (sources.length === 0) messages.push('No source has a relative importance above Ignore, so coverage is 0.');

  // Coverage per source with the kept devices only.
  const keptMiss = new Float64Array(sources.length).fill(1);
  for (let i = 0; i < kept; i++) {
    const p = probs(chosen[i]!.pt);
    for (let s = 0; s < keptMiss.length; s++) keptMiss[s]! *= 1 - p[s]!;
  }
  const at = (n: number) => (n <= 0 ? 0 : totals[Math.min(n, totals.length) - 1]!);
  return {
    devicePlacements: chosen.slice(0, kept).map((c) => [c.at[0], c.at[1]] as LngLat),
    mandatory: chosen.slice(0, kept).map((c) => c.mandatory),
    sourceCoverage: sources.map((s, i) => ({ id: s.id, coverage: 1 - keptMiss[i]! })),
    totalCoverage: at(kept),
    totalCoverageWithOneLessDevice: at(kept - 1),
    totalCoverageWithOneMoreDevice: at(kept + 1),
    messages,
  };
}
