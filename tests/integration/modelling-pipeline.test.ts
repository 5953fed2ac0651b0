// The modelling pipeline end to end through the API: synthetic one-minute readings (a small Gaussian plume from a
// release at one source, made here, not from the benchmark's truth) are ingested, the scheduler runs the stages, and
// the emissions, site and source rates, the Site rate average, alarms, blocking, late data and the organization's
// delete and restore are read back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStep } from '../../server/services/modelling/step';
import type { StepInput } from '../../server/services/modelling/contract';
import { ModelScheduler } from '../../server/services/modelling/service/scheduler';
import { inProcessRunner } from '../../server/services/modelling/service/step-runner';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const HOUR = 3_600_000;
// Mid-morning in West Texas (15:00 UTC), so the stages see daytime mixing.
const T0 = Date.UTC(2026, 8, 1, 15);
const RELEASE = { start: T0 + 2 * HOUR, end: T0 + 4.5 * HOUR, kgH: 10 };
const iso = (t: number) => new Date(t).toISOString();
const SITE = { lat: 31.9, lng: -102.1 };
const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LNG = 111_195 * Math.cos((SITE.lat * Math.PI) / 180);
const latLng = (east: number, north: number) => ({
  lat: SITE.lat + north / M_PER_DEG_LAT,
  lng: SITE.lng + east / M_PER_DEG_LNG,
});

const SOURCES = [
  { name: 'Wellhead A', east: -30, north: 0, height: 1.5, category: 1 },
  { name: 'Tank B', east: 0, north: 45, height: 4.5, category: 2 },
  { name: 'Separator C', east: 0, north: -45, height: 2, category: 3 },
];
// Three sensors downwind (east) of the pad, one upwind.
const SENSORS = [
  { name: 'A-7001', east: 50, north: -20 },
  { name: 'A-7002', east: 50, north: 5 },
  { name: 'A-7003', east: 50, north: 30 },
  { name: 'A-7004', east: -70, north: 0 },
];

/** Wind from the west meandering ±60° (so the plume comes and goes at each sensor), 3 m/s. Degrees from, m/s. */
const windAt = (t: number) => ({
  dir: 270 + 45 * Math.sin((2 * Math.PI * (t - T0)) / (20 * MIN)) + 15 * Math.sin((2 * Math.PI * (t - T0)) / (7 * MIN)),
  speed: 3,
});

/** Ground-reflected Gaussian plume (Briggs rural class C) of `kgH` at the sensor, in ppm. */
function plumePpm(src: (typeof SOURCES)[number], sensor: (typeof SENSORS)[number], t: number, kgH: number): number {
  const { dir, speed } = windAt(t);
  const th = (dir * Math.PI) / 180;
  const [dE, dN] = [sensor.east - src.east, sensor.north - src.north];
  const x = dE * -Math.sin(th) + dN * -Math.cos(th);
  if (x <= 1) return 0;
  const y = dE * Math.cos(th) - dN * Math.sin(th);
  const sy = (0.22 * x) / Math.sqrt(1 + 0.0001 * x);
  const sz = 0.2 * x;
  const z = 2.4;
  const kgM3 =
    (kgH / 3600 / (2 * Math.PI * speed * sy * sz)) *
    Math.exp(-(y * y) / (2 * sy * sy)) *
    (Math.exp(-((z - src.height) ** 2) / (2 * sz * sz)) + Math.exp(-((z + src.height) ** 2) / (2 * sz * sz)));
  return (kgM3 * 1e6) / 0.668;
}

/** Deterministic noise in [-1, 1). */
const noise = (i: number) => {
  const v = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return 2 * (v - Math.floor(v)) - 1;
};

describe.each(testEngines)('modelling pipeline on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let ops = 0;
  let pad = 0;
  let sched: ModelScheduler;
  const sourceIds: number[] = [];
  const deviceIds: number[] = [];
  const stepsRun: number[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    // DeviceAdministration, AlarmAdministration, SiteHealthAdministration.
    ops = await addMember(t.database, f.orgA, 'model@example.com', [1, 11, 12]);
    pad = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    const [group] = await q<{ id: number }>(
      "INSERT INTO source_groups (site_id, name) VALUES ($1, 'Pad') RETURNING id",
      [pad],
    );
    for (const s of SOURCES) {
      const at = latLng(s.east, s.north);
      sourceIds.push(
        (
          await q<{ id: number }>(
            'INSERT INTO sources (site_id, name, latitude, longitude, height, source_category_id, source_group_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
            [pad, s.name, at.lat, at.lng, s.height, s.category, group!.id],
          )
        )[0]!.id,
      );
    }
    for (const d of SENSORS) {
      const [dev] = await q<{ id: number }>(
        "INSERT INTO devices (name, organization_id, device_type) VALUES ($1, $2, 'Qube') RETURNING id",
        [d.name, f.orgA],
      );
      const at = latLng(d.east, d.north);
      // Installed a day before the readings begin.
      await q(
        'INSERT INTO device_installations (device_id, site_id, latitude, longitude, height, started_at) VALUES ($1, $2, $3, $4, 2.4, $5)',
        [dev!.id, pad, at.lat, at.lng, new Date(T0 - 24 * 3_600_000)],
      );
      deviceIds.push(dev!.id);
    }
    // Emission Rate alarm: the hour's average of the site rate, HI at 2 kg/h.
    await q(
      `INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours, reset_evaluation_period_hours)
       VALUES ($1, 1, 1, 1, 0, 2, 50, 100, 1, 2)`,
      [pad],
    );
    const step = (input: StepInput) => {
      stepsRun.push(input.stepStart);
      return runStep(input);
    };
    sched = new ModelScheduler({
      database: t.database,
      runner: inProcessRunner(step),
      publicUrl: t.config.publicUrl,
      log: (m) => logs.push(m),
      owner: 'test',
    });
  }, 60_000);
  afterAll(async () => {
    await sched.stop();
    await t.close();
  });

  /** Readings of the devices (indexes) for minutes stamped in (from, to]. */
  async function ingest(from: number, to: number, devices = [0, 1, 2, 3]) {
    const samples: { deviceId: number; measurementTypeId: number; time: string; value: number }[] = [];
    for (let m = from + MIN; m <= to; m += MIN) {
      const w = windAt(m - MIN / 2);
      for (const k of devices) {
        const sensor = SENSORS[k]!;
        const release =
          m > RELEASE.start && m <= RELEASE.end ? plumePpm(SOURCES[0]!, sensor, m - MIN / 2, RELEASE.kgH) : 0;
        const i = (m - T0) / MIN + k * 100_000;
        const time = iso(m);
        samples.push({ deviceId: deviceIds[k]!, measurementTypeId: 1, time, value: 2 + 0.03 * noise(i) + release });
        samples.push({
          deviceId: deviceIds[k]!,
          measurementTypeId: 15,
          time,
          value: (w.dir + 3 * noise(i + 7) + 360) % 360,
        });
        samples.push({
          deviceId: deviceIds[k]!,
          measurementTypeId: 16,
          time,
          value: w.speed * 3.6 * (1 + 0.05 * noise(i + 11)),
        });
        samples.push({ deviceId: deviceIds[k]!, measurementTypeId: 9, time, value: 25 });
      }
    }
    for (let i = 0; i < samples.length; i += 20_000) {
      const r = await t.as(ops, {
        method: 'POST',
        url: '/api/data/ingest/',
        payload: { organizationId: f.orgA, samples: samples.slice(i, i + 20_000) },
      });
      expect(r.statusCode).toBe(200);
    }
  }
  const status = async () =>
    (
      await t.as(ops, {
        method: 'GET',
        url: `/api/site/modellingPipelineStatusModel/?organizationId=${f.orgA}&siteId=${pad}`,
      })
    ).json() as {
      isOn: boolean;
      isBlocked: boolean;
      blockReason: string | null;
      processedUpTo: string | null;
      siteName: string;
      startTime: string | null;
    };
  const emissions = async () =>
    (
      await t.as(ops, {
        method: 'GET',
        url: `/api/emissions/siteEmissions/?organizationId=${f.orgA}&siteId=${pad}&startTime=${iso(T0)}&endTime=${iso(T0 + 12 * HOUR)}`,
      })
    ).json() as {
      id: number;
      sourceId: number;
      startTime: string;
      endTime: string | null;
      rate: number;
      rateLower: number | null;
      rateUpper: number | null;
      probability: number | null;
    }[];

  it('is blocked without data problems only when there is a reason, and starts from its start date', async () => {
    const r = await t.as(ops, {
      method: 'POST',
      url: '/api/site/startModellingPipeline/',
      payload: { organizationId: f.orgA, siteId: pad, startDate: iso(T0 + HOUR) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      isOn: true,
      isBlocked: false,
      blockReason: null,
      siteName: 'Pad 1',
      processedUpTo: iso(T0 + HOUR),
      startTime: iso(T0 + HOUR),
    });
    // Nothing reported yet: nothing to do, nothing wrong.
    await sched.runUntilIdle();
    expect((await status()).processedUpTo).toBe(iso(T0 + HOUR));
  });

  it('models the release: an emission at the right source, open while it lasts, with bounds, site and source rates', async () => {
    await ingest(T0, T0 + 3.5 * HOUR);
    await sched.runUntilIdle();
    const s = await status();
    expect(s.isBlocked).toBe(false);
    // Steps need 30 minutes of look-ahead: processed to within 45 minutes of the newest reading.
    expect(Date.parse(s.processedUpTo!)).toBeGreaterThanOrEqual(T0 + 3.5 * HOUR - 45 * MIN);
    const open = await emissions();
    expect(open.length).toBeGreaterThan(0);
    const mine = open.filter((e) => e.sourceId === sourceIds[0]);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.endTime).toBeNull();
    // No emission before the release (a quiet first hour), none of it at another source for long.
    for (const e of open) expect(Date.parse(e.startTime)).toBeGreaterThanOrEqual(RELEASE.start - 30 * MIN);

    await ingest(T0 + 3.5 * HOUR, T0 + 7 * HOUR);
    await sched.runUntilIdle();
    const closed = (await emissions()).filter((e) => e.sourceId === sourceIds[0]);
    expect(closed).toHaveLength(1);
    const e = closed[0]!;
    expect(e.endTime).not.toBeNull();
    expect(Date.parse(e.endTime!)).toBeGreaterThan(RELEASE.end - 45 * MIN);
    expect(Date.parse(e.endTime!)).toBeLessThan(RELEASE.end + 75 * MIN);
    expect(e.rate).toBeGreaterThan(RELEASE.kgH / 4);
    expect(e.rate).toBeLessThan(RELEASE.kgH * 4);
    expect(e.rateLower).not.toBeNull();
    expect(e.rateLower!).toBeLessThanOrEqual(e.rate);
    expect(e.rateUpper!).toBeGreaterThanOrEqual(e.rate);
    expect(e.probability).toBeGreaterThan(0);

    const rates = (
      await t.as(ops, {
        method: 'GET',
        url: `/api/data/siteRateData/?organizationId=${f.orgA}&siteId=${pad}&startTime=${iso(T0)}&endTime=${iso(T0 + 8 * HOUR)}`,
      })
    ).json() as { time: number; rate: number; lowerBound: number; upperBound: number }[];
    expect(rates.length).toBeGreaterThan(12);
    for (const r of rates) {
      expect(r.lowerBound).toBeLessThanOrEqual(r.rate + 1e-9);
      expect(r.upperBound).toBeGreaterThanOrEqual(r.rate - 1e-9);
    }
    const during = rates.filter((r) => r.time >= RELEASE.start + 30 * MIN && r.time < RELEASE.end - 30 * MIN);
    const quiet = rates.filter((r) => r.time < RELEASE.start - 30 * MIN);
    const mean = (xs: { rate: number }[]) => xs.reduce((a, b) => a + b.rate, 0) / xs.length;
    expect(mean(during)).toBeGreaterThan(mean(quiet) + 2);

    const [n] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM source_rates WHERE site_id = $1 AND source_id = $2',
      [pad, sourceIds[0]],
    );
    expect(n!.n).toBe(rates.length);

    const avg = (
      await t.as(ops, {
        method: 'GET',
        url: `/api/data/siteRateAverage/?organizationId=${f.orgA}&siteId=${pad}&startTime=${iso(T0)}&endTime=${iso(T0 + 7 * HOUR)}&rollingAveragePeriod=1`,
      })
    ).json() as {
      averageSiteRates: { time: number; averageRate: number }[];
      sources: { sourceId: number; sourceName: string; averageSourceRates: { time: number; averageRate: number }[] }[];
      modelProcessedUpTo: string;
    };
    expect(avg.modelProcessedUpTo).toBe((await status()).processedUpTo);
    expect(avg.averageSiteRates.length).toBeGreaterThan(10);
    expect(avg.sources.map((x) => x.sourceName).sort()).toEqual(SOURCES.map((x) => x.name).sort());
    const wellhead = avg.sources.find((x) => x.sourceId === sourceIds[0])!;
    expect(Math.max(...wellhead.averageSourceRates.map((p) => p.averageRate))).toBeGreaterThan(RELEASE.kgH / 4);
    const byText = await t.as(ops, {
      method: 'GET',
      url: `/api/data/siteRateAverage/?organizationId=${f.orgA}&siteId=${pad}&rollingAveragePeriod=30%20days`,
    });
    expect(byText.statusCode).toBe(200);
    expect(
      (
        await t.as(ops, {
          method: 'GET',
          url: `/api/data/siteRateAverage/?organizationId=${f.orgA}&siteId=${pad}&rollingAveragePeriod=2`,
        })
      ).statusCode,
    ).toBe(400);

    // The Emission Rate alarm followed the modelled rate; the daily volumes hold the emission.
    const [alarms] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM alarms WHERE site_id = $1 AND alarm_type = 1',
      [pad],
    );
    expect(alarms!.n).toBeGreaterThanOrEqual(1);
    const [vol] = await t.database.query<{ v: number }>(
      'SELECT coalesce(sum(volume), 0)::float8 AS v FROM emission_daily_volumes WHERE site_id = $1',
      [pad],
    );
    expect(vol!.v).toBeGreaterThan(0);
  }, 240_000);

  it('recomputes the steps a late batch falls in, without duplicating anything', async () => {
    // The upwind device's hour arrives an hour late: the others' readings are modelled without it first.
    await ingest(T0 + 7 * HOUR, T0 + 8 * HOUR, [0, 1, 2]);
    await sched.runUntilIdle();
    const before = Date.parse((await status()).processedUpTo!);
    expect(before).toBeGreaterThanOrEqual(T0 + 7.25 * HOUR);
    const emissionsBefore = (await emissions()).map((e) => `${e.sourceId}@${e.startTime}`).sort();
    stepsRun.length = 0;
    await ingest(T0 + 7 * HOUR, T0 + 8 * HOUR, [3]);
    const [dirty] = await t.database.query<{ d: Date | string | null }>(
      'SELECT dirty_from AS d FROM site_model_states WHERE site_id = $1',
      [pad],
    );
    expect(dirty!.d).not.toBeNull();
    await sched.runUntilIdle();
    // Back to the checkpoint before the first late minute (its window reaches 30 minutes back), then forward again.
    expect(Math.min(...stepsRun)).toBeLessThanOrEqual(T0 + 7 * HOUR - 15 * MIN);
    expect(Math.min(...stepsRun)).toBeGreaterThanOrEqual(T0 + 7 * HOUR - 45 * MIN);
    expect(Date.parse((await status()).processedUpTo!)).toBe(before);
    expect((await emissions()).map((e) => `${e.sourceId}@${e.startTime}`).sort()).toEqual(emissionsBefore);
    const [dup] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT source_id, start_time FROM emissions WHERE site_id = $1 GROUP BY 1, 2 HAVING count(*) > 1) d',
      [pad],
    );
    expect(dup!.n).toBe(0);
  }, 120_000);

  it('blocks the site while an active device has no recent data, and resumes when it reports', async () => {
    await ingest(T0 + 8 * HOUR, T0 + 10.5 * HOUR, [0, 1, 2]);
    await sched.runUntilIdle();
    const s = await status();
    expect(s).toMatchObject({ isOn: true, isBlocked: true, blockReason: 'Device A-7004 has no recent data' });
    const held = s.processedUpTo;
    const health = (
      await t.as(ops, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgA}` })
    ).json() as { id: number; modellingPipeline: { isBlocked: boolean; blockReason: string | null } }[];
    expect(health.find((r) => r.id === pad)!.modellingPipeline).toMatchObject({
      isBlocked: true,
      blockReason: 'Device A-7004 has no recent data',
    });
    await ingest(T0 + 8 * HOUR, T0 + 10.5 * HOUR, [3]);
    await sched.runUntilIdle();
    const after = await status();
    expect(after.isBlocked).toBe(false);
    expect(Date.parse(after.processedUpTo!)).toBeGreaterThan(Date.parse(held!));
  }, 120_000);

  it("stops with the organization's deletion and resumes with its restore", async () => {
    await ingest(T0 + 10.5 * HOUR, T0 + 11.5 * HOUR);
    const del = await t.as(f.provider, { method: 'POST', url: `/api/organization/delete/${f.orgA}` });
    expect(del.statusCode).toBeLessThan(300);
    const held = (
      await t.database.query<{ p: Date | string }>('SELECT model_processed_up_to AS p FROM sites WHERE id = $1', [pad])
    )[0]!.p;
    expect(await sched.dueSites()).not.toContain(pad);
    expect((await sched.runSite(pad)).status).toBe('off');
    await sched.runUntilIdle();
    expect(
      new Date(
        (
          await t.database.query<{ p: Date | string }>('SELECT model_processed_up_to AS p FROM sites WHERE id = $1', [
            pad,
          ])
        )[0]!.p,
      ).getTime(),
    ).toBe(new Date(held).getTime());
    const restore = await t.as(f.provider, { method: 'POST', url: `/api/organization/restore/${f.orgA}` });
    expect(restore.statusCode).toBeLessThan(300);
    await sched.runUntilIdle();
    expect(Date.parse((await status()).processedUpTo!)).toBeGreaterThan(new Date(held).getTime());
    expect(logs.filter((l) => l.includes('failed'))).toEqual([]);
  }, 120_000);
});
