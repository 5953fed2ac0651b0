import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmListAnswerSchema } from '@/contracts/alarm';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const STEP = 15 * 60_000;
const T0 = Date.UTC(2026, 9, 1, 0);
const iso = (t: number) => new Date(t).toISOString();

describe.each(testEngines)('emission rate alarms on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let ops = 0;
  let pad1 = 0;
  let station = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    ops = await addMember(t.database, f.orgA, 'rates@example.com', [1, 11]);
    const ids = Object.fromEntries(
      (await q<{ id: number; name: string }>('SELECT id, name FROM sites')).map((r) => [r.name, r.id]),
    );
    [pad1, station] = [ids['Pad 1']!, ids['Station 9']!];
    // Emission Rate: the hour's average of the site rate, HI 10 / HI-HI 20 / Critical 40 kg/h, reset 2 hours, LDAR.
    await q(
      `INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours, reset_evaluation_period_hours, triggers_ldar_workflow)
       VALUES ($1, 1, 1, 1, 0, 10, 20, 40, 1, 2, true)`,
      [pad1],
    );
    // The tank leaked 20 kg/h from 04:00 to 06:00; the wellhead a little all day.
    const [tank] = await q<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Tank battery', 31.9, -102.1) RETURNING id",
      [pad1],
    );
    const [well] = await q<{ id: number }>(
      "INSERT INTO sources (site_id, name, latitude, longitude) VALUES ($1, 'Wellhead', 31.9, -102.1) RETURNING id",
      [pad1],
    );
    await q(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, rate, total_volume) VALUES ($1, $2, $3, $4, 19, 38), ($1, $5, $6, $7, 1, 10)',
      [pad1, tank!.id, iso(T0 + 4 * 3_600_000), iso(T0 + 6 * 3_600_000), well!.id, iso(T0), iso(T0 + 10 * 3_600_000)],
    );
  });
  afterAll(() => t.close());

  const rates = (values: number[]) =>
    values.map((rate, i) => ({ time: iso(T0 + i * STEP), rate, lower: rate / 2, upper: rate * 2 }));
  // 1 kg/h for 4 hours, 20 kg/h for 2 hours, 1 kg/h for 4 hours.
  const day = [...Array<number>(16).fill(1), ...Array<number>(8).fill(20), ...Array<number>(16).fill(1)];
  const ingest = (values = day, siteId = pad1, user = ops) =>
    t.as(user, {
      method: 'POST',
      url: '/api/data/ingestSiteRates/',
      payload: { organizationId: f.orgA, siteId, rates: rates(values) },
    });

  it('raises one Emission Rate alarm from ingested site rates, with its volume, and never twice', async () => {
    const first = await ingest();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stored: 40, alarmsRaised: 1 });
    expect((await ingest()).json()).toEqual({ stored: 40, alarmsRaised: 0 });
    const onDemand = await t.as(ops, {
      method: 'POST',
      url: '/api/alarm/evaluateSite/',
      payload: { organizationId: f.orgA, siteId: pad1, startTime: iso(T0), endTime: iso(T0 + 86_400_000) },
    });
    expect(onDemand.json()).toEqual({ alarmsRaised: 0 });
    const list = alarmListAnswerSchema.parse(
      (
        await t.as(ops, { method: 'GET', url: `/api/alarm/listAlarms/?organizationId=${f.orgA}&startRow=0&endRow=100` })
      ).json(),
    );
    expect(list.totalRows).toBe(1);
    const alarm = list.rows[0]!;
    // The hour's average first reaches 10 at 04:15 and last holds it at 06:15; it peaks at 20 (HI-HI).
    expect(alarm).toMatchObject({
      alarmType: 1,
      device: null,
      level: 1,
      maxValue: 20,
      hiThreshold: 10,
      hiHiThreshold: 20,
      criticalThreshold: 40,
      slidingWindowSizeInHours: 1,
      workflowType: 1,
    });
    expect(alarm.startTime).toBe(iso(T0 + 4 * 3_600_000 + STEP));
    expect(alarm.endTime).toBe(iso(T0 + 6 * 3_600_000 + STEP));
    // Seven 20 kg/h steps and two 1 kg/h steps of 15 minutes.
    expect(alarm.totalVolume).toBeCloseTo(35.5, 6);
    const model = await t.database.query<{ processed: Date | string }>(
      'SELECT model_processed_up_to AS processed FROM sites WHERE id = $1',
      [pad1],
    );
    expect(new Date(model[0]!.processed).toISOString()).toBe(iso(T0 + 39 * STEP));

    // The sources that emitted during the alarm, largest first.
    const sources = (
      await t.as(ops, {
        method: 'GET',
        url: `/api/alarm/topContributingSourcesForAlarm/?encodedAlarmId=${alarm.encodedId}`,
      })
    ).json() as { sourceName: string; totalVolume: number }[];
    expect(sources.map((s) => s.sourceName)).toEqual(['Tank battery', 'Wellhead']);
    expect(sources[0]!.totalVolume).toBeCloseTo(19 * 1.75, 6);
    expect(sources[1]!.totalVolume).toBeCloseTo(2, 6);
  });

  it('widens the alarm when later rates continue it', async () => {
    const longer = [...Array<number>(16).fill(1), ...Array<number>(12).fill(20), ...Array<number>(12).fill(1)];
    expect((await ingest(longer)).json()).toEqual({ stored: 40, alarmsRaised: 0 });
    const list = alarmListAnswerSchema.parse(
      (
        await t.as(ops, { method: 'GET', url: `/api/alarm/listAlarms/?organizationId=${f.orgA}&startRow=0&endRow=100` })
      ).json(),
    );
    expect(list.totalRows).toBe(1);
    expect(list.rows[0]!.endTime).toBe(iso(T0 + 7 * 3_600_000 + STEP));
  });

  it('raises Emission Volume alarms on the volume over the window', async () => {
    // Pad 2: HI at 50 kg and HI-HI at 100 kg emitted within any 4 hours.
    const pad2 = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 2'"))[0]!.id;
    await t.database.query(
      `INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, calculation_method, hi_threshold, hi_hi_threshold, sliding_window_hours, reset_evaluation_period_hours)
       VALUES ($1, 2, 1, 1, 2, 50, 100, 4, 2)`,
      [pad2],
    );
    // 30 kg/h for 2 hours among 1 kg/h: the 4-hour window's volume peaks at 8 × 30 × 0.25 + 8 × 1 × 0.25 = 62 kg.
    const values = [...Array<number>(16).fill(1), ...Array<number>(8).fill(30), ...Array<number>(16).fill(1)];
    expect((await ingest(values, pad2)).json()).toEqual({ stored: 40, alarmsRaised: 1 });
    const list = alarmListAnswerSchema.parse(
      (
        await t.as(ops, { method: 'GET', url: `/api/alarm/listAlarms/?organizationId=${f.orgA}&startRow=0&endRow=100` })
      ).json(),
    );
    const volume = list.rows.find((a) => a.alarmType === 2)!;
    expect(volume).toMatchObject({
      level: 0,
      device: null,
      hiThreshold: 50,
      hiHiThreshold: 100,
      slidingWindowSizeInHours: 4,
    });
    expect(volume.maxValue).toBeCloseTo(62, 6);
  });

  it("refuses another organization's site, bad rates and missing permissions", async () => {
    expect((await ingest(day, station)).statusCode).toBe(404);
    expect(
      (
        await t.as(ops, {
          method: 'POST',
          url: '/api/data/ingestSiteRates/',
          payload: { organizationId: f.orgA, siteId: pad1, rates: [{ time: 'soon', rate: 1, lower: 1, upper: 1 }] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.as(ops, {
          method: 'POST',
          url: '/api/data/ingestSiteRates/',
          payload: { organizationId: f.orgA, siteId: pad1, rates: [{ time: iso(T0), rate: -1, lower: 1, upper: 1 }] },
        })
      ).statusCode,
    ).toBe(400);
    expect((await ingest(day, pad1, f.viewer)).statusCode).toBe(403);
    expect(
      (
        await t.as(ops, {
          method: 'POST',
          url: '/api/alarm/evaluateSite/',
          payload: { organizationId: f.orgA, siteId: station, startTime: iso(T0), endTime: iso(T0 + 3_600_000) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(ops, {
          method: 'POST',
          url: '/api/alarm/evaluateSite/',
          payload: { organizationId: f.orgA, siteId: pad1, startTime: iso(T0), endTime: iso(T0 + 100 * 86_400_000) },
        })
      ).statusCode,
    ).toBe(400);
  });
});
