// What a slice of steps reads from the database: the site's geometry (sources and the sensors standing there, in
// metres east and north of the site's point) and one-minute windows of CH4, wind and temperature per sensor, binned
// the DLQ way (minute k stamped at its end: a reading at r falls in the minute stamped ceil(r / 60 s)).
import type { Queryable } from '../../../db/client';
import { readSamples } from '../../measurement-store';
import type { Samples } from '../../measurement-chunk';
import {
  CONTEXT_AFTER_MS,
  CONTEXT_BEFORE_MS,
  type MinuteWindow,
  type ModelSensor,
  type ModelSource,
  type SiteGeometry,
} from '../contract';
import { WIND_DIRECTION_TYPE, WIND_SPEED_TYPE } from '@/domain/measurement-type';

export const MINUTE_MS = 60_000;
export const CH4 = 1;
export const TEMPERATURE = 9;
export const PRESSURE = 10;
export const WIND_DIRECTION = WIND_DIRECTION_TYPE;
export const WIND_SPEED = WIND_SPEED_TYPE;
/** Measurement types the stages read; samples of other types never make a step late. */
export const MODEL_TYPES = new Set([CH4, TEMPERATURE, PRESSURE, WIND_DIRECTION, WIND_SPEED]);
/** Sensor height when the installation does not say (METEC). */
export const DEFAULT_SENSOR_HEIGHT_M = 2.4;
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Metres east and north of (lat0, lng0): equirectangular, exact enough within a site's few hundred metres. */
export function toLocal(lat0: number, lng0: number, lat: number, lng: number): { east: number; north: number } {
  return {
    east: (lng - lng0) * RAD * EARTH_RADIUS_M * Math.cos(lat0 * RAD),
    north: (lat - lat0) * RAD * EARTH_RADIUS_M,
  };
}

/**
 * Sensors for steps in [from, to): the site's Qube and Qube Lite installations standing then and not quarantined by
 * then. Readings from before an installation's start are not the site's (an installation recorded after the fact
 * takes its field start time through deviceInstall's startTime).
 */
export async function loadGeometry(db: Queryable, siteId: number, from: number, to: number): Promise<SiteGeometry> {
  const [site] = await db.query<{ latitude: number; longitude: number }>(
    'SELECT latitude, longitude FROM sites WHERE id = $1',
    [siteId],
  );
  if (!site) throw new Error(`Site ${siteId} not found`);
  const sources = await db.query<{
    id: number;
    latitude: number;
    longitude: number;
    height: number;
    source_group_id: number | null;
    source_category_id: number | null;
  }>(
    'SELECT id, latitude, longitude, height, source_group_id, source_category_id FROM sources WHERE site_id = $1 AND deleted_at IS NULL ORDER BY id',
    [siteId],
  );
  const sensors = await db.query<{ device_id: number; latitude: number; longitude: number; height: number | null }>(
    `SELECT DISTINCT ON (i.device_id) i.device_id, i.latitude, i.longitude, i.height
       FROM device_installations i JOIN devices d ON d.id = i.device_id AND d.device_type IN ('Qube', 'QubeLite')
      WHERE i.site_id = $1 AND (i.ended_at IS NULL OR i.ended_at > $2)
        AND i.started_at < $3
        AND NOT (i.installation_type <> 0 AND (i.quarantined_at IS NULL OR i.quarantined_at <= $2))
      ORDER BY i.device_id, i.started_at DESC`,
    [siteId, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const at = (lat: number, lng: number) => toLocal(site.latitude, site.longitude, lat, lng);
  return {
    siteId,
    latitude: site.latitude,
    longitude: site.longitude,
    elevationM: 0,
    sources: sources.map((s): ModelSource => ({
      id: s.id,
      groupId: s.source_group_id,
      categoryId: s.source_category_id,
      ...at(s.latitude, s.longitude),
      height: s.height,
    })),
    sensors: sensors.map((s): ModelSensor => ({
      deviceId: s.device_id,
      ...at(s.latitude, s.longitude),
      height: s.height ?? DEFAULT_SENSOR_HEIGHT_M,
    })),
  };
}

/** Means (circular for directions) of the readings in each minute (stamp − 60 s, stamp]; NaN where none. */
export function binMinutes(s: Samples, start: number, minutes: number, circular = false, scale = 1): Float64Array {
  const sum = new Float64Array(minutes);
  const sumY = circular ? new Float64Array(minutes) : null;
  const n = new Uint16Array(minutes);
  for (let i = 0; i < s.times.length; i++) {
    const k = Math.ceil((s.times[i]! - start) / MINUTE_MS);
    if (k < 0 || k >= minutes) continue;
    const v = s.values[i]!;
    if (!Number.isFinite(v)) continue;
    if (sumY) {
      sum[k]! += Math.cos(v * RAD);
      sumY[k]! += Math.sin(v * RAD);
    } else sum[k]! += v * scale;
    n[k]!++;
  }
  const out = new Float64Array(minutes);
  for (let k = 0; k < minutes; k++) {
    if (n[k] === 0) out[k] = NaN;
    else if (sumY) out[k] = (Math.atan2(sumY[k]!, sum[k]!) / RAD + 360) % 360;
    else out[k] = sum[k]! / n[k]!;
  }
  return out;
}

/** One-minute series of every sensor over a span of minutes; windows of single steps are cut from it. */
export type SliceReadings = Required<MinuteWindow>;

/** Readings for steps firstStep … lastStep: [firstStep − CONTEXT_BEFORE_MS, lastStep + CONTEXT_AFTER_MS). Wind speed km/h → m/s. */
export async function loadSliceReadings(
  db: Queryable,
  geometry: SiteGeometry,
  firstStep: number,
  lastStep: number,
): Promise<SliceReadings> {
  const start = firstStep - CONTEXT_BEFORE_MS;
  const minutes = (lastStep + CONTEXT_AFTER_MS - start) / MINUTE_MS;
  // The first minute's readings lie in (start − 60 s, start].
  const read = (deviceId: number, type: number) =>
    readSamples(db, deviceId, type, start - MINUTE_MS + 1, start + minutes * MINUTE_MS);
  const out: SliceReadings = {
    start,
    minutes,
    ch4Ppm: [],
    windDirectionDeg: [],
    windSpeedMs: [],
    temperatureC: [],
    pressureKPa: [],
  };
  for (const s of geometry.sensors) {
    out.ch4Ppm.push(binMinutes(await read(s.deviceId, CH4), start, minutes));
    out.windDirectionDeg.push(binMinutes(await read(s.deviceId, WIND_DIRECTION), start, minutes, true));
    out.windSpeedMs.push(binMinutes(await read(s.deviceId, WIND_SPEED), start, minutes, false, 1 / 3.6));
    out.temperatureC.push(binMinutes(await read(s.deviceId, TEMPERATURE), start, minutes));
    out.pressureKPa.push(binMinutes(await read(s.deviceId, PRESSURE), start, minutes));
  }
  return out;
}

/** The window of the step starting at stepStart, copied (its buffers are transferred to the compute thread). */
export function stepWindow(r: SliceReadings, stepStart: number): MinuteWindow {
  const start = stepStart - CONTEXT_BEFORE_MS;
  const minutes = (CONTEXT_BEFORE_MS + CONTEXT_AFTER_MS) / MINUTE_MS;
  const from = (start - r.start) / MINUTE_MS;
  const cut = (a: Float64Array) => a.slice(from, from + minutes);
  return {
    start,
    minutes,
    ch4Ppm: r.ch4Ppm.map(cut),
    windDirectionDeg: r.windDirectionDeg.map(cut),
    windSpeedMs: r.windSpeedMs.map(cut),
    temperatureC: r.temperatureC.map(cut),
    pressureKPa: r.pressureKPa.map(cut),
  };
}
