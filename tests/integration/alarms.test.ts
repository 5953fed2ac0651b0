import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmListAnswerSchema, alarmSchema, workflowSchema, type Alarm } from '@/contracts/alarm';
import { encodeAlarmId, REPAIR_TYPE_REQUIRED } from '@/domain/alarm';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const T0 = Date.UTC(2026, 9, 1, 6);

describe.each(testEngines)('alarms on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let ops = 0;
  let qube = 0;
  let quarantined = 0;
  let padOne = 0;
  let ldarParam = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    ops = await addMember(t.database, f.orgA, 'ops@example.com', [1]);
    padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    const device = async (name: string, type = 'Qube') =>
      (
        await q<{ id: number }>(
          'INSERT INTO devices (name, device_type, organization_id) VALUES ($1, $2, $3) RETURNING id',
          [name, type, f.orgA],
        )
      )[0]!.id;
    qube = await device('A-8001');
    quarantined = await device('A-8002');
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, $3)',
      [qube, padOne, new Date(T0 - 86_400_000).toISOString()],
    );
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at, installation_type, quarantined_at) VALUES ($1, $2, 31.9, -102.1, $3, 1, $3)',
      [quarantined, padOne, new Date(T0 - 86_400_000).toISOString()],
    );
    // CH4 Max over 15 minutes: HI 10, HI-HI 50, Critical 100, reset 1 hour, Basic workflow.
    await q(
      `INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours, reset_evaluation_period_hours)
             VALUES ($1, 0, 1, 1, 0, 1, 10, 50, 100, 0.25, 1)`,
      [padOne],
    );
    // CO (type 2) Average over an hour through an LDAR template.
    const [template] = await q<{ id: number }>(
      `INSERT INTO alarm_parameter_templates (organization_id, name, alarm_type, measurement_type_id, calculation_method, hi_threshold, sliding_window_hours, reset_evaluation_period_hours, triggers_ldar_workflow)
             VALUES ($1, 'CO leak', 0, 2, 0, 5, 1, 1, true) RETURNING id`,
      [f.orgA],
    );
    ldarParam = (
      await q<{ id: number }>(
        'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, template_id) VALUES ($1, 0, 2, 1, 0, $2) RETURNING id',
        [padOne, template!.id],
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const ingest = (deviceId: number, type: number, values: [minute: number, value: number][]) =>
    t.as(f.provider, {
      method: 'POST',
      url: '/api/data/ingest/',
      payload: {
        organizationId: f.orgA,
        samples: values.map(([m, v]) => ({
          deviceId,
          measurementTypeId: type,
          time: new Date(T0 + m * MIN).toISOString(),
          value: v,
        })),
      },
    });
  const list = async (qs = '', user = ops) => {
    const res = await t.as(user, {
      method: 'GET',
      url: `/api/alarm/listAlarms/?organizationId=${f.orgA}&startRow=0&endRow=100${qs}`,
    });
    return alarmListAnswerSchema.parse(res.json());
  };
  const flat = (minutes: number, value: number, from = 0) =>
    Array.from({ length: minutes }, (_, i): [number, number] => [from + i, value]);

  it('raises alarms from ingested data: one per event, escalated, never twice, never for a quarantined device', async () => {
    const spike = [...flat(30, 2), [30, 20], [31, 60], ...flat(150, 2, 32), [200, 130], ...flat(20, 2, 201)] as [
      number,
      number,
    ][];
    const first = await ingest(qube, 1, spike);
    expect(first.json()).toMatchObject({ alarmsRaised: 2 });
    expect((await ingest(quarantined, 1, spike)).json()).toMatchObject({ alarmsRaised: 0 });
    expect((await ingest(qube, 1, spike)).json()).toMatchObject({ alarmsRaised: 0 });
    // Data arriving later for the same event widens the alarm instead of raising another.
    expect((await ingest(qube, 1, [[40, 30]])).json()).toMatchObject({ alarmsRaised: 0 });

    const { rows, totalRows } = await list();
    expect(totalRows).toBe(2);
    const [late, early] = rows;
    expect(early).toMatchObject({
      level: 1,
      maxValue: 60,
      device: 'A-8001',
      siteName: 'Pad 1',
      hiThreshold: 10,
      hiHiThreshold: 50,
      criticalThreshold: 100,
      slidingWindowSizeInHours: 0.25,
      workflowType: 0,
      workflowResolvedAt: null,
    });
    expect(early!.startTime).toBe(new Date(T0 + 30 * MIN).toISOString());
    expect(early!.endTime).toBe(new Date(T0 + 54 * MIN).toISOString()); // the 30 at minute 40 stays in the 15-minute Max until 54
    expect(late).toMatchObject({ level: 2, maxValue: 130 });
    expect(early!.encodedId).toBe(encodeAlarmId(early!.id));
  });

  it("filters, sorts and finds an alarm by its encoded id, never another organization's", async () => {
    expect((await list('&level.type=equals&level.value=Critical')).rows.map((r) => r.maxValue)).toEqual([130]);
    expect((await list('&sortColumn=level&sortAscending=true')).rows.map((r) => r.level)).toEqual([1, 2]);
    expect((await list('&siteName.type=contains&siteName.value=pad')).totalRows).toBe(2);
    expect((await list('&maxValue.type=greater than&maxValue.value=100')).totalRows).toBe(1);
    const [a] = (await list()).rows;
    const one = await t.as(ops, { method: 'GET', url: `/api/alarm/alarm/${a!.encodedId}` });
    expect(alarmSchema.extend({}).parse(one.json()).id).toBe(a!.id);
    expect((one.json() as { organizationId: number }).organizationId).toBe(f.orgA);
    const stranger = await addMember(t.database, f.orgB, 'stranger@example.com', []);
    expect((await t.as(stranger, { method: 'GET', url: `/api/alarm/alarm/${a!.encodedId}` })).statusCode).toBe(404);
    expect((await t.as(ops, { method: 'GET', url: '/api/alarm/alarm/ZZZZZZ' })).statusCode).toBe(404);
    expect((await t.as(ops, { method: 'GET', url: `/api/alarm/alarm/${encodeAlarmId(999_999)}` })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.as(stranger, {
          method: 'GET',
          url: `/api/alarm/listAlarms/?organizationId=${f.orgA}&startRow=0&endRow=100`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.as(ops, {
          method: 'GET',
          url: `/api/alarm/topContributingSourcesForAlarm/?encodedAlarmId=${a!.encodedId}`,
        })
      ).json(),
    ).toEqual([]);
  });

  it('keeps comments, refuses blank ones, and resolves a Basic workflow with an audit trail', async () => {
    const [a] = (await list()).rows as [Alarm];
    const comment = (content: string) =>
      t.as(ops, {
        method: 'POST',
        url: '/api/alarm/addAlarmComment/',
        payload: { organizationId: f.orgA, alarmId: a.id, content },
      });
    expect((await comment('   ')).statusCode).toBe(400);
    expect((await comment('Crew on the way')).json()).toMatchObject({
      content: 'Crew on the way',
      email: 'ops@example.com',
    });
    expect(
      (
        await t.as(ops, {
          method: 'POST',
          url: '/api/alarm/addAlarmComment/',
          payload: { organizationId: f.orgB, alarmId: a.id, content: 'x' },
        })
      ).statusCode,
    ).toBe(403);

    const act = (action: string) =>
      t.as(ops, {
        method: 'POST',
        url: `/api/workflow/${action}/${a.workflowId}`,
        payload: { organizationId: f.orgA },
      });
    const resolved = workflowSchema.parse((await act('acknowledge')).json());
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.resolvedBy).toBe('ops@example.com');
    expect(workflowSchema.parse((await act('acknowledge')).json()).resolvedAt).toBe(resolved.resolvedAt); // twice is once
    expect((await list('&quickFilters=Unresolved')).rows.map((r) => r.id)).not.toContain(a.id);
    expect(workflowSchema.parse((await act('unacknowledge')).json()).resolvedAt).toBeNull();
    const audit = (
      await t.as(ops, { method: 'GET', url: `/api/audit/workflow/?organizationId=${f.orgA}&id=${a.workflowId}` })
    ).json() as { changedValues: { name: string }[] }[];
    expect(audit).toHaveLength(2);
    expect(audit[1]!.changedValues.map((c) => c.name)).toEqual(['acknowledgedAt', 'resolvedAt']);
    expect((await list()).rows.find((r) => r.id === a.id)!.alarmComments.map((c) => c.content)).toEqual([
      'Crew on the way',
    ]);
    // Conversion is for Emission Rate alarms only.
    expect((await act('convertBasicToLdar')).statusCode).toBe(400);
  });

  it('resolves an LDAR workflow by its rules and refuses a save based on an old version', async () => {
    await ingest(qube, 2, flat(120, 8, 300));
    const { rows } = await list('&workflowType.type=equals&workflowType.value=LDAR');
    expect(rows).toHaveLength(1);
    const wf = rows[0]!.workflowId;
    const get = async () =>
      workflowSchema.parse(
        (await t.as(ops, { method: 'GET', url: `/api/workflow/get?organizationId=${f.orgA}&id=${wf}` })).json(),
      );
    const save = (body: Record<string, unknown>) =>
      t.as(ops, {
        method: 'POST',
        url: '/api/workflow/editLdar',
        payload: {
          organizationId: f.orgA,
          id: wf,
          classification: null,
          rootCauseId: null,
          repairRequired: null,
          repairType: null,
          repairCompleted: null,
          ...body,
        },
      });
    const causes = (await t.as(ops, { method: 'GET', url: '/api/workflow/listRootCauses' })).json() as {
      id: number;
      classification: string;
    }[];
    const fugitive = causes.find((c) => c.classification === 'Fugitive')!.id;
    const venting = causes.find((c) => c.classification === 'Venting')!.id;

    let w = await get();
    expect(w.ldarWorkflowModel).toMatchObject({ classification: null, resolvedAt: null });
    const noType = await save({
      version: w.version,
      classification: 'Fugitive',
      repairRequired: true,
      repairCompleted: '2026-10-02T00:00:00Z',
    });
    expect((noType.json() as { errors: Record<string, string[]> }).errors.repairType).toEqual([REPAIR_TYPE_REQUIRED]);
    const wrongCause = await save({ version: w.version, classification: 'Fugitive', rootCauseId: venting });
    expect((wrongCause.json() as { errors: Record<string, string[]> }).errors.rootCauseId).toBeDefined();
    const saved = workflowSchema.parse(
      (
        await save({ version: w.version, classification: 'Fugitive', rootCauseId: fugitive, repairRequired: true })
      ).json(),
    );
    expect(saved.resolvedAt).toBeNull();
    // Someone else's older form is refused rather than overwriting the save above.
    expect((await save({ version: w.version, classification: 'NothingFound' })).statusCode).toBe(409);
    w = await get();
    const done = workflowSchema.parse(
      (
        await save({
          version: w.version,
          classification: 'Fugitive',
          rootCauseId: fugitive,
          repairRequired: true,
          repairType: 1,
          repairCompleted: '2026-10-02T00:00:00Z',
        })
      ).json(),
    );
    expect(done.resolvedAt).not.toBeNull();
    expect(done.ldarWorkflowModel).toMatchObject({ repairType: 1, rootCauseId: fugitive });
    // Hidden fields are not kept: NothingFound drops the root cause and repair.
    const nothing = workflowSchema.parse(
      (
        await save({
          version: done.version,
          classification: 'NothingFound',
          rootCauseId: fugitive,
          repairRequired: true,
          repairType: 1,
        })
      ).json(),
    );
    expect(nothing.ldarWorkflowModel).toMatchObject({
      classification: 'NothingFound',
      rootCauseId: null,
      repairRequired: null,
      repairType: null,
    });
    expect(nothing.resolvedAt).not.toBeNull();
    // A deleted organization raises nothing until restored.
    await t.database.query('UPDATE organizations SET deleted_at = now() WHERE id = $1', [f.orgA]);
    expect((await ingest(qube, 1, [[2000, 90]])).json()).toMatchObject({ alarmsRaised: 0 });
    await t.database.query('UPDATE organizations SET deleted_at = NULL WHERE id = $1', [f.orgA]);
    // A deleted template stops its parameters from raising alarms.
    await t.database.query(
      'UPDATE alarm_parameter_templates SET deleted_at = now() WHERE id = (SELECT template_id FROM site_alarm_parameters WHERE id = $1)',
      [ldarParam],
    );
    expect((await ingest(qube, 2, flat(120, 9, 1000))).json()).toMatchObject({ alarmsRaised: 0 });
  });
});
