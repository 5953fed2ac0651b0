import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uptimeGridAnswerSchema, uptimeOverviewSchema } from '@/contracts/uptime';
import { UPTIME_RANGE_MESSAGE } from '@/domain/uptime';
import { ingestSamples } from '../../server/services/measurement-store';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const H = 3_600_000;
const DAY = 24 * H;

describe.each(testEngines)('device uptime on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let watcher = 0;
  // Two whole days ending at the last UTC midnight: 8 periods of 6 hours.
  const to = Math.floor(Date.now() / DAY) * DAY;
  const from = to - 2 * DAY;
  let steady = 0;
  let gappy = 0;
  let quarantined = 0;
  let windOnly = 0;
  let late = 0;
  let padOne = 0;
  let padTwo = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    watcher = await addMember(t.database, f.orgA, 'uptime@example.com', [20]);
    padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    padTwo = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 2'"))[0]!.id;
    const device = async (name: string, kind = 'Qube') =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, device_type, organization_id) VALUES ($1, $2, $3) RETURNING id',
          [name, kind, f.orgA],
        )
      )[0]!.id;
    const install = (d: number, site: number, start: number, type = 0, quarantinedAt: number | null = null) =>
      q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, installation_type, quarantined_at) VALUES ($1, $2, 31.9, -102.1, $3, $4, $5)',
        [d, site, new Date(start), type, quarantinedAt === null ? null : new Date(quarantinedAt)],
      );
    steady = await device('A-5001');
    gappy = await device('A-5002');
    quarantined = await device('A-5003');
    windOnly = await device('A-5004');
    late = await device('B-5005', 'QubeLite');
    const camera = await device('C-5006', 'QubeCamera');
    await install(steady, padOne, from - DAY);
    await install(gappy, padOne, from - DAY);
    await install(quarantined, padOne, from - DAY, 1, from + DAY); // fully quarantined for the second day
    await install(windOnly, padTwo, from - DAY, 2, from); // wind quarantined throughout: UP without data
    await install(late, padTwo, from + 36 * H); // installed for the last two periods only
    await install(camera, padTwo, from - DAY);
    const samples = [];
    for (let p = 0; p < 8; p++) {
      samples.push({ deviceId: steady, measurementType: 1, time: from + p * 6 * H + 60_000, value: 2 });
      if (p % 2 === 0) samples.push({ deviceId: gappy, measurementType: 1, time: from + p * 6 * H + 5 * H, value: 2 });
      samples.push({ deviceId: quarantined, measurementType: 1, time: from + p * 6 * H + H, value: 2 });
      if (p >= 6) samples.push({ deviceId: late, measurementType: 1, time: from + p * 6 * H + 2 * H, value: 2 });
    }
    // Wind readings are not CH4: they do not make a period UP.
    samples.push({ deviceId: gappy, measurementType: 16, time: from + 6 * H + 60_000, value: 3 });
    await ingestSamples(t.database, samples);
  });
  afterAll(() => t.close());

  const query = (path: string, extra: Record<string, string | number | string[]> = {}, user = watcher) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({
      fromTime: new Date(from).toISOString(),
      toTime: new Date(to).toISOString(),
      organizationIds: String(f.orgA),
      ...extra,
    })) {
      if (Array.isArray(v)) v.forEach((x) => qs.append(k, x));
      else qs.set(k, String(v));
    }
    return t.as(user, { method: 'GET', url: `/api/uptime/${path}/?${qs}` });
  };

  it('judges each 6-hour period by CH4 data, quarantine and installation', async () => {
    const res = await query('deviceUpStatus', { startRow: 0, endRow: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = uptimeGridAnswerSchema.parse(res.json());
    const byName = Object.fromEntries(answer.rows.map((r) => [r.deviceName, r]));
    expect(Object.keys(byName).sort()).toEqual(['A-5001', 'A-5002', 'A-5003', 'A-5004', 'B-5005']); // cameras measure no CH4
    const statuses = (name: string) => byName[name]!.values.map((v) => v.upStatus[0]).join('');
    expect(statuses('A-5001')).toBe('UUUUUUUU');
    expect(statuses('A-5002')).toBe('UDUDUDUD');
    expect(statuses('A-5003')).toBe('UUUUDDDD');
    expect(statuses('A-5004')).toBe('UUUUUUUU');
    expect(statuses('B-5005')).toBe('NNNNNNUU');
    expect(byName['A-5002']!.summary).toEqual({ upCount: 4, downCount: 4, uptimePercentage: 50 });
    expect(byName['B-5005']!.summary).toEqual({ upCount: 2, downCount: 0, uptimePercentage: 100 });
    expect(byName['A-5001']!.values[0]!.time).toBe(new Date(from).toISOString());
  });

  it('sums the periods in the overview', async () => {
    const overview = uptimeOverviewSchema.parse((await query('deviceUpOverview')).json());
    expect(overview.uptimeByPeriod).toHaveLength(8);
    expect(overview.uptimeByPeriod[1]!.summary).toEqual({ upCount: 3, downCount: 1, uptimePercentage: 75 });
    expect(overview.summary).toEqual({
      upCount: 8 + 4 + 4 + 8 + 2,
      downCount: 4 + 4,
      uptimePercentage: Math.round((26 / 34) * 10000) / 100,
    });
    const padTwoOnly = uptimeOverviewSchema.parse(
      (await query('deviceUpOverview', { siteIds: [String(padTwo)] })).json(),
    );
    expect(padTwoOnly.summary.upCount).toBe(8 + 2);
  });

  it('filters, sorts and pages the grid', async () => {
    const low = uptimeGridAnswerSchema.parse(
      (
        await query('deviceUpStatus', {
          startRow: 0,
          endRow: 100,
          'uptimePercentage.type': 'less than',
          'uptimePercentage.value': '60',
          sortColumn: 'uptimePercentage',
          sortAscending: 'true',
        })
      ).json(),
    );
    expect(low.rows.map((r) => r.deviceName)).toEqual(['A-5002', 'A-5003']);
    const page = uptimeGridAnswerSchema.parse(
      (
        await query('deviceUpStatus', { startRow: 2, endRow: 4, sortColumn: 'deviceName', sortAscending: 'false' })
      ).json(),
    );
    expect(page.rows.map((r) => r.deviceName)).toEqual(['A-5003', 'A-5002']);
    expect(page).toMatchObject({ totalRows: 5, lastRow: -1 });
  });

  it('refuses ranges over 90 days and organizations without DeviceUptimeView', async () => {
    const long = await query('deviceUpOverview', { fromTime: new Date(to - 91 * DAY).toISOString() });
    expect(long.statusCode).toBe(400);
    expect((long.json() as { detail: string }).detail).toBe(UPTIME_RANGE_MESSAGE);
    expect((await query('deviceUpOverview', { organizationIds: [String(f.orgA), String(f.orgB)] })).statusCode).toBe(
      403,
    );
    expect((await query('deviceUpOverview', {}, f.viewer)).statusCode).toBe(403);
    expect((await query('deviceUpOverview', { organizationIds: [] })).statusCode).toBe(400);
  });
});
