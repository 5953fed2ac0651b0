// Wind trails fitted to the map (spec 3 §2 'wind trails … when a date is focused'): a trail walks the air back 40
// minutes at its true distance, which at 30 km/h is 20 km, far off the fitted site view. So all trails are shrunk by
// one common factor until the longest reaches TRAIL_MAX_REACH_PX from its device at the map's zoom; their shapes and
// their lengths relative to each other stay true, and the line under the map states the factor and the true reach.
// Zoomed out far enough, the factor is 1 and the trails are drawn at their true length.
import type { WindTrail } from '@/entities/site/wind-trail';

/** The longest trail reaches at most this far from its device: about a third of the site map's 384 px height. */
export const TRAIL_MAX_REACH_PX = 120;

const M_PER_DEG = 111_320;

/** Metres east and north of `from` (a local flat plane: trails span a few kilometres at most). */
function offsetM(from: [number, number], to: [number, number]): [number, number] {
  return [(to[0] - from[0]) * M_PER_DEG * Math.cos((from[1] * Math.PI) / 180), (to[1] - from[1]) * M_PER_DEG];
}

/** How far from its device (the head) the trail gets, in metres. */
export function trailReachM(trail: WindTrail): number {
  const head = trail.path[0]!;
  return Math.max(0, ...trail.path.map((p) => Math.hypot(...offsetM(head, p))));
}

/** The trail shrunk toward its device by `scale` (0 < scale ≤ 1). */
export function scaledTrail(trail: WindTrail, scale: number): WindTrail {
  if (scale === 1) return trail;
  const [lng, lat] = trail.path[0]!;
  return { ...trail, path: trail.path.map(([x, y]) => [lng + (x - lng) * scale, lat + (y - lat) * scale]) };
}

export interface FittedTrails<T> {
  trails: T[];
  /** The common factor the trails are drawn at: 1 when the longest fits. */
  scale: number;
  /** The longest trail's true reach from its device, in metres. */
  longestM: number;
}

/** The trails shrunk by one common factor so the longest reaches at most `maxPx` pixels at `metresPerPixel`. */
export function fitTrails<T extends { trail: WindTrail }>(
  trails: readonly T[],
  metresPerPixel: number,
  maxPx = TRAIL_MAX_REACH_PX,
): FittedTrails<T> {
  const longestM = Math.max(0, ...trails.map((t) => trailReachM(t.trail)));
  const room = maxPx * metresPerPixel;
  const scale = longestM > room && room > 0 ? room / longestM : 1;
  return { trails: trails.map((t) => ({ ...t, trail: scaledTrail(t.trail, scale) })), scale, longestM };
}

const distance = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);

/** What the line under the map says of the drawing scale, or null when the trails are drawn at their true length. */
export function trailScaleNote(fit: { scale: number; longestM: number }): string | null {
  if (fit.scale >= 1) return null;
  const shrink = 1 / fit.scale;
  const factor = shrink < 10 ? shrink.toFixed(1) : String(Math.round(shrink));
  return `drawn shrunk ${factor}× to fit the map: the longest reaches ${distance(fit.longestM)} from its device`;
}
