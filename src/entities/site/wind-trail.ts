// Wind trails (spec 3 §2 'wind trails with speed labels when a date is focused', §9 'Wind trail length 40'): at each
// device, the back-trajectory of the air that reached it at the focused time, from the device's own wind over its last
// 40 samples. Stepping back one sample moves the parcel upwind by the sample's speed times its duration (a reading's
// direction is where the wind blew from), on a local metre plane (flat within the trail's few kilometres).
import { offsetLngLat } from '@/domain/site-map';
import { WIND_TRAIL_LENGTH } from '@/domain/wind-trail';

/** A hole of more than this many sample periods ends the trail: where the air was across it is unknown. */
const MAX_GAP_PERIODS = 3;

export interface WindSample {
  /** ms since the epoch. */
  time: number;
  /** Compass degrees the wind blew from. */
  windDirection: number;
  /** km/h. */
  windSpeed: number;
}

export interface WindTrail {
  /** [lng, lat] from the device (the head, at the focused time) back to where the air was 40 samples earlier. */
  path: [number, number][];
  /** km/h at the head: the sample at or just before the focused time. */
  headSpeedKmh: number;
  /** ms since the epoch of the head's sample. */
  headTime: number;
}

/**
 * The trail of the air that reached `at` at `time`, from the samples at or before it (ascending by time, period
 * `periodMs` each): up to WIND_TRAIL_LENGTH steps back, stopping at a hole; readings that are not numbers are left out. Null when
 * no sample lies within MAX_GAP_PERIODS periods before the time.
 */
export function windTrail(
  at: { lat: number; lng: number },
  samples: readonly WindSample[],
  time: number,
  periodMs: number,
): WindTrail | null {
  const upTo = samples.filter(
    (s) => s.time <= time && Number.isFinite(s.windDirection) && Number.isFinite(s.windSpeed),
  );
  const head = upTo.at(-1);
  if (!head || time - head.time > MAX_GAP_PERIODS * periodMs) return null;
  const path: [number, number][] = [[at.lng, at.lat]];
  let east = 0;
  let north = 0;
  for (let k = upTo.length - 1, steps = 0; k >= 0 && steps < WIND_TRAIL_LENGTH; k--, steps++) {
    const s = upTo[k]!;
    const previous = upTo[k - 1];
    // A sample's wind holds until the next one; the oldest, or one after a hole, holds for one period.
    const since = previous ? s.time - previous.time : periodMs;
    const hole = since > MAX_GAP_PERIODS * periodMs;
    const dt = hole ? periodMs : since;
    const metres = (s.windSpeed / 3.6) * (dt / 1000);
    const from = (s.windDirection * Math.PI) / 180;
    east += metres * Math.sin(from);
    north += metres * Math.cos(from);
    path.push(offsetLngLat(at, east, north));
    if (hole) break;
  }
  return { path, headSpeedKmh: head.windSpeed, headTime: head.time };
}

export interface TrailSegment {
  path: [[number, number], [number, number]];
  /** 0 at the head to 1 at the tail. */
  age: number;
}

/** A trail cut into its steps, each with how far back it lies, so the layer can fade it toward the tail. */
export function trailSegments(trail: WindTrail): TrailSegment[] {
  const n = trail.path.length - 1;
  return trail.path.slice(1).map((p, i) => ({ path: [trail.path[i]!, p], age: n > 1 ? i / (n - 1) : 0 }));
}
