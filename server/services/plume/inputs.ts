// What a plume run reads (short queries on the server's database handle; the simulation itself runs in the compute
// thread): the emission, its source's position, the devices standing at the site then and their one-minute wind and
// temperature over the emission, read and binned as the pipeline's steps read them.
import { PLUME_FRAME_MS, PLUME_LEAD_MS, PLUME_MARGIN_M, PLUME_MAX_SPAN_MS } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { readSamples } from '../measurement-store';
import { TUNING } from '../modelling/tuning';
import {
  binMinutes,
  loadGeometry,
  MINUTE_MS,
  TEMPERATURE,
  toLocal,
  WIND_DIRECTION,
  WIND_SPEED,
} from '../modelling/service/inputs';
import { plumeGrid, type PlumeGrid, type PlumeRunInput } from './frames';

/** A source this far from the site's point is not at the site: its position is wrong or missing. */
const MAX_SOURCE_DISTANCE_M = 5_000;
const DEFAULT_SOURCE_HEIGHT_M = 2;
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** A run that cannot start says why; the job ends Failed with it. */
export class PlumeInputError extends Error {}

export interface PlumeJobInput {
  run: PlumeRunInput;
  /** The grid's corners in degrees. */
  bounds: { south: number; west: number; north: number; east: number };
  frameTimes: number[];
}

/** The window of a plume: [start − 10 min, end] on whole minutes, at most 6 hours. */
export function plumeWindow(startMs: number, endMs: number): { from: number; to: number } {
  const from = Math.floor((startMs - PLUME_LEAD_MS) / PLUME_FRAME_MS) * PLUME_FRAME_MS;
  const to = Math.min(Math.ceil(endMs / PLUME_FRAME_MS) * PLUME_FRAME_MS, from + PLUME_MAX_SPAN_MS);
  return { from, to };
}

function toDegrees(lat0: number, lng0: number, east: number, north: number): { lat: number; lng: number } {
  return {
    lat: lat0 + north / (RAD * EARTH_RADIUS_M),
    lng: lng0 + east / (RAD * EARTH_RADIUS_M * Math.cos(lat0 * RAD)),
  };
}

export function gridBounds(lat0: number, lng0: number, g: PlumeGrid) {
  const sw = toDegrees(lat0, lng0, g.west, g.south);
  const ne = toDegrees(lat0, lng0, g.east, g.north);
  return { south: sw.lat, west: sw.lng, north: ne.lat, east: ne.lng };
}

export async function loadPlumeInput(db: Queryable, emissionId: number): Promise<PlumeJobInput> {
  const [e] = await db.query<{
    site_id: number;
    start_time: Date | string;
    end_time: Date | string | null;
    rate: number;
    source_id: number | null;
    source_lat: number | null;
    source_lng: number | null;
    source_height: number | null;
    site_lat: number;
    site_lng: number;
  }>(
    `SELECT e.site_id, e.start_time, e.end_time, e.rate, e.source_id, src.latitude AS source_lat, src.longitude AS source_lng,
            src.height AS source_height, s.latitude AS site_lat, s.longitude AS site_lng
       FROM emissions e JOIN sites s ON s.id = e.site_id LEFT JOIN sources src ON src.id = e.source_id
      WHERE e.id = $1`,
    [emissionId],
  );
  if (!e) throw new PlumeInputError('The emission no longer exists');
  if (e.end_time === null) throw new PlumeInputError('The emission is still being processed');
  if (e.source_id === null) throw new PlumeInputError('The emission has no source to simulate');
  const lat0 = e.site_lat;
  const lng0 = e.site_lng;
  const at =
    e.source_lat !== null && e.source_lng !== null && Number.isFinite(e.source_lat) && Number.isFinite(e.source_lng)
      ? toLocal(lat0, lng0, e.source_lat, e.source_lng)
      : null;
  if (!at || Math.hypot(at.east, at.north) > MAX_SOURCE_DISTANCE_M)
    throw new PlumeInputError("The emission's source has no position at the site");
  const { from, to } = plumeWindow(new Date(e.start_time).getTime(), new Date(e.end_time).getTime());
  if (!(to > from)) throw new PlumeInputError('The emission covers no whole minute');

  const geometry = await loadGeometry(db, e.site_id, from, to);
  const sensors = geometry.sensors.filter((s) => Number.isFinite(s.east) && Number.isFinite(s.north));
  const sources = geometry.sources.filter(
    (s) => Number.isFinite(s.east) && Number.isFinite(s.north) && Math.hypot(s.east, s.north) <= MAX_SOURCE_DISTANCE_M,
  );
  const grid = plumeGrid([at, ...sensors, ...sources], PLUME_MARGIN_M);

  // Puffs born up to their maximum age before the first frame reach it: the wind is read from then on.
  const readStart = from - Math.ceil(TUNING.maxPuffAgeS / 60) * MINUTE_MS;
  const minutes = (to - readStart) / MINUTE_MS;
  const read = (deviceId: number, type: number) =>
    readSamples(db, deviceId, type, readStart - MINUTE_MS + 1, readStart + minutes * MINUTE_MS);
  const directionDeg: Float64Array[] = [];
  const speedMs: Float64Array[] = [];
  const temps: number[] = [];
  for (const s of sensors) {
    directionDeg.push(binMinutes(await read(s.deviceId, WIND_DIRECTION), readStart, minutes, true));
    speedMs.push(binMinutes(await read(s.deviceId, WIND_SPEED), readStart, minutes, false, 1 / 3.6));
    for (const v of binMinutes(await read(s.deviceId, TEMPERATURE), readStart, minutes))
      if (Number.isFinite(v)) temps.push(v);
  }
  temps.sort((a, b) => a - b);
  const frameTimes: number[] = [];
  const frameMinutes: number[] = [];
  for (let t = from + PLUME_FRAME_MS; t <= to; t += PLUME_FRAME_MS) {
    frameTimes.push(t);
    frameMinutes.push((t - readStart) / MINUTE_MS);
  }
  const height =
    e.source_height !== null && e.source_height >= 0 && e.source_height < 100
      ? e.source_height
      : DEFAULT_SOURCE_HEIGHT_M;
  return {
    run: {
      latitude: lat0,
      longitude: lng0,
      sensors,
      source: { x: at.east, y: at.north, z: height },
      rateKgH: e.rate,
      grid,
      wind: { start: readStart, minutes, directionDeg, speedMs },
      temperatureC: temps.length ? temps[temps.length >> 1]! : Number.NaN,
      frameMinutes,
    },
    bounds: gridBounds(lat0, lng0, grid),
    frameTimes,
  };
}
