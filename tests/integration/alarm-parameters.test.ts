import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmParameterEditSchema,
  alarmParameterTemplateSchema,
  parameterHistoryRowSchema,
  siteAlarmParametersRowSchema,
} from '@/contracts/alarm-parameter';
import { PARAMETER_MESSAGES, WARNINGS } from '@/domain/alarm-parameter';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const detail = {
  calculationMethod: 1,
  hiThreshold: 10,
  hiHiThreshold: 50,
  criticalThreshold: 100,
  slidingWindowSizeInHours: 0.25,
  resetEvaluationPeriodInHours: 1,
  triggersLdarWorkflow: false,
};

describe.each(testEngines)('alarm parameters on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let tuner = 0;
  let padOne = 0;
  let padTwo = 0;
  let qube = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    tuner = await addMember(t.database, f.orgA, 'tuner@example.com', [11]);
    padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    padTwo = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 2'"))[0]!.id;
    qube = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id, hardware_content, hardware) VALUES ('A-9501', 'Qube', $1, 'CH4,H2S', '{\"anemometer\": 1}') RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now())',
      [qube, padOne],
    );
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, user = tuner) =>
    t.as(user, { method: 'POST', url, payload: { organizationId: f.orgA, ...payload } });
  const saveTemplate = (body: Record<string, unknown>) =>
    post('/api/alarm/alarmParameterTemplateEdit/', {
      id: 0,
      name: 'CH4 Spike',
      alarmType: 0,
      measurementTypeId: 1,
      detail,
      ...body,
    });
  const saveParams = (siteId: number, parameters: Record<string, unknown>[], measurementTypeId = 1) =>
    post('/api/alarm/alarmParameterEdit/', { siteId, alarmType: 0, measurementTypeId, parameters });
  const param = (p: Record<string, unknown> = {}) => ({
    id: 0,
    status: 1,
    alarmParameterTemplateId: null,
    alarmDeviceType: 0,
    deviceIds: [],
    detail,
    ...p,
  });

  it('validates and saves templates, with their history', async () => {
    const bad = await saveTemplate({
      name: ' ',
      detail: { ...detail, hiHiThreshold: 5, criticalThreshold: 2, slidingWindowSizeInHours: 30 },
    });
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toEqual({
      name: [PARAMETER_MESSAGES.nameRequired],
      hiHiThreshold: ['HI-HI Threshold must be greater than HI Threshold'],
      criticalThreshold: ['Critical Threshold must be greater than HI-HI Threshold'],
      slidingWindowSizeInHours: [PARAMETER_MESSAGES.windowRange(24)],
    });
    const created = alarmParameterTemplateSchema.parse((await saveTemplate({})).json());
    expect(created).toMatchObject({ name: 'CH4 Spike', siteReferenceCount: 0, deletedAt: null });
    const edited = alarmParameterTemplateSchema.parse(
      (await saveTemplate({ id: created.id, detail: { ...detail, hiThreshold: 20 } })).json(),
    );
    expect(edited.detail.hiThreshold).toBe(20);
    const history = (
      (
        await t.as(tuner, {
          method: 'GET',
          url: `/api/alarm/alarmParameterTemplateHistoryList/?organizationId=${f.orgA}&id=${created.id}`,
        })
      ).json() as unknown[]
    ).map((r) => parameterHistoryRowSchema.parse(r));
    expect(history.map((h) => [h.detail.hiThreshold, h.changedBy, h.dateEnded === null])).toEqual([
      [20, 'tuner@example.com', true],
      [10, 'tuner@example.com', false],
    ]);
    expect(
      (await t.as(f.admin, { method: 'GET', url: `/api/alarm/alarmParameterTemplateList/?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(403);
  });

  it('lists sites with sensors and warnings, and saves parameters with errors by index and property', async () => {
    const bad = await saveParams(padOne, [
      param({ detail: { ...detail, slidingWindowSizeInHours: 0.3 } }),
      param({ alarmDeviceType: 2, deviceIds: [] }),
      param({ id: 0, status: 0 }),
    ]);
    expect(bad.statusCode).toBe(400);
    const errors = (bad.json() as { errors: Record<string, string[]> }).errors;
    expect(errors['0.slidingWindowSizeInHours']).toEqual(['Only 15 minute increments are supported']);
    expect(errors['1.deviceIds']).toEqual([PARAMETER_MESSAGES.devicesRequired]);
    expect(errors['2.status']).toBeDefined();
    expect(errors.GlobalErrors).toEqual([PARAMETER_MESSAGES.invalidSelection]);
    // Pad 2 has no CH4 sensor: parameters there can only be off.
    const noSensor = await saveParams(padTwo, [param()]);
    expect((noSensor.json() as { errors: Record<string, string[]> }).errors['0.status']).toEqual([
      PARAMETER_MESSAGES.noSensor('CH4'),
    ]);

    const saved = alarmParameterEditSchema.shape.parameters.parse(
      (await saveParams(padOne, [param({ alarmDeviceType: 2, deviceIds: [qube] })])).json(),
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ status: 1, deviceNames: ['A-9501'], warnings: [] });
    const [template] = alarmParameterTemplateSchema
      .array()
      .parse(
        (
          await t.as(tuner, { method: 'GET', url: `/api/alarm/alarmParameterTemplateList/?organizationId=${f.orgA}` })
        ).json(),
      );
    const both = alarmParameterEditSchema.shape.parameters.parse(
      (
        await saveParams(padOne, [
          { ...saved[0], deviceIds: [qube] },
          param({ alarmParameterTemplateId: template!.id }),
        ])
      ).json(),
    );
    expect(both.map((p) => p.alarmParameterTemplateName)).toEqual([null, 'CH4 Spike']);
    expect(both[1]!.detail.hiThreshold).toBe(20); // the template's detail

    const rows = siteAlarmParametersRowSchema
      .array()
      .parse(
        (
          await t.as(tuner, { method: 'GET', url: `/api/alarm/siteAlarmParametersList/?organizationId=${f.orgA}` })
        ).json(),
      );
    const one = rows.find((r) => r.siteId === padOne)!;
    expect(one).toMatchObject({ sensors: [1, 4], canCalculateEmissionRate: true, alarmParameterWarnings: [] });
    expect(one.alarmParameters).toHaveLength(2);
    // A parameter whose sensor left shows the warning.
    await t.database.query(
      'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, calculation_method, hi_threshold, sliding_window_hours, reset_evaluation_period_hours) VALUES ($1, 0, 2, 1, 0, 1, 5, 0.25, 1)',
      [padOne],
    );
    const warned = siteAlarmParametersRowSchema
      .array()
      .parse(
        (
          await t.as(tuner, { method: 'GET', url: `/api/alarm/siteAlarmParametersList/?organizationId=${f.orgA}` })
        ).json(),
      )
      .find((r) => r.siteId === padOne)!;
    expect(warned.alarmParameterWarnings).toEqual([WARNINGS.gas('CO')]);
    const edit = alarmParameterEditSchema.parse(
      (
        await t.as(tuner, {
          method: 'GET',
          url: `/api/alarm/alarmParameterEdit/?organizationId=${f.orgA}&siteId=${padOne}&alarmType=0&measurementTypeId=1`,
        })
      ).json(),
    );
    expect(edit).toMatchObject({ sensorPresent: true, devices: [{ id: qube, name: 'A-9501', deviceType: 'Qube' }] });
    expect(
      (
        await t.as(tuner, {
          method: 'GET',
          url: `/api/alarm/alarmParameterEdit/?organizationId=${f.orgA}&siteId=${(await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Station 9'"))[0]!.id}&alarmType=0&measurementTypeId=1`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deletes a template, turning off its parameters, and restores it', async () => {
    const [template] = alarmParameterTemplateSchema
      .array()
      .parse(
        (
          await t.as(tuner, { method: 'GET', url: `/api/alarm/alarmParameterTemplateList/?organizationId=${f.orgA}` })
        ).json(),
      );
    expect(template!.siteReferenceNames).toEqual(['Pad 1']);
    const deleted = alarmParameterTemplateSchema.parse(
      (await post(`/api/alarm/alarmParameterTemplateDelete/${template!.id}`, {})).json(),
    );
    expect(deleted.deletedAt).not.toBeNull();
    expect(
      (
        await t.as(tuner, { method: 'GET', url: `/api/alarm/alarmParameterTemplateList/?organizationId=${f.orgA}` })
      ).json(),
    ).toEqual([]);
    const [off] = await t.database.query<{ id: number; status: number }>(
      'SELECT id, status FROM site_alarm_parameters WHERE template_id = $1',
      [template!.id],
    );
    expect(off!.status).toBe(0);
    const history = (
      await t.as(tuner, {
        method: 'GET',
        url: `/api/alarm/alarmParameterHistoryList/?organizationId=${f.orgA}&alarmParameterId=${off!.id}`,
      })
    ).json() as { status: number }[];
    expect(history.map((h) => h.status)).toEqual([0, 1]);
    expect((await saveTemplate({ id: template!.id })).statusCode).toBe(400);
    const restored = alarmParameterTemplateSchema.parse(
      (await post(`/api/alarm/alarmParameterTemplateRestore/${template!.id}`, {})).json(),
    );
    expect(restored.deletedAt).toBeNull();
    expect(
      (await post(`/api/alarm/alarmParameterTemplateDelete/${template!.id}`, { organizationId: f.orgB }, f.admin))
        .statusCode,
    ).toBe(403);
  });
});
