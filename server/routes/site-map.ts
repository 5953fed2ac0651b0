// The site dashboard map's reads (spec 3 §2 'Map', §3 'Data'): concentration roses binned here (a rose needs every gas
// and wind reading of every device over the range, far more than the client should fetch) and the site's wind per
// installation averaged to at most 96 frames for the wind rose and wind field. Like the dashboard, any member reads.
import { roseChartDataEndpoint, siteWindDataEndpoint } from '@/contracts/site-map';
import { type RoseChartDatum, type SiteWindData } from '@/contracts/site-map';
import { roseData, roseGas, windPeriodMs } from '@/domain/site-map';
import type { Queryable } from '../db/client';
import { checkedRange } from '../services/chart-range';
import { defineRoute } from '../http/define-route';
import { windPerInstallation } from '../services/chart-series';
import { concentrationRose } from '../services/wind-sectors';
import { readSamples } from '../services/measurement-store';
import { checkSite } from '../services/site-dashboard';

const WIND_DIRECTION = 15;
const WIND_SPEED = 16;
const orgScope = { from: 'query', key: 'organizationId' } as const;
const rangeExample = { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };

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

export const siteMapRoutes = [
  defineRoute(roseChartDataEndpoint, {
    orgScope,
    summary:
      'Concentration roses of the site: per installation, the readings of a gas at or above its low legend threshold counted by the 16-point sector the wind blew from (nearest wind reading within 10 minutes) and severity 1-3 (low-mid, mid-high, high and above); non-zero cells only',
    example: { query: { ...rangeExample, measurementTypeId: '1' } },
    handler: async ({ query, organizationId, database }): Promise<RoseChartDatum[]> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const { start, end } = checkedRange(query);
      const thresholds = roseGas(query.measurementTypeId)!.thresholds;
      const out: RoseChartDatum[] = [];
      for (const stay of await staysIn(database, siteId, start, end)) {
        const [gas, direction] = await Promise.all([
          readSamples(database, stay.deviceId, query.measurementTypeId, stay.from, stay.to),
          readSamples(database, stay.deviceId, WIND_DIRECTION, stay.from, stay.to),
        ]);
        out.push(...roseData(stay.id, await concentrationRose(gas, direction, thresholds)));
      }
      return out;
    },
  }),
  defineRoute(siteWindDataEndpoint, {
    orgScope,
    summary:
      "The site's wind per installation over the range: circular mean direction and mean speed (km/h) per period of 15 minutes or longer, so the range holds at most 96 periods",
    example: { query: rangeExample },
    handler: async ({ query, organizationId, database }): Promise<SiteWindData> => {
      const siteId = await checkSite(database, { organizationId: organizationId!, siteId: query.siteId });
      const { start, end } = checkedRange(query);
      const periodMs = windPeriodMs(end - start);
      const installations: SiteWindData['installations'] = [];
      for (const stay of await staysIn(database, siteId, start, end)) {
        const [direction, speed] = await Promise.all([
          readSamples(database, stay.deviceId, WIND_DIRECTION, stay.from, stay.to),
          readSamples(database, stay.deviceId, WIND_SPEED, stay.from, stay.to),
        ]);
        const w = windPerInstallation(direction, speed, [{ id: stay.id, from: stay.from, to: stay.to }], {
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
    },
  }),
];
