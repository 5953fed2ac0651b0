// The chart data endpoints of spec 2 §7 over the real store: raw, sampled maxima, averages (local days), wind per
// installation, closest time with data, JSON and Arrow answers, and their refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maximumRangeMessage } from '@/domain/chart-data';
import { decodeSeriesArrow, decodeWindArrow } from '../../src/codec/series-arrow';
import { ingestSamples, type Sample } from '../../server/services/measurement-store';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const t0 = Date.UTC(2026, 5, 1);

describe.each(testEngines)('chart data on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let device = 0;
  let foreign = 0;
  let installA = 0;
  let installB = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    device = (
      await t.database.query<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-CHART', 'Qube', $1) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    foreign = (
      await t.database.query<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-BRAVO', 'Qube', $1) RETURNING id",
        [f.orgB],
      )
    )[0]!.id;
    const [site] = await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'");
    installA = (
      await t.database.query<{ id: number }>(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, ended_at) VALUES ($1, $2, 31.9, -102.1, $3, $4) RETURNING id',
        [device, site!.id, new Date(t0 - 86_400_000).toISOString(), new Date(t0 + 60 * MIN).toISOString()],
      )
    )[0]!.id;
    installB = (
      await t.database.query<{ id: number }>(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, $3) RETURNING id',
        [device, site!.id, new Date(t0 + 60 * MIN).toISOString()],
      )
    )[0]!.id;
    const samples: Sample[] = [];
    // Two days of CH4 once a minute: 1 + (minute of the hour)/100, and a peak of 40 at 00:37 on the first day.
    for (let i = 0; i < 2 * 1440; i++)
      samples.push({
        deviceId: device,
        measurementType: 1,
        time: t0 + i * MIN,
        value: i === 37 ? 40 : 1 + (i % 60) / 100,
      });
    for (let i = 0; i < 120; i++) {
      samples.push({ deviceId: device, measurementType: 15, time: t0 + i * MIN, value: (i * 3) % 360 });
      samples.push({ deviceId: device, measurementType: 16, time: t0 + i * MIN, value: i % 7 });
    }
    await ingestSamples(t.database, samples);
  });
  afterAll(() => t.close());

  const get = (path: string, params: Record<string, string | number>, accept = 'application/json', user = f.provider) =>
    t.as(user, {
      method: 'GET',
      url: `/api/data/${path}/?${new URLSearchParams(Object.entries({ organizationId: f.orgA, deviceId: device, ...params }).map(([k, v]) => [k, String(v)]))}`,
      headers: { accept },
    });
  const range = (from: number, to: number) => ({
    startTime: new Date(from).toISOString(),
    endTime: new Date(to).toISOString(),
  });

  it('answers raw samples as JSON pairs and as Arrow IPC, the same values', async () => {
    const json = await get('deviceRawData', { measurementTypeId: 1, ...range(t0, t0 + 120 * MIN) });
    expect(json.statusCode, json.body).toBe(200);
    const pairs = json.json() as [number, number][];
    expect(pairs).toHaveLength(120);
    expect(pairs[37]).toEqual([t0 + 37 * MIN, 40]);
    const arrow = await get(
      'deviceRawData',
      { measurementTypeId: 1, ...range(t0, t0 + 120 * MIN) },
      'application/vnd.apache.arrow.stream',
    );
    expect(arrow.headers['content-type']).toContain('application/vnd.apache.arrow.stream');
    const series = decodeSeriesArrow(new Uint8Array(arrow.rawPayload));
    expect(Array.from(series.times)).toEqual(pairs.map((p) => p[0]));
    expect(series.values[37]).toBe(40);
  });

  it('keeps each period’s maximum at the time it was measured', async () => {
    const res = (
      await get('deviceSampledData', { measurementTypeId: 1, samplePeriod: 60, ...range(t0, t0 + 180 * MIN) })
    ).json() as [number, number][];
    expect(res).toEqual([
      [t0 + 37 * MIN, 40],
      [t0 + 119 * MIN, 1.59],
      [t0 + 179 * MIN, 1.59],
    ]);
  });

  it('averages by period, with days from local midnight', async () => {
    const hourly = (
      await get('deviceAveragedData', {
        measurementTypeId: 1,
        averagingPeriod: 60,
        ...range(t0 + 60 * MIN, t0 + 180 * MIN),
      })
    ).json() as [number, number][];
    expect(hourly).toEqual([
      [t0 + 60 * MIN, 1.295],
      [t0 + 120 * MIN, 1.295],
    ]);
    // Edmonton is UTC-6 in June: local days start at 06:00 UTC, so the first UTC day splits into 6 and 18 hours.
    const daily = (
      await get('deviceAveragedData', {
        measurementTypeId: 1,
        averagingPeriod: 1440,
        timeZone: 'America/Edmonton',
        ...range(t0, t0 + 2 * 1440 * MIN),
      })
    ).json() as [number, number][];
    expect(daily.map((d) => d[0])).toEqual([t0 - 18 * 60 * MIN, t0 + 6 * 60 * MIN, t0 + 30 * 60 * MIN]);
    expect(
      (
        await get('deviceAveragedData', { measurementTypeId: 1, averagingPeriod: 30, ...range(t0, t0 + 120 * MIN) })
      ).json().errors,
    ).toEqual({ averagingPeriod: ['The averaging period must be 15, 60 or 1440 minutes'] });
  });

  it('splits wind by installation and samples the strongest wind per period', async () => {
    const wind = (await get('deviceWindData', range(t0, t0 + 120 * MIN))).json() as Record<
      string,
      { time: number; windDirection: number; windSpeed: number }[]
    >;
    expect(Object.keys(wind).sort()).toEqual([String(installA), String(installB)].sort());
    expect(wind[String(installA)]).toHaveLength(60);
    expect(wind[String(installB)]![0]).toEqual({ time: t0 + 60 * MIN, windDirection: 180, windSpeed: 4 });
    const sampled = (await get('deviceWindData', { ...range(t0, t0 + 60 * MIN), samplePeriod: 15 })).json() as Record<
      string,
      { windSpeed: number }[]
    >;
    expect(sampled[String(installA)]!.map((r) => r.windSpeed)).toEqual([6, 6, 6, 6]);
  });

  it('averages wind per period and installation (directions as circular means) and refuses two reductions at once', async () => {
    const hourly = (
      await get('deviceWindData', { ...range(t0, t0 + 120 * MIN), averagingPeriod: 60, timeZone: 'America/Denver' })
    ).json() as Record<string, { time: number; windDirection: number; windSpeed: number }[]>;
    const raw = (await get('deviceWindData', range(t0, t0 + 120 * MIN))).json() as Record<
      string,
      { time: number; windDirection: number; windSpeed: number }[]
    >;
    for (const [id, rows] of Object.entries(raw)) {
      if (rows.length === 0) continue;
      const mean = rows.reduce((n, r) => n + r.windSpeed, 0) / rows.length;
      expect(hourly[id]!.reduce((n, r) => n + r.windSpeed, 0) / hourly[id]!.length).toBeCloseTo(mean, 4);
    }
    const both = await get('deviceWindData', { ...range(t0, t0 + 120 * MIN), averagingPeriod: 60, samplePeriod: 15 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({
      averagingPeriod: ['Choose a sample period or an averaging period, not both'],
    });
    const odd = await get('deviceWindData', { ...range(t0, t0 + 120 * MIN), averagingPeriod: 7 });
    expect(odd.json().errors).toEqual({ averagingPeriod: ['The averaging period must be 15, 60 or 1440 minutes'] });
  });

  it('answers wind as one Arrow stream keyed by an installationId column, the same readings as the JSON', async () => {
    const params = { ...range(t0, t0 + 120 * MIN), samplePeriod: 15 };
    const json = (await get('deviceWindData', params)).json() as Record<
      string,
      { time: number; windDirection: number; windSpeed: number }[]
    >;
    const arrow = await get('deviceWindData', params, 'application/vnd.apache.arrow.stream');
    expect(arrow.headers['content-type']).toContain('application/vnd.apache.arrow.stream');
    const cols = decodeWindArrow(new Uint8Array(arrow.rawPayload));
    const fromArrow: Record<string, { time: number; windDirection: number; windSpeed: number }[]> = {};
    cols.times.forEach((time, i) =>
      (fromArrow[String(cols.installationIds[i])] ??= []).push({
        time,
        windDirection: cols.windDirections[i]!,
        windSpeed: cols.windSpeeds[i]!,
      }),
    );
    expect(fromArrow).toEqual(json);
    expect(Object.keys(fromArrow)).toHaveLength(2);
  });

  it('finds the closest time with data for Zoom to data', async () => {
    const later = (
      await get('closestTimeWithData', {
        dataType: 'sampled',
        measurementTypeId: 1,
        ...range(t0 + 5 * 1440 * MIN, t0 + 6 * 1440 * MIN),
      })
    ).json();
    expect(later).toEqual({
      startTime: new Date(t0 + 1440 * MIN).toISOString(),
      endTime: new Date(t0 + 2 * 1440 * MIN - MIN).toISOString(),
    });
    const none = (
      await get('closestTimeWithData', { dataType: 'wind', ...range(t0 - 400 * 1440 * MIN, t0 - 399 * 1440 * MIN) })
    ).json();
    expect(none.startTime).toBe(new Date(t0).toISOString());
  });

  it('refuses ranges beyond the limits, unknown types, and devices of another organization', async () => {
    const long = await get('deviceRawData', { measurementTypeId: 1, ...range(t0 - 400 * 1440 * MIN, t0) });
    expect(long.json().detail).toBe(maximumRangeMessage(365));
    const backwards = await get('deviceRawData', { measurementTypeId: 1, ...range(t0, t0 - MIN) });
    expect(backwards.json().detail).toBe('The end of the time range must be after its start');
    const unknown = await get('deviceRawData', { measurementTypeId: 999, ...range(t0, t0 + 120 * MIN) });
    expect(unknown.json().errors).toEqual({ measurementTypeId: ['Unknown measurement type'] });
    const other = await get('deviceRawData', { measurementTypeId: 1, deviceId: foreign, ...range(t0, t0 + 120 * MIN) });
    expect(other.statusCode).toBe(404);
  });

  it('ingests batches idempotently through the API, only for the organization’s devices', async () => {
    const body = {
      organizationId: f.orgA,
      samples: [
        { deviceId: device, measurementTypeId: 9, time: new Date(t0).toISOString(), value: 21.5 },
        { deviceId: device, measurementTypeId: 9, time: new Date(t0 + MIN).toISOString(), value: 21.7 },
      ],
    };
    const first = await t.as(f.provider, { method: 'POST', url: '/api/data/ingest/', payload: body });
    expect(first.json()).toEqual({ samples: 2, chunks: 1, alarmsRaised: 0 });
    await t.as(f.provider, { method: 'POST', url: '/api/data/ingest/', payload: body });
    const read = (await get('deviceRawData', { measurementTypeId: 9, ...range(t0, t0 + 60 * MIN) })).json();
    expect(read).toEqual([
      [t0, 21.5],
      [t0 + MIN, 21.7],
    ]);
    const hijack = await t.as(f.provider, {
      method: 'POST',
      url: '/api/data/ingest/',
      payload: { ...body, samples: [{ ...body.samples[0], deviceId: foreign }] },
    });
    expect(hijack.statusCode).toBe(404);
  });

  it('summarises a device by name for its dashboard, within the organization only', async () => {
    const res = await t.as(f.provider, {
      method: 'GET',
      url: `/api/device/deviceSummary/?organizationId=${f.orgA}&deviceName=qb-chart`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ name: 'QB-CHART', deviceType: 'Qube' });
    expect(d.installations.map((i: { id: number }) => i.id)).toEqual([installB, installA]);
    expect(d.measurementTypes.map((m: { id: number }) => m.id)).toEqual([1, 9, 15, 16]);
    expect(
      (
        await t.as(f.provider, {
          method: 'GET',
          url: `/api/device/deviceSummary/?organizationId=${f.orgA}&deviceName=QB-BRAVO`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows each installed device’s latest CH4 and wind times in Site Health', async () => {
    const rows = (
      await t.as(f.provider, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgA}` })
    ).json() as {
      name: string;
      devices: { deviceName: string; latestCH4Time: string | null; latestWindTime: string | null }[];
    }[];
    const d = rows.find((r) => r.name === 'Pad 1')!.devices.find((x) => x.deviceName === 'QB-CHART')!;
    expect(d.latestCH4Time).toBe(new Date(t0 + (2 * 1440 - 1) * MIN).toISOString());
    expect(d.latestWindTime).toBe(new Date(t0 + 119 * MIN).toISOString());
  });
});
