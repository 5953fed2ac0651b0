// A survey device moved between seven sites of one organization over the seeded days: more installations than a chart
// names (five, then 'Other', spec 2 §9), so the dashboard's per-installation wind charts show the rule on demo data.
import type { HardwareItem } from '@/domain/device-form';
import type { SeedSize } from '../config';
import type { Database } from '../db/client';
import { deviceRow, DEVICE_COLUMNS, INSTALLERS } from './devices';
import { emissionDays } from './emissions';
import { HISTORY_TYPES, seedDeviceData, siteEmissionPlan } from './measurements';
import { createRandom } from './random';
import type { SiteWeather } from './site-weather';

export const ROAMING_STAYS = 7;
const DAY_MS = 86_400_000;

/** Inserts the device, its installations and its data at each stay; answers its name, or null when the seed is too small. */
/** `weathers`: the modelled sites' weather, so the survey unit there reads the same wind and plumes as their devices. */
export async function seedRoamingDevice(
  database: Database,
  size: SeedSize,
  now: Date,
  hardwareIds: Record<HardwareItem, number[]>,
  weathers: ReadonlyMap<number, SiteWeather> = new Map(),
): Promise<{ name: string; samples: number } | null> {
  // A day at least at each site.
  if (size.days < ROAMING_STAYS) return null;
  const sites = await database.query<{ id: number; organization_id: number; latitude: number; longitude: number }>(
    `SELECT s.id, s.organization_id, s.latitude, s.longitude FROM sites s JOIN organizations o ON o.id = s.organization_id
      WHERE s.deleted_at IS NULL AND o.deleted_at IS NULL ORDER BY s.organization_id, s.id`,
  );
  const organizationId = sites[0]?.organization_id;
  const stays = sites.filter((s) => s.organization_id === organizationId).slice(0, ROAMING_STAYS);
  if (stays.length < ROAMING_STAYS) return null;
  const r = createRandom(size.seed * 131 + 17);
  const row = deviceRow(r, size.devices, 'Qube', true, hardwareIds, now);
  row[DEVICE_COLUMNS.indexOf('organization_id')] = organizationId;
  // No sensor configuration: the survey unit's CH4 sensor is swapped as it moves.
  row[DEVICE_COLUMNS.indexOf('sensor_configuration_version_id')] = null;
  const [device] = await database.query<{ id: number; name: string }>(
    `INSERT INTO devices (${DEVICE_COLUMNS.join(', ')}) VALUES (${DEVICE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id, name`,
    row,
  );
  const end = Math.floor(now.getTime() / 60_000) * 60_000;
  // Moves happen at UTC midnight: the seed writes whole day chunks, so two stays never share a day.
  const lastMidnight = Math.floor(end / DAY_MS) * DAY_MS;
  const wholeDays = Math.floor((lastMidnight - Math.ceil((end - size.days * DAY_MS) / DAY_MS) * DAY_MS) / DAY_MS);
  const stayDays = Math.max(1, Math.floor(wholeDays / (ROAMING_STAYS - 1)));
  const emissionFrom = end - emissionDays(size) * DAY_MS;
  let samples = 0;
  for (const [k, site] of stays.entries()) {
    const started = lastMidnight - (ROAMING_STAYS - 1 - k) * stayDays * DAY_MS;
    const ended = k === ROAMING_STAYS - 1 ? null : started + stayDays * DAY_MS;
    const lat = site.latitude + (r.next() - 0.5) * 0.0012;
    const lng = site.longitude + (r.next() - 0.5) * 0.0012;
    await database.query(
      `INSERT INTO device_installations (device_id, site_id, installation_type, latitude, longitude, started_at, ended_at, installed_by, uninstalled_by)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8)`,
      [
        device!.id,
        site.id,
        lat,
        lng,
        new Date(started).toISOString(),
        ended === null ? null : new Date(ended).toISOString(),
        r.pick(INSTALLERS),
        ended === null ? null : r.pick(INSTALLERS),
      ],
    );
    // The same sources and events the site's own devices see, so the survey unit's plumes agree with theirs.
    const plan = siteEmissionPlan(size.seed, site.id, site.latitude, site.longitude, emissionFrom, end);
    samples += await seedDeviceData(
      database,
      [
        {
          device: { deviceId: device!.id, lat, lng, types: HISTORY_TYPES, online: true },
          ...plan,
          weather: weathers.get(site.id),
        },
      ],
      started,
      ended ?? end,
      size.seed,
    );
  }
  return { name: device!.name, samples };
}
