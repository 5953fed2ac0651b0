// The site map's reads over the real store: concentration roses binned by wind sector and gas legend severity per
// installation within its stay, the site's wind averaged per frame, and the refusals (not a legend gas, another
// organization's site, a deleted site). Any member reads them, without a permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoseChartDatum, SiteWindData } from '@/contracts/site-map';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const HOUR = 60 * MIN;
const t0 = Date.UTC(2026, 5, 1);
const at = (ms: number) => new Date(ms).toISOString();

describe.each(testEngines)('site map on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let pad1 = 0;
  let station9 = 0;
  let gone = 0;
  let stayA = 0;
  let stayB = 0;
  let plain = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    const siteId = async (name: string) =>
      (await q<{ id: number }>('SELECT id FROM sites WHERE name = $1', [name]))[0]!.id;
    pad1 = await siteId('Pad 1');
    const pad2 = await siteId('Pad 2');
    station9 = await siteId('Station 9');
    gone = (
      await q<{ id: number }>(
        "INSERT INTO sites (organization_id, name, latitude, longitude, deleted_at) VALUES ($1, 'Pad Gone', 32, -102, now()) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    plain = await addMember(t.database, f.orgA, 'plain@example.com', []);
    const device = async (name: string) =>
      (
        await q<{ id: number }>(
          "INSERT INTO devices (name, device_type, organization_id) VALUES ($1, 'Qube', $2) RETURNING id",
          [name, f.orgA],
        )
      )[0]!.id;
    const deviceA = await device('QB-A');
    const deviceB = await device('QB-B');
    const install = async (deviceId: number, site: number, from: number, to: number | null) =>
      (
        await q<{ id: number }>(
          'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, ended_at, installation_type) VALUES ($1, $2, 31.9, -102.1, $3, $4, 0) RETURNING id',
          [deviceId, site, at(from), to === null ? null : at(to)],
        )
      )[0]!.id;
    // QB-A stands at Pad 1 until 02:00, then at Pad 2; QB-B stands at Pad 1 throughout.
    stayA = await install(deviceA, pad1, t0 - HOUR, t0 + 2 * HOUR);
    await install(deviceA, pad2, t0 + 2 * HOUR, null);
    stayB = await install(deviceB, pad1, t0 - HOUR, null);
    const samples: Sample[] = [];
    const put = (deviceId: number, measurementType: number, time: number, value: number) =>
      samples.push({ deviceId, measurementType, time, value });
    for (let i = 0; i < 180; i++) {
      const time = t0 + i * MIN;
      // QB-A: wind from the east in the first hour, from the south after; CH4 30 ppm (mid) then 200 ppm (high).
      put(deviceA, 15, time, i < 60 ? 90 : 180);
      put(deviceA, 16, time, 10);
      put(deviceA, 1, time, i < 60 ? 30 : 200);
      // QB-B: wind from the north; CH4 below the low threshold but for 10 readings of 6 ppm; no wind-less pairing.
      put(deviceB, 15, time, 0);
      put(deviceB, 16, time, 20);
      put(deviceB, 1, time, i < 10 ? 6 : 1);
    }
    await ingestSamples(t.database, samples);
  });
  afterAll(() => t.close());

  const get = (path: string, params: Record<string, string | number>, user = plain) =>
    t.as(user, {
      method: 'GET',
      url: `/api/${path}/?${new URLSearchParams(Object.entries({ organizationId: f.orgA, ...params }).map(([k, v]) => [k, String(v)]))}`,
    });
  const range = { startTime: at(t0), endTime: at(t0 + 3 * HOUR) };

  it('bins each stay’s readings by the sector the wind blew from and the gas legend severity', async () => {
    const res = await get('data/roseChartData', { siteId: pad1, measurementTypeId: 1, ...range });
    expect(res.statusCode).toBe(200);
    const rose = res.json() as RoseChartDatum[];
    const sorted = [...rose].sort(
      (a, b) =>
        a.deviceInstallationId - b.deviceInstallationId ||
        a.directionIndex - b.directionIndex ||
        a.severity - b.severity,
    );
    // QB-A counts only its stay at Pad 1 (00:00 to 02:00): 60 mid readings from the east, 60 high from the south.
    expect(sorted).toEqual(
      [
        { deviceInstallationId: stayA, directionIndex: 4, severity: 2, value: 60 },
        { deviceInstallationId: stayA, directionIndex: 8, severity: 3, value: 60 },
        { deviceInstallationId: stayB, directionIndex: 0, severity: 1, value: 10 },
      ].sort((a, b) => a.deviceInstallationId - b.deviceInstallationId),
    );
    // Another gas with no readings: no rose.
    expect((await get('data/roseChartData', { siteId: pad1, measurementTypeId: 2, ...range })).json()).toEqual([]);
  });

  it('averages the site’s wind per installation and frame', async () => {
    const res = await get('data/siteWindData', { siteId: pad1, ...range });
    expect(res.statusCode).toBe(200);
    const wind = res.json() as SiteWindData;
    expect(wind.periodMs).toBe(15 * MIN);
    const a = wind.installations.find((i) => i.deviceInstallationId === stayA)!;
    const b = wind.installations.find((i) => i.deviceInstallationId === stayB)!;
    expect(a.wind).toHaveLength(8); // two hours of its stay
    expect(b.wind).toHaveLength(12);
    expect(a.wind[0]).toEqual({ time: t0, windDirection: 90, windSpeed: 10 });
    expect(a.wind[7]).toMatchObject({ time: t0 + 105 * MIN, windDirection: 180 });
    expect(b.wind.every((w) => w.windSpeed === 20)).toBe(true);
  });

  it('answers one-minute wind over the trail’s 40 minutes up to a time, and refuses a bad or future time', async () => {
    // 01:30: QB-A blows from the south at 10 km/h, QB-B from the north at 20; minutes 00:50 to 01:30.
    const res = await get('data/siteWindTrail', { siteId: pad1, time: at(t0 + 90 * MIN) });
    expect(res.statusCode).toBe(200);
    const wind = res.json() as SiteWindData;
    expect(wind.periodMs).toBe(MIN);
    const a = wind.installations.find((i) => i.deviceInstallationId === stayA)!;
    expect(a.wind.map((w) => w.time)).toEqual(Array.from({ length: 41 }, (_, i) => t0 + (50 + i) * MIN));
    expect(a.wind.at(-1)).toEqual({ time: t0 + 90 * MIN, windDirection: 180, windSpeed: 10 });
    expect(a.wind[0]).toMatchObject({ windDirection: 90 });
    expect((await get('data/siteWindTrail', { siteId: station9, time: at(t0) })).statusCode).toBe(404);
    expect((await get('data/siteWindTrail', { siteId: pad1, time: 'not a time' })).statusCode).toBe(400);
    const future = await get('data/siteWindTrail', { siteId: pad1, time: at(Date.now() + 86_400_000) });
    expect(future.statusCode).toBe(400);
  });

  it('refuses a gas without legend thresholds, another organization’s site and a deleted one', async () => {
    const notGas = await get('data/roseChartData', { siteId: pad1, measurementTypeId: 16, ...range });
    expect(notGas.statusCode).toBe(400);
    expect(JSON.stringify(notGas.json())).toContain('The measurement type must be a gas with legend thresholds');
    expect((await get('data/roseChartData', { siteId: station9, measurementTypeId: 1, ...range })).statusCode).toBe(
      404,
    );
    expect((await get('data/siteWindData', { siteId: station9, ...range })).statusCode).toBe(404);
    expect((await get('data/siteWindData', { siteId: gone, ...range })).statusCode).toBe(410);
    expect(
      (await get('data/siteWindData', { siteId: pad1, startTime: range.endTime, endTime: range.startTime })).statusCode,
    ).toBe(400);
  });
});
