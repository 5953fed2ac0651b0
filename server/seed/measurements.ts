// Synthetic one-minute device data for the demo: wind with daily and multi-day swings, diurnal temperature and
// battery, sensor noise, offline gaps, and CH4 emission events at a site's sources whose plumes reach a device only
// when the wind blows from the source towards it. Deterministic for a seed; the same events will feed the
// emissions of the analytics screens.
import type { Database } from '../db/client';
import { encodeCopyBinary } from '../db/copy-binary';
import { CHUNK_MS, encodeChunk, periodMask } from '../services/measurement-chunk';
import { createRandom, type Random } from './random';
import { localMetres, plumeEnhancementPpm, SENSOR_HEIGHT_M, SOURCE_HEIGHT_M } from './plume';
import { windOf, type SiteWeather } from './site-weather';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export const QUBE_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 28, 9, 10, 11, 12, 15, 16] as const;
export const QUBE_LITE_TYPES = [1, 8, 9, 11, 12, 15, 16] as const;
export const HISTORY_TYPES = [1, 12, 15, 16] as const;

export interface DeviceSpot {
  deviceId: number;
  lat: number;
  lng: number;
  types: readonly number[];
  /** Particle's online state now: an offline device has been silent for its last hours, an online one has not. */
  online?: boolean | null;
  /** Sensor height (m) where the installation gives one. */
  height?: number | null;
}

export interface EmissionSource {
  name: string;
  lat: number;
  lng: number;
}

export interface EmissionEvent {
  source: number;
  start: number;
  end: number;
  /** kg/h of CH4. */
  rate: number;
}

/** A site's equipment: wellhead, tanks, separator, compressor within about 60 m of the pad centre. */
export function siteSources(r: Random, lat: number, lng: number): EmissionSource[] {
  const names = ['Wellhead', 'Tank battery', 'Separator', 'Compressor'];
  return names
    .slice(0, r.int(2, 4))
    .map((name) => ({ name, lat: lat + (r.next() - 0.5) * 0.0008, lng: lng + (r.next() - 0.5) * 0.0011 }));
}

/** Leaks and vents: every source starts one about every three days, lasting 1–10 hours at 0.3–30 kg/h. */
export function emissionEvents(
  r: Random,
  sources: readonly EmissionSource[],
  from: number,
  to: number,
): EmissionEvent[] {
  const events: EmissionEvent[] = [];
  sources.forEach((_, source) => {
    let t = from + r.next() * 3 * DAY;
    while (t < to) {
      const duration = (1 + r.next() * 9) * HOUR;
      events.push({
        source,
        start: t,
        end: Math.min(to, t + duration),
        rate: Math.exp(Math.log(0.3) + r.next() * Math.log(100)),
      });
      t += duration + -Math.log(Math.max(r.next(), 1e-9)) * 3 * DAY;
    }
  });
  return events.sort((a, b) => a.start - b.start);
}

export interface SiteEmissionPlan {
  sources: EmissionSource[];
  events: EmissionEvent[];
  /** Phase of the site's wind and diurnal cycles. */
  phase: number;
}

/**
 * A site's sources, emission events over [from, to) and wind phase, drawn from a stream of its own so the device
 * data and the emissions seeded from it agree whatever order sites are seeded in.
 */
export function siteEmissionPlan(
  seed: number,
  siteId: number,
  lat: number,
  lng: number,
  from: number,
  to: number,
): SiteEmissionPlan {
  const r = createRandom(seed * 7727 + siteId * 31 + 5);
  const sources = siteSources(r, lat, lng);
  const events = emissionEvents(r, sources, from, to);
  return { sources, events, phase: r.next() * 2 * Math.PI };
}

/** Smooth pseudo-noise: a few incommensurate sines, phase-shifted per stream. */
const wobble = (t: number, phase: number) =>
  Math.sin(t / (5.3 * HOUR) + phase) * 0.5 +
  Math.sin(t / (1.7 * HOUR) + 2.1 * phase) * 0.3 +
  Math.sin(t / (37 * MINUTE) + 3.7 * phase) * 0.2;
const hourOfDay = (t: number, lng: number) => (((t / HOUR + lng / 15) % 24) + 24) % 24;

/** Wind the site feels: direction it blows from (degrees) and speed (km/h). */
export function windAt(t: number, phase: number, lng: number): { from: number; speed: number } {
  const prevailing = 250 + 70 * Math.sin(t / (3.1 * DAY) + phase) + 25 * Math.sin(t / DAY + phase * 2);
  const from = (((prevailing + 20 * wobble(t, phase)) % 360) + 360) % 360;
  const h = hourOfDay(t, lng);
  const speed = Math.max(
    0.3,
    9 + 6 * Math.sin(((h - 9) / 24) * 2 * Math.PI) + 5 * Math.sin(t / (2.3 * DAY) + phase) + 2.5 * wobble(t, phase + 1),
  );
  return { from, speed };
}

function bearing(fromLat: number, fromLng: number, toLat: number, toLng: number): number {
  const y = toLat - fromLat;
  const x = (toLng - fromLng) * Math.cos((fromLat * Math.PI) / 180);
  return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360;
}

function metres(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dy = (bLat - aLat) * 111_320;
  const dx = (bLng - aLng) * 111_320 * Math.cos((aLat * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** Added ppm of CH4 at a device from a source emitting `rate` kg/h in this wind (a crude Gaussian plume). */
export function plumePpm(
  source: EmissionSource,
  device: { lat: number; lng: number },
  rate: number,
  wind: { from: number; speed: number },
): number {
  const towards = (wind.from + 180) % 360;
  let off = Math.abs(bearing(source.lat, source.lng, device.lat, device.lng) - towards);
  if (off > 180) off = 360 - off;
  if (off > 60) return 0;
  const distance = Math.max(25, metres(source.lat, source.lng, device.lat, device.lng));
  const ppm =
    ((rate * 8) / (Math.max(wind.speed, 1) * (distance / 50) ** 1.6)) * Math.exp(-(off * off) / (2 * 15 * 15));
  // Sensors saturate: readings bend towards a 1,000 ppm ceiling instead of climbing without bound.
  return 1000 * (1 - Math.exp(-ppm / 1000));
}

interface Baseline {
  mean: number;
  noise: number;
  /** Share of the CH4 plume this gas follows (VOC and H2S come with the gas). */
  follows: number;
}

const BASELINES: Record<number, Baseline> = {
  2: { mean: 0.2, noise: 0.03, follows: 0 },
  3: { mean: 420, noise: 4, follows: 0 },
  4: { mean: 0.02, noise: 0.004, follows: 0.004 },
  5: { mean: 0.015, noise: 0.004, follows: 0 },
  6: { mean: 7, noise: 1.5, follows: 0 },
  7: { mean: 0.004, noise: 0.001, follows: 0 },
  8: { mean: 0.05, noise: 0.01, follows: 0.08 },
  28: { mean: 0.01, noise: 0.003, follows: 0 },
};

/** CH4 (ppm) added at a device by the events under way, from the site weather's one-minute wind (modelled sites). */
export function gaussianPlumePpm(
  device: DeviceSpot,
  t: number,
  sources: readonly EmissionSource[],
  active: readonly EmissionEvent[],
  weather: SiteWeather,
): number {
  const wind = windOf(weather, t);
  const at = { east: 0, north: 0, height: device.height ?? SENSOR_HEIGHT_M };
  let ppm = 0;
  for (const e of active) {
    if (!(t >= e.start && t < e.end)) continue;
    const s = sources[e.source]!;
    ppm += plumeEnhancementPpm(
      { ...localMetres(device.lat, device.lng, s.lat, s.lng), height: SOURCE_HEIGHT_M },
      at,
      e.rate,
      wind.from,
      wind.speedMs,
      wind.cls,
    );
  }
  return 1000 * (1 - Math.exp(-ppm / 1000));
}

/**
 * Every type's value at one minute: the shared physics of the seed and the live simulator. With a site weather (the
 * modelled sites) the wind is its one-minute wind plus anemometer noise and the plume a Gaussian plume by stability;
 * without, the older smooth wind and wedge plume.
 */
export function readingsAt(
  device: DeviceSpot,
  t: number,
  sources: readonly EmissionSource[],
  active: readonly EmissionEvent[],
  phase: number,
  r: Random,
  weather?: SiteWeather,
): Map<number, number> {
  let wind: { from: number; speed: number };
  let plume = 0;
  if (weather) {
    const w = windOf(weather, t);
    wind = {
      from: (((w.from + 2 * r.normal()) % 360) + 360) % 360,
      speed: Math.max(0, w.speedMs * 3.6 * (1 + 0.03 * r.normal())),
    };
    plume = gaussianPlumePpm(device, t, sources, active, weather);
  } else {
    wind = windAt(t, phase, device.lng);
    for (const e of active) if (t >= e.start && t < e.end) plume += plumePpm(sources[e.source]!, device, e.rate, wind);
  }
  const h = hourOfDay(t, device.lng);
  const diurnal = Math.sin(((h - 9) / 24) * 2 * Math.PI);
  const seasonal = -Math.cos(((t / DAY - 15) / 365.25) * 2 * Math.PI);
  const out = new Map<number, number>();
  for (const type of device.types) {
    let v: number;
    switch (type) {
      case 1:
        v = 1.95 + 0.06 * (1 - diurnal) + plume + 0.015 * r.normal();
        break;
      case 9:
        v = 10 + 14 * seasonal + 7 * diurnal + 0.6 * wobble(t, phase + 2) + 0.15 * r.normal();
        break;
      case 10:
        v = 91.5 + 0.8 * Math.sin(t / (4.3 * DAY) + phase) + 0.05 * r.normal();
        break;
      case 11:
        v = Math.min(100, Math.max(5, 55 - 25 * diurnal - 10 * seasonal + 3 * wobble(t, phase + 3)));
        break;
      case 12:
        // Solar charging by day, a slow drain at night.
        v = Math.min(
          100,
          Math.max(
            20,
            78 +
              18 * Math.max(0, Math.sin(((h - 6) / 24) * 2 * Math.PI)) -
              6 * Math.cos(((h - 6) / 24) * 2 * Math.PI) +
              2 * wobble(t, phase + 4),
          ),
        );
        break;
      case 15:
        v = wind.from;
        break;
      case 16:
        v = wind.speed;
        break;
      default: {
        const b = BASELINES[type] ?? { mean: 0, noise: 0.01, follows: 0 };
        v = Math.max(0, b.mean + b.noise * r.normal() + b.follows * plume);
      }
    }
    out.set(type, v);
  }
  return out;
}

/** One day of one device's samples for every type it has, minute by minute, with its offline gaps left out. */
export function deviceDay(
  device: DeviceSpot,
  dayStart: number,
  sources: readonly EmissionSource[],
  events: readonly EmissionEvent[],
  phase: number,
  gaps: readonly [number, number][],
  r: Random,
  stepAt: (t: number) => number = () => MINUTE,
  weather?: SiteWeather,
): Map<number, { times: Float64Array; values: Float32Array }> {
  const times: number[] = [];
  const columns = new Map<number, number[]>(device.types.map((t) => [t, []]));
  const active = events.filter((e) => e.start < dayStart + DAY && e.end > dayStart);
  for (let t = dayStart; t < dayStart + DAY; t += stepAt(t)) {
    if (gaps.some(([a, b]) => t >= a && t < b)) continue;
    times.push(t);
    for (const [type, v] of readingsAt(device, t, sources, active, phase, r, weather)) columns.get(type)!.push(v);
  }
  const out = new Map<number, { times: Float64Array; values: Float32Array }>();
  const t64 = Float64Array.from(times);
  for (const [type, column] of columns) out.set(type, { times: t64, values: Float32Array.from(column) });
  return out;
}

/** Offline periods: a few per month, 2–36 hours each. */
export function offlineGaps(r: Random, from: number, to: number): [number, number][] {
  const gaps: [number, number][] = [];
  let t = from + r.next() * 12 * DAY;
  while (t < to) {
    const length = (2 + r.next() * 34) * HOUR;
    gaps.push([t, t + length]);
    t += length + (6 + r.next() * 20) * DAY;
  }
  return gaps;
}

interface ChunkRow {
  deviceId: number;
  type: number;
  day: number;
  count: number;
  first: number;
  last: number;
  times: Uint8Array;
  vals: Uint8Array;
  periodMask: number;
}

const CHUNK_COLUMNS =
  'measurement_chunks (device_id, measurement_type, chunk_start, sample_count, first_time, last_time, times, vals, period_mask)';

/**
 * One batch of chunks: a binary COPY into the embedded database (its thread is the seed's bottleneck, and COPY spares
 * it the parameters' encoding and a parse and bind per row), else one INSERT. The seed writes each device and day
 * once, into empty tables, so COPY never meets a conflict.
 */
function writeChunks(database: Database, batch: readonly ChunkRow[]): Promise<unknown> {
  if (database.copyFrom) {
    const stream = encodeCopyBinary(
      batch.map((c) => [
        { int4: c.deviceId },
        { int4: c.type },
        { timestamptz: c.day },
        { int4: c.count },
        { timestamptz: c.first },
        { timestamptz: c.last },
        { bytea: c.times },
        { bytea: c.vals },
        { int2: c.periodMask },
      ]),
    );
    return database.copyFrom(`COPY ${CHUNK_COLUMNS} FROM '/dev/blob' WITH (FORMAT binary)`, stream);
  }
  const params: unknown[] = [];
  const values = batch.map((c) => {
    const row = [
      c.deviceId,
      c.type,
      new Date(c.day).toISOString(),
      c.count,
      new Date(c.first).toISOString(),
      new Date(c.last).toISOString(),
      c.times,
      c.vals,
      c.periodMask,
    ];
    return `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`;
  });
  return database.query(`INSERT INTO ${CHUNK_COLUMNS} VALUES ${values.join(', ')} ON CONFLICT DO NOTHING`, params);
}

/** Writes the devices' days [from, to) as whole chunks (the tables are empty while seeding). */
export async function seedDeviceData(
  database: Database,
  spots: readonly {
    device: DeviceSpot;
    sources: readonly EmissionSource[];
    events: readonly EmissionEvent[];
    phase: number;
    weather?: SiteWeather;
  }[],
  from: number,
  to: number,
  seed: number,
  onProgress: (doneDevices: number) => void = () => undefined,
  stepAt?: (t: number) => number,
): Promise<number> {
  let samples = 0;
  let done = 0;
  // One INSERT in flight while the next batch is generated: the database runs in its own thread, so the two overlap.
  let inFlight: Promise<unknown> = Promise.resolve();
  const rows: ChunkRow[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    const batch = rows.splice(0);
    await inFlight;
    inFlight = writeChunks(database, batch);
    // Its failure is seen by the next flush's await; until then it must not count as unhandled.
    inFlight.catch(() => undefined);
  };
  for (const spot of spots) {
    const r = createRandom(seed * 7919 + spot.device.deviceId);
    const gaps = offlineGaps(r, from, to).filter(([, end]) => end < to - 2 * HOUR);
    if (spot.device.online === false) gaps.push([to - 3 * HOUR, to]);
    for (let day = Math.floor(from / CHUNK_MS) * CHUNK_MS; day < to; day += CHUNK_MS) {
      const columns = deviceDay(spot.device, day, spot.sources, spot.events, spot.phase, gaps, r, stepAt, spot.weather);
      for (const [type, s] of columns) {
        // Only the asked window of the first and last day.
        let lo = 0;
        while (lo < s.times.length && s.times[lo]! < from) lo++;
        let hi = s.times.length;
        while (hi > lo && s.times[hi - 1]! >= to) hi--;
        if (hi <= lo) continue;
        const part = { times: s.times.subarray(lo, hi), values: s.values.subarray(lo, hi) };
        const packed = encodeChunk(day, part);
        rows.push({
          deviceId: spot.device.deviceId,
          type,
          day,
          count: hi - lo,
          first: part.times[0]!,
          last: part.times[hi - lo - 1]!,
          times: packed.times,
          vals: packed.vals,
          periodMask: periodMask(day, part.times),
        });
        samples += hi - lo;
        if (rows.length >= 200) await flush();
      }
    }
    await flush();
    onProgress(++done);
  }
  await inFlight;
  return samples;
}
