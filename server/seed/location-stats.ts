// Demo GPS fixes (spec 2 §3 'Location stat'): the devices standing at the sites with data history report a fix every
// few hours over the seed's days, scattered a few metres around their installation with 4–14 satellites; now and then
// a poor fix lands tens of metres off. About one device in six there reports none, and devices elsewhere none either,
// so the Installations tab's 'No location stats have been collected yet' shows too.
import { roundForStorage, type LatLng } from '@/domain/coordinates';
import { distanceKm } from '@/domain/map';
import type { Database } from '../db/client';
import type { Random } from './random';

/** Hours between two fixes of a device. */
export const LOCATION_FIX_HOURS = 4;
const HOUR_MS = 3_600_000;
const METRES_PER_DEGREE = 111_320;
const BATCH = 5000;
const JITTER_S = 600;

/** A fix `north` and `east` metres from `at` (a flat-earth step: fine for tens of metres). */
function offset(at: LatLng, north: number, east: number): LatLng {
  return {
    lat: at.lat + north / METRES_PER_DEGREE,
    lng: at.lng + east / (METRES_PER_DEGREE * Math.cos((at.lat * Math.PI) / 180)),
  };
}

/** One fix: usually within a few metres with 6–14 satellites; one in 25 a poor fix 20–80 m off with 4–5. */
export function gpsFix(r: Random, at: LatLng): { location: LatLng; satellites: number } {
  if (r.chance(0.04)) {
    const metres = 20 + r.next() * 60;
    const bearing = r.next() * 2 * Math.PI;
    return {
      location: roundForStorage(offset(at, metres * Math.cos(bearing), metres * Math.sin(bearing))),
      satellites: r.int(4, 5),
    };
  }
  return { location: roundForStorage(offset(at, r.normal() * 2.5, r.normal() * 2.5)), satellites: r.int(6, 14) };
}

/**
 * Fixes for the current installations at `siteIds` over the `days` before `now`, each no earlier than its installation
 * started; returns how many were written.
 */
export async function seedLocationStats(
  database: Database,
  r: Random,
  now: Date,
  days: number,
  siteIds: Iterable<number>,
): Promise<number> {
  const sites = [...siteIds];
  if (days <= 0 || sites.length === 0) return 0;
  const installs = await database.query<{
    id: number;
    device_id: number;
    latitude: number;
    longitude: number;
    started_at: Date | string;
  }>(
    `SELECT id, device_id, latitude, longitude, started_at FROM device_installations
      WHERE site_id = ANY($1::int[]) AND ended_at IS NULL ORDER BY device_id`,
    [sites],
  );
  const step = LOCATION_FIX_HOURS * HOUR_MS;
  const last = Math.floor(now.getTime() / step) * step;
  const from = now.getTime() - days * 86_400_000;
  const columns: [number[], number[], string[], number[], number[], number[], number[]] = [[], [], [], [], [], [], []];
  let written = 0;
  const flush = async () => {
    if (columns[0].length === 0) return;
    await database.query(
      `INSERT INTO device_location_stats (device_id, device_installation_id, time, latitude, longitude, number_of_satellites, distance_from_installation_m)
       SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::float8[], $5::float8[], $6::int[], $7::float8[])`,
      columns,
    );
    written += columns[0].length;
    for (const c of columns) c.length = 0;
  };
  // Which devices have their GPS off (no fixes at all) is drawn first, so it does not depend on how many fixes the
  // others drew before them (which moves with the clock).
  const gpsOff = installs.map(() => r.chance(1 / 6));
  for (const [n, i] of installs.entries()) {
    if (gpsOff[n]) continue;
    const at = { lat: i.latitude, lng: i.longitude };
    const start = Math.max(from, new Date(i.started_at).getTime());
    // A slot's fix arrives up to ten minutes before the slot: none lies in the future or before the installation.
    for (let slot = last; slot - JITTER_S * 1000 > start; slot -= step) {
      const fix = gpsFix(r, at);
      columns[0].push(i.device_id);
      columns[1].push(i.id);
      columns[2].push(new Date(slot - r.int(0, JITTER_S) * 1000).toISOString());
      columns[3].push(fix.location.lat);
      columns[4].push(fix.location.lng);
      columns[5].push(fix.satellites);
      columns[6].push(distanceKm(at, fix.location) * 1000);
      if (columns[0].length >= BATCH) await flush();
    }
  }
  await flush();
  return written;
}
