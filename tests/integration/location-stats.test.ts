// Location stats (spec 2 §2 Installations tab, §3 'Location stat'): the table, the demo seed's fixes, the device's
// list newest first with distances from the installation, and the device detail carrying the same list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDetailSchema, LOCATION_STATS_LIMIT, locationStatSchema, type LocationStat } from '@/contracts/device';
import { distanceKm } from '@/domain/map';
import { LOCATION_FIX_HOURS, seedLocationStats } from '../../server/seed/location-stats';
import { createRandom } from '../../server/seed/random';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const HOUR = 3_600_000;
const PAD_ONE = { lat: 31.9, lng: -102.1 };

describe.each(testEngines)('location stats on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let operator = 0;
  let orgBAdmin = 0;
  let mover = 0;
  let quiet = 0;
  let busy = 0;
  let foreign = 0;
  let current = 0;
  let earlier = 0;
  let foreignInstall = 0;
  const now = Date.now();
  const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<T>(sql, params);
  const insertStat = (
    device: number,
    installation: number,
    time: number,
    at: { lat: number; lng: number },
    satellites: number,
    from: { lat: number; lng: number },
  ) =>
    q(
      `INSERT INTO device_location_stats (device_id, device_installation_id, time, latitude, longitude, number_of_satellites, distance_from_installation_m)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [device, installation, new Date(time), at.lat, at.lng, satellites, distanceKm(from, at) * 1000],
    );
  const list = (user: number, org: number, deviceId: number) =>
    t.as(user, { method: 'GET', url: `/api/device/deviceLocationStats/?organizationId=${org}&deviceId=${deviceId}` });

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    operator = await addMember(t.database, f.orgA, 'gps.operator@example.com', [1]);
    orgBAdmin = await addMember(t.database, f.orgB, 'gps.bravo@example.com', [1]);
    const site = async (name: string) =>
      (await q<{ id: number }>('SELECT id FROM sites WHERE name = $1', [name]))[0]!.id;
    const device = async (name: string, org: number) =>
      (
        await q<{ id: number }>(
          "INSERT INTO devices (name, device_type, organization_id) VALUES ($1, 'Qube', $2) RETURNING id",
          [name, org],
        )
      )[0]!.id;
    const install = async (
      deviceId: number,
      siteId: number,
      at: { lat: number; lng: number },
      startedHoursAgo: number,
      endedHoursAgo: number | null = null,
    ) =>
      (
        await q<{ id: number }>(
          'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, ended_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [
            deviceId,
            siteId,
            at.lat,
            at.lng,
            new Date(now - startedHoursAgo * HOUR),
            endedHoursAgo === null ? null : new Date(now - endedHoursAgo * HOUR),
          ],
        )
      )[0]!.id;
    mover = await device('A-30001', f.orgA);
    quiet = await device('A-30002', f.orgA);
    busy = await device('A-30003', f.orgA);
    foreign = await device('A-39999', f.orgB);
    earlier = await install(mover, await site('Pad 2'), { lat: 31.91, lng: -102.11 }, 200, 100);
    current = await install(mover, await site('Pad 1'), PAD_ONE, 50);
    await install(quiet, await site('Pad 1'), { lat: 31.9001, lng: -102.1001 }, 50);
    const busyInstall = await install(busy, await site('Pad 1'), { lat: 31.9002, lng: -102.1002 }, 300);
    foreignInstall = await install(foreign, await site('Station 9'), { lat: 40.1, lng: -80.2 }, 50);
    // The mover: a fix 3 m north of Pad 1, a poor one ~45 m east, and one from its earlier installation at Pad 2.
    await insertStat(mover, current, now - 2 * HOUR, { lat: 31.900027, lng: -102.1 }, 11, PAD_ONE);
    await insertStat(mover, current, now - 6 * HOUR, { lat: 31.9, lng: -102.09952 }, 4, PAD_ONE);
    await insertStat(mover, earlier, now - 150 * HOUR, { lat: 31.91001, lng: -102.11 }, 9, {
      lat: 31.91,
      lng: -102.11,
    });
    await insertStat(foreign, foreignInstall, now - HOUR, { lat: 40.10001, lng: -80.2 }, 8, { lat: 40.1, lng: -80.2 });
    // More fixes than one answer holds.
    await q(
      `INSERT INTO device_location_stats (device_id, device_installation_id, time, latitude, longitude, number_of_satellites, distance_from_installation_m)
       SELECT $1, $2, $3::timestamptz - g * interval '10 minutes', 31.9002, -102.1002, 7, 0 FROM generate_series(1, $4::int) g`,
      [busy, busyInstall, new Date(now), LOCATION_STATS_LIMIT + 5],
    );
  });
  afterAll(() => t.close());

  it("lists a device's fixes newest first, each with its installation and its distance from it", async () => {
    const res = await list(operator, f.orgA, mover);
    expect(res.statusCode).toBe(200);
    const stats = (res.json() as unknown[]).map((s) => locationStatSchema.parse(s));
    expect(stats.map((s) => s.time)).toEqual([2, 6, 150].map((h) => new Date(now - h * HOUR).toISOString()));
    expect(stats.map((s) => [s.deviceInstallationId, s.numberOfSatellites])).toEqual([
      [current, 11],
      [current, 4],
      [earlier, 9],
    ]);
    expect(stats[0]!.location).toEqual({ lat: 31.900027, lng: -102.1 });
    expect(stats[0]!.distanceFromDeviceInstallationInMeters).toBeCloseTo(3.0, 1);
    expect(stats[1]!.distanceFromDeviceInstallationInMeters).toBeCloseTo(45.3, 0);
    expect(stats[2]!.distanceFromDeviceInstallationInMeters).toBeCloseTo(1.1, 1);
  });

  it('answers an empty list for a device that reported no fixes, and at most the newest LOCATION_STATS_LIMIT', async () => {
    const none = await list(operator, f.orgA, quiet);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const many = (await list(operator, f.orgA, busy)).json() as LocationStat[];
    expect(many).toHaveLength(LOCATION_STATS_LIMIT);
    expect(many[0]!.time).toBe(new Date(now - 10 * 60_000).toISOString());
    expect(many.every((s, i) => i === 0 || s.time < many[i - 1]!.time)).toBe(true);
  });

  it("keeps other organizations' devices and callers without DeviceAdministration out", async () => {
    // Another organization's device through one's own organization is as unknown as a missing one.
    expect((await list(operator, f.orgA, foreign)).statusCode).toBe(404);
    expect((await list(operator, f.orgA, 999_999)).statusCode).toBe(404);
    // An organization the caller is not a member of.
    expect((await list(operator, f.orgB, foreign)).statusCode).toBe(403);
    // A member whose role lacks DeviceAdministration.
    expect((await list(f.viewer, f.orgA, mover)).statusCode).toBe(403);
    // The owner sees it.
    const own = await list(orgBAdmin, f.orgB, foreign);
    expect(own.statusCode).toBe(200);
    expect((own.json() as LocationStat[]).map((s) => s.deviceInstallationId)).toEqual([foreignInstall]);
  });

  it('carries the same fixes in the device detail', async () => {
    const detail = deviceDetailSchema.parse(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceDetail/?organizationId=${f.orgA}&deviceName=a-30001`,
        })
      ).json(),
    );
    expect(detail.locationStats).toEqual((await list(operator, f.orgA, mover)).json());
    expect(detail.locationStats).toHaveLength(3);
    const quietDetail = deviceDetailSchema.parse(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/device/deviceDetail/?organizationId=${f.orgA}&deviceName=A-30002`,
        })
      ).json(),
    );
    expect(quietDetail.locationStats).toEqual([]);
  });

  it("refuses a fix whose installation is another device's", async () => {
    await expect(insertStat(quiet, current, now, PAD_ONE, 8, PAD_ONE)).rejects.toThrow();
  });

  it('seeds a fix every few hours around each installation, deterministically, leaving some devices without any', async () => {
    const padTwo = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 2'"))[0]!.id;
    const devices: number[] = [];
    const installs = new Map<number, { lat: number; lng: number; started: number }>();
    for (let k = 0; k < 12; k++) {
      const id = (
        await q<{ id: number }>(
          "INSERT INTO devices (name, device_type, organization_id) VALUES ($1, 'Qube', $2) RETURNING id",
          [`A-4${String(k).padStart(4, '0')}`, f.orgA],
        )
      )[0]!.id;
      const at = { lat: 31.91 + k * 0.0001, lng: -102.11 };
      // One installation started a day ago: its fixes begin then.
      const started = now - (k === 0 ? 24 : 400) * HOUR;
      const [row] = await q<{ id: number }>(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [id, padTwo, at.lat, at.lng, new Date(started)],
      );
      devices.push(id);
      installs.set(row!.id, { ...at, started });
    }
    const at = new Date(now);
    const written = await seedLocationStats(t.database, createRandom(7), at, 3, [padTwo]);
    const rows = await q<{
      device_id: number;
      device_installation_id: number;
      time: Date | string;
      latitude: number;
      longitude: number;
      number_of_satellites: number;
      distance_from_installation_m: number;
    }>(
      'SELECT device_id, device_installation_id, time, latitude, longitude, number_of_satellites, distance_from_installation_m FROM device_location_stats WHERE device_id = ANY($1::int[]) ORDER BY id',
      [devices],
    );
    expect(rows).toHaveLength(written);
    const withFixes = new Set(rows.map((r) => r.device_id));
    expect(withFixes.size).toBeGreaterThan(6);
    expect(withFixes.size).toBeLessThan(devices.length);
    for (const r of rows) {
      const install = installs.get(r.device_installation_id)!;
      const time = new Date(r.time).getTime();
      expect(time).toBeLessThanOrEqual(now);
      expect(time).toBeGreaterThan(Math.max(now - 3 * 24 * HOUR, install.started));
      expect(r.number_of_satellites).toBeGreaterThanOrEqual(4);
      expect(r.number_of_satellites).toBeLessThanOrEqual(14);
      expect(r.distance_from_installation_m).toBeCloseTo(
        distanceKm(install, { lat: r.latitude, lng: r.longitude }) * 1000,
        6,
      );
      expect(r.distance_from_installation_m).toBeLessThan(100);
    }
    // A fix every LOCATION_FIX_HOURS: three days of them for a device installed long ago, a day's for the new one.
    const perDevice = (id: number) => rows.filter((r) => r.device_id === id).length;
    const old = devices.slice(1).find((d) => withFixes.has(d))!;
    // (the newest slot is the last whole multiple of LOCATION_FIX_HOURS, so the window holds one slot more or less)
    expect(perDevice(old)).toBeGreaterThanOrEqual((3 * 24) / LOCATION_FIX_HOURS - 1);
    expect(perDevice(old)).toBeLessThanOrEqual((3 * 24) / LOCATION_FIX_HOURS);
    if (withFixes.has(devices[0]!)) expect(perDevice(devices[0]!)).toBeLessThanOrEqual(24 / LOCATION_FIX_HOURS);
    // Mostly within a few metres; poor fixes tens of metres off.
    const distances = rows.map((r) => r.distance_from_installation_m).sort((a, b) => a - b);
    expect(distances[Math.floor(distances.length / 2)]!).toBeLessThan(6);
    expect(distances.at(-1)!).toBeGreaterThan(15);
    // The same seed gives the same fixes.
    const again = await seedLocationStats(t.database, createRandom(7), at, 3, [padTwo]);
    expect(again).toBe(written);
    const [dupes] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT device_id, time, latitude, longitude, number_of_satellites FROM device_location_stats WHERE device_id = ANY($1::int[])
         GROUP BY 1, 2, 3, 4, 5 HAVING count(*) = 2) x`,
      [devices],
    );
    expect(dupes!.n).toBe(written);
    // The seeded fixes are what the route answers, newest first.
    const answer = (await list(operator, f.orgA, old)).json() as LocationStat[];
    expect(answer).toHaveLength(perDevice(old) * 2);
    expect(answer.every((s, i) => i === 0 || s.time <= answer[i - 1]!.time)).toBe(true);
  });
});
