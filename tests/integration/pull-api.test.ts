import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyEditAnswerSchema, PULL_API_ENDPOINTS, pullParameters } from '@/contracts/api-key';
import { API_KEY_HEADER, PULL_API_MESSAGES } from '@/domain/api-key';
import { Permission } from '@/domain/permissions';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';
import { ingestSamples } from '../../server/services/measurement-store';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 1);
const MARCH = { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-08T00:00:00Z' };
const LB_PER_KG = 2.204623;

interface Answer<T> {
  units: { ch4Rate: string; ch4Volume: string; speed: string };
  data: T[];
  resolution?: string;
  unit?: string;
}

describe.each(testEngines)('Pull API on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let integrator = 0;
  let pad1 = 0;
  let pad2 = 0;
  let station = 0;
  let north = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    integrator = await addMember(t.database, f.orgA, 'integrator@example.com', [Permission.IntegrationAdministration]);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    const ids = Object.fromEntries(
      (await q<{ id: number; name: string }>('SELECT id, name FROM sites')).map((r) => [r.name, r.id]),
    );
    [pad1, pad2, station] = [ids['Pad 1']!, ids['Pad 2']!, ids['Station 9']!];
    north = (
      await q<{ id: number }>("INSERT INTO site_groups (organization_id, name) VALUES ($1, 'North') RETURNING id", [
        f.orgA,
      ])
    )[0]!.id;
    await q('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [pad2, north]);
    const source = async (site: number, name: string) =>
      (
        await q<{ id: number }>(
          'INSERT INTO sources (site_id, name, latitude, longitude, source_category_id) VALUES ($1, $2, 31.9, -102.1, 2) RETURNING id',
          [site, name],
        )
      )[0]!.id;
    const emission = (site: number, src: number, start: string, end: string, rate: number, volume: number) =>
      q(
        'INSERT INTO emissions (site_id, source_id, start_time, end_time, rate, total_volume, severity) VALUES ($1, $2, $3, $4, $5, $6, 0)',
        [site, src, start, end, rate, volume],
      );
    await emission(pad1, await source(pad1, 'Tank 1'), '2026-03-02T10:00:00Z', '2026-03-02T12:00:00Z', 2, 4);
    await emission(pad2, await source(pad2, 'Wellhead 2'), '2026-03-03T10:00:00Z', '2026-03-03T11:00:00Z', 1, 1);
    await emission(
      station,
      await source(station, 'Compressor 9'),
      '2026-03-03T10:00:00Z',
      '2026-03-03T11:00:00Z',
      50,
      50,
    );
    await q(
      "INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) VALUES ($1, '2026-03-01T00:00:00Z', 1, 0.5, 2), ($1, '2026-03-01T00:15:00Z', 3, 1.5, 4)",
      [pad1],
    );
    // An unresolved HI-HI emission-rate alarm at Pad 1 (max 10 kg/h) and one at Bravo's station.
    for (const site of [pad1, station]) {
      const [param] = await q<{ id: number }>(
        'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, calculation_method, hi_threshold, sliding_window_hours, reset_evaluation_period_hours) VALUES ($1, 1, 1, 1, 0, 0, 1, 0.25, 1) RETURNING id',
        [site],
      );
      const [workflow] = await q<{ id: number }>('INSERT INTO workflows (workflow_type) VALUES (0) RETURNING id');
      await q(
        `INSERT INTO alarms (site_id, site_alarm_parameter_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value, hi_threshold, sliding_window_hours, workflow_id)
               VALUES ($1, $2, 1, 1, 1, 0, '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z', 10, 1, 0.25, $3)`,
        [site, param!.id, workflow!.id],
      );
    }
    // A device at Pad 1: two hours of one-minute CH4 (the minute of the hour as the value) and wind at 36 km/h.
    const [device] = await q<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('A-9001', 'Qube', $1) RETURNING id",
      [f.orgA],
    );
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, $3)',
      [device!.id, pad1, new Date(T0 - 86_400_000).toISOString()],
    );
    const samples = [];
    for (let m = 0; m < 120; m++) {
      samples.push({ deviceId: device!.id, measurementType: 1, time: T0 + m * MIN, value: m % 60 });
      samples.push({ deviceId: device!.id, measurementType: 15, time: T0 + m * MIN, value: 90 });
      samples.push({ deviceId: device!.id, measurementType: 16, time: T0 + m * MIN, value: 36 });
    }
    await ingestSamples(t.database, samples);
  });
  afterAll(() => t.close());

  const createKey = async (over: Record<string, unknown> = {}, user = integrator) => {
    const res = await t.as(user, {
      method: 'POST',
      url: '/api/apiKey/apiKeyEdit/',
      payload: {
        id: 0,
        organizationId: f.orgA,
        name: 'Key',
        enabled: true,
        apiEndpoints: [
          'Sites',
          'Emissions',
          'Alarms',
          'Alarm State',
          'Site Rates',
          'Measurements',
          'Wind',
          'Volumes',
          'Emission Rates',
        ],
        canAccessAllSites: true,
        siteGroupIds: [],
        canAccessHighFrequencyData: false,
        ch4RateDisplayUnitId: 2,
        ch4VolumeDisplayUnitId: 13,
        speedDisplayUnitId: 42,
        ...over,
      },
    });
    expect(res.statusCode).toBe(200);
    const key = apiKeyEditAnswerSchema.parse(res.json());
    return { id: key.id, value: key.apiKey! };
  };
  const pull = (path: string, key: string | null, params: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/pull/v1/${path}?${new URLSearchParams(params).toString()}`,
      headers: key === null ? {} : { [API_KEY_HEADER]: key },
    });

  it("reads its organization's sites and data in the key's units", async () => {
    const key = await createKey();
    const sites = await pull('sites', key.value);
    expect(sites.statusCode).toBe(200);
    expect((sites.json() as Answer<{ id: number }>).data.map((s) => s.id).sort()).toEqual([pad1, pad2].sort());

    const emissions = await pull('emissions', key.value, MARCH);
    expect(emissions.statusCode).toBe(200);
    const body = emissions.json() as Answer<{ siteId: number; source: string; rate: number; totalVolume: number }>;
    expect(body.units).toEqual({ ch4Rate: 'lb/h', ch4Volume: 'lb', speed: 'm/s' });
    expect(body.data.map((e) => e.source)).toEqual(['Tank 1', 'Wellhead 2']);
    expect(body.data[0]).toMatchObject({ siteId: pad1 });
    expect(body.data[0]!.rate).toBeCloseTo(2 * LB_PER_KG, 6);
    expect(body.data[0]!.totalVolume).toBeCloseTo(4 * LB_PER_KG, 6);
    expect(emissions.body).not.toContain('Compressor 9');

    const alarms = (await pull('alarms', key.value, MARCH)).json() as Answer<{
      siteId: number;
      level: string;
      maxValue: number;
      maxValueUnit: string;
    }>;
    expect(alarms.data).toHaveLength(1);
    expect(alarms.data[0]).toMatchObject({ siteId: pad1, level: 'HI-HI', maxValueUnit: 'lb/h' });
    expect(alarms.data[0]!.maxValue).toBeCloseTo(10 * LB_PER_KG, 6);

    const state = (await pull('alarmState', key.value)).json() as Answer<{
      siteId: number;
      unresolvedAlarmCount: number;
      highestUnresolvedLevel: string | null;
    }>;
    expect(state.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ siteId: pad1, unresolvedAlarmCount: 1, highestUnresolvedLevel: 'HI-HI' }),
        expect.objectContaining({ siteId: pad2, unresolvedAlarmCount: 0, highestUnresolvedLevel: null }),
      ]),
    );

    const rates = (await pull('siteRates', key.value, { ...MARCH, siteId: String(pad1) })).json() as Answer<{
      rate: number;
    }>;
    expect(rates.data).toHaveLength(2);
    expect(rates.data[1]!.rate).toBeCloseTo(3 * LB_PER_KG, 6);

    const volumes = (await pull('volumes', key.value, { ...MARCH, groupBy: 'Total' })).json() as Answer<{
      siteId: number;
      volume: number;
    }>;
    expect(volumes.data.find((v) => v.siteId === pad1)!.volume).toBeCloseTo(4 * LB_PER_KG, 6);

    const hourly = (await pull('emissionRates', key.value, { ...MARCH, siteId: String(pad1) })).json() as Answer<{
      time: string;
      rate: number;
    }>;
    expect(hourly.data.find((r) => r.time === '2026-03-02T10:00:00.000Z')!.rate).toBeCloseTo(2 * LB_PER_KG, 6);
  });

  it('gives sampled measurements and wind, raw only with High Frequency Data', async () => {
    const sampled = await createKey();
    const window = { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-01T02:00:00Z', siteId: String(pad1) };
    const ch4 = (await pull('measurements', sampled.value, { ...window, measurementType: 'CH4' })).json() as Answer<{
      value: number;
      deviceName: string;
    }>;
    expect(ch4).toMatchObject({ resolution: '15 Minute Average', unit: 'ppm' });
    expect(ch4.data).toHaveLength(8);
    expect(ch4.data[0]).toMatchObject({ deviceName: 'A-9001', value: 7 });
    const wind = (await pull('wind', sampled.value, window)).json() as Answer<{
      windSpeed: number;
      windDirection: number;
    }>;
    expect(wind.data).toHaveLength(8);
    expect(wind.data[0]!.windSpeed).toBeCloseTo(10, 6);
    expect(wind.data[0]!.windDirection).toBeCloseTo(90, 6);

    const raw = await createKey({ canAccessHighFrequencyData: true }, f.provider);
    const rawCh4 = (await pull('measurements', raw.value, { ...window, measurementType: 'CH4' })).json() as Answer<{
      value: number;
    }>;
    expect(rawCh4.resolution).toBe('Raw');
    expect(rawCh4.data).toHaveLength(120);
    // Longer ranges are refused for raw reads before anything is read.
    const tooLong = await pull('measurements', raw.value, {
      startTime: '2026-03-01T00:00:00Z',
      endTime: '2026-03-20T00:00:00Z',
      siteId: String(pad1),
      measurementType: 'CH4',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ detail: PULL_API_MESSAGES.rangeTooLong(7) });
  });

  it('keeps a key to its site groups', async () => {
    const key = await createKey({ canAccessAllSites: false, siteGroupIds: [north] });
    expect(((await pull('sites', key.value)).json() as Answer<{ id: number }>).data.map((s) => s.id)).toEqual([pad2]);
    const emissions = (await pull('emissions', key.value, MARCH)).json() as Answer<{ siteId: number }>;
    expect(emissions.data.map((e) => e.siteId)).toEqual([pad2]);
    expect((await pull('siteRates', key.value, { ...MARCH, siteId: String(pad1) })).statusCode).toBe(404);
    // Another organization's site is as unknown as a missing one.
    expect((await pull('siteRates', key.value, { ...MARCH, siteId: String(station) })).statusCode).toBe(404);
  });

  it('refuses calls without a key, with an unknown key and outside the categories', async () => {
    const none = await pull('sites', null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: PULL_API_MESSAGES.missingKey });
    expect((await pull('sites', 'emk_not-a-key')).statusCode).toBe(401);
    expect((await pull('sites', 'Bearer something')).statusCode).toBe(401);
    const sitesOnly = await createKey({ apiEndpoints: ['Sites'] });
    expect((await pull('sites', sitesOnly.value)).statusCode).toBe(200);
    const refused = await pull('emissions', sitesOnly.value, MARCH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: "The API key does not allow the 'Emissions' endpoints" });
  });

  it('stops a disabled key and a deleted key', async () => {
    const key = await createKey({ name: 'Soon off' });
    await t.as(integrator, {
      method: 'POST',
      url: '/api/apiKey/apiKeyEdit/',
      payload: {
        id: key.id,
        organizationId: f.orgA,
        name: 'Soon off',
        enabled: false,
        apiEndpoints: ['Sites'],
        canAccessAllSites: true,
        siteGroupIds: [],
        canAccessHighFrequencyData: false,
        ch4RateDisplayUnitId: 1,
        ch4VolumeDisplayUnitId: 11,
        speedDisplayUnitId: 41,
      },
    });
    const disabled = await pull('sites', key.value);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ detail: PULL_API_MESSAGES.disabledKey });
    const other = await createKey({ name: 'Soon gone' });
    expect(
      (
        await t.as(integrator, {
          method: 'DELETE',
          url: `/api/apiKey/deleteApiKey/?organizationId=${f.orgA}&id=${other.id}`,
        })
      ).statusCode,
    ).toBe(200);
    const deleted = await pull('sites', other.value);
    expect(deleted.statusCode).toBe(401);
    expect(deleted.json()).toEqual({ detail: PULL_API_MESSAGES.unknownKey });
  });

  it('stops every key of a deleted organization and serves them again once it is restored', async () => {
    const key = await createKey({ name: 'Org lifecycle' });
    expect((await pull('sites', key.value)).statusCode).toBe(200);
    expect((await t.as(f.provider, { method: 'POST', url: `/api/organization/delete/${f.orgA}` })).statusCode).toBe(
      200,
    );
    const stopped = await pull('sites', key.value);
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json()).toEqual({ detail: PULL_API_MESSAGES.organizationDeleted });
    expect((await t.as(f.provider, { method: 'POST', url: `/api/organization/restore/${f.orgA}` })).statusCode).toBe(
      200,
    );
    expect((await pull('sites', key.value)).statusCode).toBe(200);
  });

  it('records lastUsedAt, at most once a minute', async () => {
    const key = await createKey({ name: 'Used' });
    const lastUsed = async () =>
      (
        await t.database.query<{ at: Date | string | null }>('SELECT last_used_at AS at FROM api_keys WHERE id = $1', [
          key.id,
        ])
      )[0]!.at;
    expect(await lastUsed()).toBeNull();
    await pull('sites', key.value);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await pull('sites', key.value);
    expect(new Date((await lastUsed())!).getTime()).toBe(new Date(first!).getTime());
    await t.database.query("UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1", [key.id]);
    await pull('sites', key.value);
    expect(Date.now() - new Date((await lastUsed())!).getTime()).toBeLessThan(60_000);
    const listed = await t.as(integrator, {
      method: 'GET',
      url: `/api/apiKey/apiKeyEdit/?organizationId=${f.orgA}&apiKeyId=${key.id}`,
    });
    expect((listed.json() as { lastUsedAt: string | null }).lastUsedAt).not.toBeNull();
  });

  it('documents every endpoint from its definition, with examples its answers match', () => {
    const paths = new Set(t.app.routeSpecs.filter((s) => s.access === 'apiKey').map((s) => s.url));
    for (const e of Object.values(PULL_API_ENDPOINTS)) {
      expect(paths.has(e.path)).toBe(true);
      expect(e.response.safeParse(e.example).success, e.path).toBe(true);
    }
    expect(paths.size).toBe(Object.keys(PULL_API_ENDPOINTS).length);
    expect(pullParameters(PULL_API_ENDPOINTS.measurements).map((p) => [p.name, p.required])).toEqual([
      ['startTime', true],
      ['endTime', true],
      ['siteId', true],
      ['measurementType', true],
    ]);
    expect(pullParameters(PULL_API_ENDPOINTS.volumes).find((p) => p.name === 'groupBy')).toMatchObject({
      required: false,
    });
  });
});
