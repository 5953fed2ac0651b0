// The site dashboard map's reads (spec 3 §2 'Map', §3 'Data'): concentration roses binned here (a rose needs every gas
// and wind reading of every device over the range, far more than the client should fetch) and the site's wind per
// installation averaged to at most 96 frames for the wind rose and wind field.
import type { RoseChartDatum, SiteWindData } from '@/contracts/site-map';
import { roseData, roseGas, windPeriodMs } from '@/domain/site-map';
import { MINUTE_MS, rangeProblem } from '@/domain/chart-data';
import { WIND_TRAIL_LENGTH } from '@/domain/wind-trail';
import { DomainError } from './errors';
import type { Queryable } from '../db/client';
import { checkedRange } from './chart-range';
import { windPerInstallation } from './chart-series';
import { readSamples } from './measurement-store';
import type { SiteRef } from './site';
import { checkSite } from './site-dashboard';
import { concentrationRose } from './wind-sector';
import { WIND_DIRECTION_TYPE as WIND_DIRECTION, WIND_SPEED_TYPE as WIND_SPEED } from '@/domain/measurement-type';

interface RangeQuery {
  startTime: string;
  endTime: string;
}

type Time = Date | string;
interface Stay {
  id: number;
  deviceId: number;
  lat: number;
  lng: number;
  from: number;
  to: number;
}

/** The site's installations overlapping [start, end), each clipped to the range. */
async function staysIn(db: Queryable, siteId: number, start: number, end: number): Promise<Stay[]> {
  const rows = await db.query<{
    id: number;
    device_id: number;
    latitude: number;
    longitude: number;
    started_at: Time;
    ended_at: Time | null;
  }>(
    `SELECT id, device_id, latitude, longitude, started_at, ended_at FROM device_installations
      WHERE site_id = $1 AND started_at < $3::timestamptz AND (ended_at IS NULL OR ended_at > $2::timestamptz) ORDER BY id`,
    [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  return rows.map((r) => ({
    id: r.id,
    deviceId: r.device_id,
    lat: r.latitude,
    lng: r.longitude,
    from: Math.max(start, new Date(r.started_at).getTime()),
    to: Math.min(end, r.ended_at === null ? end : new Date(r.ended_at).getTime()),
  }));
}

export async function roseChartData(
  db: Queryable,
  site: SiteRef,
  query: RangeQuery & { measurementTypeId: number },
): Promise<RoseChartDatum[]> {
  const siteId = await checkSite(db, site);
  const { start, end } = checkedRange(query);
  const thresholds = roseGas(query.measurementTypeId)!.thresholds;
  const out: RoseChartDatum[] = [];
  for (const stay of await staysIn(db, siteId, start, end)) {
    const [gas, direction] = await Promise.all([
      readSamples(db, stay.deviceId, query.measurementTypeId, stay.from, stay.to),
      readSamples(db, stay.deviceId, WIND_DIRECTION, stay.from, stay.to),
    ]);
    out.push(...roseData(stay.id, await concentrationRose(gas, direction, thresholds)));
  }
  return out;
}

export async function siteWindData(db: Queryable, site: SiteRef, query: RangeQuery): Promise<SiteWindData> {
  const siteId = await checkSite(db, site);
  const { start, end } = checkedRange(query);
  return windByStay(db, siteId, start, end, windPeriodMs(end - start));
}

/**
 * The wind a trail is drawn from (spec 3 §9 'Wind trail length 40'): each stay's one-minute means over the
 * WIND_TRAIL_LENGTH minutes up to the focused time, so a trail steps back sample by sample.
 */
export async function siteWindTrail(db: Queryable, site: SiteRef, query: { time: string }): Promise<SiteWindData> {
  const siteId = await checkSite(db, site);
  const end = Date.parse(query.time) + MINUTE_MS;
  const start = end - (WIND_TRAIL_LENGTH + 1) * MINUTE_MS;
  const problem = rangeProblem(start, end, Date.now() + 5 * MINUTE_MS, { minMinutes: 1 });
  if (problem) throw new DomainError('Invalid', problem);
  return windByStay(db, siteId, start, end, MINUTE_MS);
}

async function windByStay(
  db: Queryable,
  siteId: number,
  start: number,
  end: number,
  periodMs: number,
): Promise<SiteWindData> {
  const installations: SiteWindData['installations'] = [];
  for (const stay of await staysIn(db, siteId, start, end)) {
    const [direction, speed] = await Promise.all([
      readSamples(db, stay.deviceId, WIND_DIRECTION, stay.from, stay.to),
      readSamples(db, stay.deviceId, WIND_SPEED, stay.from, stay.to),
    ]);
    const w = await windPerInstallation(direction, speed, [{ id: stay.id, from: stay.from, to: stay.to }], {
      kind: 'average',
      period: periodMs,
      offset: 0,
    });
    const wind = Array.from(w.times, (time, i) => ({
      time,
      windDirection: Math.round(w.windDirections[i]! * 10) / 10,
      windSpeed: Math.round(w.windSpeeds[i]! * 100) / 100,
    }));
    installations.push({ deviceInstallationId: stay.id, location: { lat: stay.lat, lng: stay.lng }, wind });
  }
  return { periodMs, installations };
}
