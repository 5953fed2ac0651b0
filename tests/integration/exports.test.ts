import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES } from '@/domain/export';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';
import { ingestSamples } from '../../server/services/measurement-store';
import { exportStats } from '../../server/services/export';

const MIN = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1);
const iso = (t: number) => new Date(t).toISOString();

/** CSV text to rows: quoted cells may hold commas and doubled quotes. */
function rowsOf(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    });
}

describe.each(testEngines)('exports on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let analyst = 0;
  let lowOnly = 0;
  let noExports = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;
  let group = 0;
  let device = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    analyst = await addMember(t.database, f.orgA, 'analyst@example.com', [4, 5, 6, 16]);
    lowOnly = await addMember(t.database, f.orgA, 'low@example.com', [6]);
    noExports = await addMember(t.database, f.orgA, 'none@example.com', [3]);
    const ids = Object.fromEntries(
      (await q<{ id: number; name: string }>('SELECT id, name FROM sites')).map((r) => [r.name, r.id]),
    );
    [pad1, pad2, station] = [ids['Pad 1']!, ids['Pad 2']!, ids['Station 9']!];
    group = (
      await q<{ id: number }>("INSERT INTO site_groups (organization_id, name) VALUES ($1, 'North') RETURNING id", [
        f.orgA,
      ])
    )[0]!.id;
    await q('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [pad2, group]);
    // A source whose name would run as a formula in a spreadsheet.
    const [source] = await q<{ id: number }>(
      'INSERT INTO sources (site_id, name, latitude, longitude, source_category_id) VALUES ($1, \'=HYPERLINK("http://x")\', 31.9, -102.1, 2) RETURNING id',
      [pad1],
    );
    // 2 kg/h for 3 hours from 23:00 UTC on March 1 (17:00 in Chicago), and 1 kg/h for an hour on March 3.
    await q(
      "INSERT INTO emissions (site_id, source_id, start_time, end_time, rate, total_volume, severity, classification) VALUES ($1, $2, '2026-03-01T23:00:00Z', '2026-03-02T02:00:00Z', 2, 6, 0, 'Venting')",
      [pad1, source!.id],
    );
    await q(
      "INSERT INTO emissions (site_id, source_id, start_time, end_time, rate, total_volume) VALUES ($1, $2, '2026-03-03T10:00:00Z', '2026-03-03T11:00:00Z', 1, 1)",
      [pad1, source!.id],
    );
    await q(
      "INSERT INTO site_baselines (site_id, baseline_type, effective_from, baseline) VALUES ($1, 0, '2026-02-01T00:00:00Z', 0.5)",
      [pad1],
    );
    await q(
      "INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) VALUES ($1, '2026-03-01T00:00:00Z', 1, 0.5, 2), ($1, '2026-03-01T00:15:00Z', 3, 1.5, 4), ($1, '2026-03-01T01:00:00Z', 5, 2, 8)",
      [pad1],
    );
    device = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('A-9001', 'Qube', $1) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, $3)',
      [device, pad1, iso(T0 - DAY)],
    );
    // 30 days of one-minute CH4 (minute index mod 60 as the value) and two hours of wind.
    const samples = [];
    for (let m = 0; m < 30 * 1440; m++)
      samples.push({ deviceId: device, measurementType: 1, time: T0 + m * MIN, value: m % 60 });
    for (let m = 0; m < 120; m++) {
      samples.push({ deviceId: device, measurementType: 15, time: T0 + m * MIN, value: m % 2 === 0 ? 350 : 10 });
      samples.push({ deviceId: device, measurementType: 16, time: T0 + m * MIN, value: 10 + (m % 2) * 2 });
    }
    await ingestSamples(t.database, samples);
  });
  afterAll(() => t.close());

  const get = (path: string, params: Record<string, string | string[]>, user = analyst) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({ organizationId: String(f.orgA), ...params }))
      for (const item of Array.isArray(v) ? v : [v]) qs.append(k, item);
    return t.as(user, { method: 'GET', url: `/api/export/${path}/?${qs.toString()}` });
  };
  const march = { startTime: '2026-03-01T00:00:00Z', endTime: '2026-04-01T00:00:00Z' };

  it('exports emissions with a file name and formula-escaped cells', async () => {
    const res = await get('exportEmissions', { ...march, siteIds: String(pad1) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Emissions 2026-03-01 to 2026-04-01.csv"');
    const [header, first, second] = rowsOf(res.body);
    expect(header).toEqual([
      'Emission Id',
      'Site',
      'Source',
      'Source Group',
      'Source Category',
      'Start Time',
      'End Time',
      'Total Volume (kg)',
      'Rate (kg/h)',
      'Severity',
      'Classification',
      'Root Cause',
    ]);
    expect(first!.slice(1)).toEqual([
      'Pad 1',
      `'=HYPERLINK("http://x")`,
      '',
      'Tank',
      '2026-03-01T23:00:00.000Z',
      '2026-03-02T02:00:00.000Z',
      '6',
      '2',
      'HI',
      'Venting',
      '',
    ]);
    expect(second![7]).toBe('1');
  });

  it("exports volumes per period in the browser's time zone, split by source category", async () => {
    const res = await get('exportVolumes', {
      startTime: '2026-03-01T06:00:00Z',
      endTime: '2026-03-04T06:00:00Z',
      siteIds: String(pad1),
      groupBy: 'Daily',
      splitBySourceCategory: 'true',
      splitBySourceGroup: 'false',
      ianaTimezoneId: 'America/Chicago',
    });
    expect(res.statusCode).toBe(200);
    // In Chicago the 3-hour emission falls on March 1 (17:00–20:00); the hour on March 3 is 04:00–05:00.
    expect(rowsOf(res.body)).toEqual([
      ['Period Start', 'Site', 'Source Category', 'Volume (kg)'],
      ['2026-03-01T00:00:00-06:00', 'Pad 1', 'Tank', '6'],
      ['2026-03-03T00:00:00-06:00', 'Pad 1', 'Tank', '1'],
    ]);
    const total = rowsOf(
      (
        await get('exportVolumes', {
          ...march,
          siteIds: [String(pad1), String(pad2)],
          groupBy: 'Total',
          splitBySourceCategory: 'false',
          splitBySourceGroup: 'false',
          ianaTimezoneId: 'UTC',
        })
      ).body,
    );
    expect(total).toEqual([
      ['Period Start', 'Site', 'Volume (kg)'],
      ['2026-03-01T00:00:00+00:00', 'Pad 1', '7'],
    ]);
  });

  it('exports hourly rolling averages with the baseline', async () => {
    const res = await get('exportSiteRateAverages', {
      startTime: '2026-03-01T23:00:00Z',
      endTime: '2026-03-02T03:00:00Z',
      siteIds: String(pad1),
      rollingAveragePeriods: ['1', '24'],
    });
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      'Time',
      'Site',
      '1 Hour Rolling Average (kg/h)',
      '1 Day Rolling Average (kg/h)',
      'Baseline (kg/h)',
    ]);
    // Hours of 2 kg/h at 23:00, 00:00, 01:00; the day's mean grows by 2/24 each hour.
    expect(rows.slice(1).map((r) => [r[0], Number(r[2]), Number(Number(r[3]).toFixed(6)), r[4]])).toEqual([
      ['2026-03-01T23:00:00.000Z', 2, Number((2 / 24).toFixed(6)), '0.5'],
      ['2026-03-02T00:00:00.000Z', 2, Number((4 / 24).toFixed(6)), '0.5'],
      ['2026-03-02T01:00:00.000Z', 2, Number((6 / 24).toFixed(6)), '0.5'],
      ['2026-03-02T02:00:00.000Z', 0, Number((6 / 24).toFixed(6)), '0.5'],
    ]);
    expect((await get('exportSiteRateAverages', { ...march, siteIds: String(pad1) })).json()).toMatchObject({
      detail: EXPORT_MESSAGES.rollingRequired,
    });
  });

  it('exports device data sampled, raw only with the high-precision permission, and wind as averages', async () => {
    const sampled = rowsOf(
      (
        await get('exportDeviceData', {
          startTime: iso(T0),
          endTime: iso(T0 + 2 * 3_600_000),
          siteIds: String(pad1),
          deviceDataType: 'CH4',
          samplePeriodMinutes: '60',
          samplingMethod: '1',
        })
      ).body,
    );
    expect(sampled).toEqual([
      ['Time', 'Device', 'CH4 (ppm)'],
      [iso(T0), 'A-9001', '29.5'],
      [iso(T0 + 3_600_000), 'A-9001', '29.5'],
    ]);
    const max = rowsOf(
      (
        await get('exportDeviceData', {
          startTime: iso(T0),
          endTime: iso(T0 + 2 * DAY),
          siteIds: String(pad1),
          deviceDataType: 'CH4',
          samplePeriodMinutes: '1440',
          samplingMethod: '2',
        })
      ).body,
    );
    expect(max).toEqual([
      ['Time', 'Device', 'CH4 (ppm)'],
      [iso(T0), 'A-9001', '59'],
      [iso(T0 + DAY), 'A-9001', '59'],
    ]);
    const raw = await get('exportDeviceData', {
      startTime: iso(T0),
      endTime: iso(T0 + 10 * MIN),
      siteIds: String(pad1),
      deviceDataType: 'CH4',
      raw: 'true',
    });
    expect(rowsOf(raw.body)).toHaveLength(11);
    const refused = await get(
      'exportDeviceData',
      { startTime: iso(T0), endTime: iso(T0 + 10 * MIN), siteIds: String(pad1), deviceDataType: 'CH4', raw: 'true' },
      lowOnly,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: EXPORT_MESSAGES.rawPermission });
    const wind = rowsOf(
      (
        await get(
          'exportDeviceData',
          {
            startTime: iso(T0),
            endTime: iso(T0 + 2 * 3_600_000),
            siteIds: String(pad1),
            deviceDataType: 'Wind',
            samplePeriodMinutes: '60',
            samplingMethod: '1',
          },
          lowOnly,
        )
      ).body,
    );
    // Directions 350° and 10° average to north, not 180°.
    expect(wind[0]).toEqual(['Time', 'Device', 'Wind Direction (°)', 'Wind Speed (km/h)']);
    expect(wind.slice(1).map((r) => [r[0], Number(r[2]) % 360, r[3]])).toEqual([
      [iso(T0), 0, '11'],
      [iso(T0 + 3_600_000), 0, '11'],
    ]);
    const problems = async (params: Record<string, string>) =>
      (await get('exportDeviceData', { siteIds: String(pad1), ...params })).json() as { detail: string };
    // Each refused request: [type, minutes, method, range end, extra params] and the spec's message.
    const invalid: [string, string, string, number, Record<string, string>, string][] = [
      ['Wind', '60', '2', T0 + DAY, {}, EXPORT_MESSAGES.windAverageOnly],
      ['CH4', '60', '2', T0 + 3_600_000, {}, EXPORT_MESSAGES.rangeVsSample],
      ['CH4', '5', '1', T0 + DAY, {}, EXPORT_MESSAGES.averagePeriods],
      ['CH4', '60', '1', T0 + DAY, { siteIds: '' }, EXPORT_MESSAGES.siteRequired],
    ];
    for (const [deviceDataType, samplePeriodMinutes, samplingMethod, until, extra, detail] of invalid)
      expect(
        await problems({
          startTime: iso(T0),
          endTime: iso(until),
          deviceDataType,
          samplePeriodMinutes,
          samplingMethod,
          ...extra,
        }),
      ).toMatchObject({ detail });
  });

  it('offers the sample periods a method and type allow', async () => {
    const options = async (params: string) =>
      (
        await t.as(lowOnly, { method: 'GET', url: `/api/export/getDeviceDataSamplePeriodOptions/?${params}` })
      ).json() as { samplePeriods: { minutes: number }[]; samplingMethods: { label: string }[] };
    expect((await options('samplingMethod=1&deviceDataType=CH4')).samplePeriods.map((p) => p.minutes)).toEqual([
      15, 60, 1440,
    ]);
    expect((await options('samplingMethod=2&deviceDataType=CH4')).samplePeriods.map((p) => p.minutes)).toEqual([
      1, 5, 15, 60, 1440,
    ]);
    expect((await options('samplingMethod=1&deviceDataType=Wind')).samplingMethods.map((m) => m.label)).toEqual([
      'Average',
      'Maximum',
    ]);
    expect(
      (await t.as(noExports, { method: 'GET', url: '/api/export/getDeviceDataSamplePeriodOptions/' })).statusCode,
    ).toBe(403);
  });

  it('exports alarms, uptime and the site rate', async () => {
    const alarms = rowsOf((await get('exportAlarms', { ...march, siteGroupIds: String(group) })).body);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]![0]).toBe('Alarm Id');
    const uptime = rowsOf(
      (await get('exportDeviceUptime', { startTime: iso(T0), endTime: iso(T0 + DAY), siteIds: String(pad1) })).body,
    );
    expect(uptime[0]).toEqual(['Device', 'Site', 'Organization', 'Period Start', 'Up Status']);
    expect(uptime.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual(
      [0, 6, 12, 18].map((h) => ['A-9001', iso(T0 + h * 3_600_000), 'Up']),
    );
    expect(
      (await get('exportDeviceUptime', { startTime: iso(T0), endTime: iso(T0 + 91 * DAY), siteIds: String(pad1) }))
        .statusCode,
    ).toBe(400);
    const rate = rowsOf(
      (
        await get('exportSiteRate', {
          startTime: iso(T0),
          endTime: iso(T0 + 2 * 3_600_000),
          siteIds: String(pad1),
          samplePeriodMinutes: '60',
          samplingMethod: '1',
        })
      ).body,
    );
    expect(rate).toEqual([
      SITE_RATE_HEADERS_FOR_TEST,
      [iso(T0), 'Pad 1', '2', '1', '3'],
      [iso(T0 + 3_600_000), 'Pad 1', '5', '2', '8'],
    ]);
  });

  it("refuses other organizations' sites and groups, missing sites, long ranges and missing permissions", async () => {
    expect((await get('exportEmissions', { ...march, siteIds: [String(pad1), String(station)] })).statusCode).toBe(404);
    const otherGroup = (
      await t.database.query<{ id: number }>(
        "INSERT INTO site_groups (organization_id, name) VALUES ($1, 'Elsewhere') RETURNING id",
        [f.orgB],
      )
    )[0]!.id;
    expect((await get('exportAlarms', { ...march, siteGroupIds: String(otherGroup) })).statusCode).toBe(404);
    expect((await get('exportAlarms', march)).json()).toMatchObject({ detail: EXPORT_MESSAGES.siteRequired });
    expect(
      (
        await get('exportEmissions', {
          startTime: '2025-01-01T00:00:00Z',
          endTime: '2026-04-01T00:00:00Z',
          siteIds: String(pad1),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await get('exportEmissions', { startTime: march.endTime, endTime: march.startTime, siteIds: String(pad1) }))
        .statusCode,
    ).toBe(400);
    expect((await get('exportEmissions', { ...march, siteIds: String(pad1) }, lowOnly)).statusCode).toBe(403);
    expect(
      (
        await get(
          'exportDeviceData',
          { ...march, siteIds: String(pad1), deviceDataType: 'CH4', samplePeriodMinutes: '60', samplingMethod: '1' },
          noExports,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await get('exportEmissions', { ...march, siteIds: String(pad1), organizationId: String(f.orgB) })).statusCode,
    ).toBe(403);
  });

  it('stops reading when the client goes away mid-download', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.tokenFor(analyst);
    const controller = new AbortController();
    const before = exportStats.deviceDays;
    // A year whose data sits in its last month: the server reads empty days first, one by one.
    const start = T0 + 30 * DAY - 365 * DAY;
    const url = `${address}/api/export/exportDeviceData/?organizationId=${f.orgA}&startTime=${iso(start)}&endTime=${iso(T0 + 30 * DAY)}&siteIds=${pad1}&deviceDataType=CH4&raw=true`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('Time,Device,CH4 (ppm)');
    controller.abort();
    await new Promise((r) => setTimeout(r, 300));
    const atAbort = exportStats.deviceDays - before;
    await new Promise((r) => setTimeout(r, 700));
    // 366 device-days were asked for; reading stopped short and does not go on.
    expect(atAbort).toBeLessThan(366);
    expect(exportStats.deviceDays - before).toBe(atAbort);
  });
});

const SITE_RATE_HEADERS_FOR_TEST = ['Time', 'Site', 'Site Rate (kg/h)', 'Lower Bound (kg/h)', 'Upper Bound (kg/h)'];
