// The live simulator (`SIMULATE=1 npm start`): every minute, the devices that have recent data report that minute's
// readings through the same ingestion path devices use, from the seed's physics, so charts and freshness move. At
// the sites the pipeline models, the readings come from the site weather's one-minute wind and a Gaussian plume of
// the site's own sources (the `sources` rows), so the pipeline turns them into live emissions; the Qube Cameras there
// post events of those releases (live-cameras.ts).
import type { Database } from '../db/client';
import { ingestAndEvaluate } from '../services/ingestion';
import { liveCameraPoster } from './live-cameras';
import type { Sample } from '../services/measurement-store';
import {
  emissionEvents,
  readingsAt,
  siteSources,
  type DeviceSpot,
  type EmissionEvent,
  type EmissionSource,
} from './measurements';
import { createRandom, type Random } from './random';
import { siteWeather, type SiteWeather } from './site-weather';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface LiveSite {
  siteId: number;
  latitude: number;
  longitude: number;
  sources: EmissionSource[];
  events: EmissionEvent[];
  phase: number;
  devices: DeviceSpot[];
  r: Random;
  /** Modelled sites: the wind and plume of the demo's modelled sites. */
  weather?: SiteWeather;
}

export async function liveSites(database: Database, now: number): Promise<LiveSite[]> {
  const rows = await database.query<{
    device_id: number;
    site_id: number;
    site_lat: number;
    site_lng: number;
    latitude: number;
    longitude: number;
    height: number | null;
    types: number[];
  }>(
    `SELECT c.device_id, i.site_id, s.latitude AS site_lat, s.longitude AS site_lng, i.latitude, i.longitude, i.height, json_agg(DISTINCT c.measurement_type) AS types
       FROM measurement_chunks c
       JOIN devices d ON d.id = c.device_id AND d.particle_online_status
       JOIN device_installations i ON i.device_id = c.device_id AND i.ended_at IS NULL
       JOIN sites s ON s.id = i.site_id AND s.deleted_at IS NULL
      WHERE c.last_time >= $1
      GROUP BY c.device_id, i.site_id, s.latitude, s.longitude, i.latitude, i.longitude, i.height
      ORDER BY i.site_id, c.device_id`,
    [new Date(now - 2 * DAY).toISOString()],
  );
  const modelledIds = new Set(
    (
      await database.query<{ site_id: number }>(
        'SELECT m.site_id FROM site_model_states m JOIN sites s ON s.id = m.site_id WHERE m.start_time IS NOT NULL AND s.modelling_pipeline_is_on AND s.deleted_at IS NULL',
      )
    ).map((m) => m.site_id),
  );
  const sites = new Map<number, LiveSite>();
  for (const row of rows) {
    let site = sites.get(row.site_id);
    if (!site) {
      const r = createRandom(row.site_id * 104_729);
      const own = modelledIds.has(row.site_id)
        ? await database.query<{ name: string; lat: number; lng: number }>(
            'SELECT name, latitude AS lat, longitude AS lng FROM sources WHERE site_id = $1 AND deleted_at IS NULL ORDER BY id',
            [row.site_id],
          )
        : [];
      const sources = own.length ? own : siteSources(r, row.site_lat, row.site_lng);
      site = {
        siteId: row.site_id,
        latitude: row.site_lat,
        longitude: row.site_lng,
        sources,
        events: emissionEvents(r, sources, now - DAY, now + 30 * DAY),
        phase: r.next() * 2 * Math.PI,
        devices: [],
        r,
      };
      if (own.length)
        site.weather = siteWeather(
          row.site_id,
          row.site_id,
          row.site_lat,
          row.site_lng,
          now - 3_600_000,
          now + 30 * DAY,
        );
      sites.set(row.site_id, site);
    }
    site.devices.push({
      deviceId: row.device_id,
      lat: row.latitude,
      lng: row.longitude,
      types: row.types,
      height: row.height,
    });
  }
  return [...sites.values()];
}

/** One minute's readings of every live device. */
export function minuteSamples(sites: readonly LiveSite[], t: number): Sample[] {
  const samples: Sample[] = [];
  for (const site of sites) {
    for (const device of site.devices) {
      for (const [type, value] of readingsAt(device, t, site.sources, site.events, site.phase, site.r, site.weather))
        samples.push({ deviceId: device.deviceId, measurementType: type, time: t, value });
    }
  }
  return samples;
}

export function startSimulator(database: Database, publicUrl: string, log: (msg: string) => void): { stop(): void } {
  let sites: LiveSite[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const cameras = liveCameraPoster(database, () => sites, log);
  const tick = async () => {
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
    try {
      if (sites.length === 0) sites = await liveSites(database, minute);
      const samples = minuteSamples(sites, minute);
      if (samples.length) await ingestAndEvaluate(database, samples, publicUrl);
    } catch (e) {
      log(`simulator: ${e instanceof Error ? e.message : String(e)}`);
    }
    try {
      if (sites.length > 0) await cameras.tick(minute);
    } catch (e) {
      log(`simulator cameras: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!stopped) timer = setTimeout(() => void tick(), MINUTE - (Date.now() % MINUTE) + 50);
  };
  void tick();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      void cameras.close();
    },
  };
}
