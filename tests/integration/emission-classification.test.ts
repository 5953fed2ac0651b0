import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emissionClassificationSchema, rootCauseSchema } from '@/contracts/emission-classification';
import { CLASSIFICATION_MESSAGES } from '@/domain/emission-classification';
import { Permission } from '@/domain/permissions';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('emission classification on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let editor = 0;
  let viewer = 0;
  let pad1 = 0;
  let emission = 0;
  let inAlarm = 0;
  let foreign = 0;
  let venting = 0;
  let fugitive = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    editor = await addMember(t.database, f.orgA, 'classifier@example.com', [Permission.SiteEdit]);
    viewer = await addMember(t.database, f.orgA, 'looker@example.com', [
      Permission.DeviceView,
      Permission.AlarmAdministration,
    ]);
    const sites = await q<{ id: number; name: string }>('SELECT id, name FROM sites');
    pad1 = sites.find((s) => s.name === 'Pad 1')!.id;
    const station = sites.find((s) => s.name === 'Station 9')!.id;
    const add = async (site: number, start: string, end: string | null) =>
      (
        await q<{ id: number }>(
          'INSERT INTO emissions (site_id, start_time, end_time, total_volume, rate) VALUES ($1, $2, $3, 4, 2) RETURNING id',
          [site, start, end],
        )
      )[0]!.id;
    emission = await add(pad1, '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z');
    inAlarm = await add(pad1, '2026-03-10T00:30:00Z', '2026-03-10T01:30:00Z');
    foreign = await add(station, '2026-03-01T10:00:00Z', '2026-03-01T12:00:00Z');
    const causes = await q<{ id: number; classification: string }>(
      'SELECT id, classification FROM root_causes ORDER BY id',
    );
    venting = causes.find((c) => c.classification === 'Venting')!.id;
    fugitive = causes.find((c) => c.classification === 'Fugitive')!.id;
    // An emission-rate alarm over 01:00–02:00 on March 10 whose LDAR workflow is classified, and a measurement
    // alarm over March 1 whose workflow is classified too (measurement alarms have no contributing emissions).
    const [param] = await q<{ id: number }>(
      'INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, calculation_method, hi_threshold, sliding_window_hours, reset_evaluation_period_hours) VALUES ($1, 1, 1, 1, 0, 0, 1, 0.25, 1) RETURNING id',
      [pad1],
    );
    const alarm = async (type: number, start: string, end: string) => {
      const [w] = await q<{ id: number }>(
        "INSERT INTO workflows (workflow_type, classification) VALUES (1, 'Venting') RETURNING id",
      );
      await q(
        `INSERT INTO alarms (site_id, site_alarm_parameter_id, level, alarm_type, measurement_type_id, calculation_method, start_time, end_time, max_value, hi_threshold, sliding_window_hours, workflow_id)
               VALUES ($1, $2, 0, $3, 1, 0, $4, $5, 5, 1, 0.25, $6)`,
        [pad1, param!.id, type, start, end, w!.id],
      );
    };
    await alarm(1, '2026-03-10T01:00:00Z', '2026-03-10T02:00:00Z');
    await alarm(0, '2026-03-01T09:00:00Z', '2026-03-01T13:00:00Z');
  });
  afterAll(() => t.close());

  const classify = (body: Record<string, unknown>, user = editor, org = f.orgA) =>
    t.as(user, { method: 'POST', url: '/api/emissions/classify', payload: { organizationId: org, ...body } });
  const read = (id: number, user = editor, org = f.orgA) =>
    t.as(user, { method: 'GET', url: `/api/emissions/getClassification/?organizationId=${org}&emissionId=${id}` });

  it('sets, reads back, changes and clears a classification, audited on the site', async () => {
    const first = await classify({ emissionId: emission, classification: 'Venting', rootCauseId: venting });
    expect(first.statusCode, first.body).toBe(200);
    expect(emissionClassificationSchema.parse(first.json())).toEqual({
      emissionId: emission,
      classification: 'Venting',
      rootCauseId: venting,
      contributesToClassifiedAlarm: false,
    });
    // Anyone of the organization reads it; the dashboard's list carries it too.
    const back = await read(emission, viewer);
    expect(emissionClassificationSchema.parse(back.json())).toMatchObject({
      classification: 'Venting',
      rootCauseId: venting,
    });
    const list = await t.as(viewer, {
      method: 'GET',
      url: `/api/emissions/siteEmissions/?organizationId=${f.orgA}&siteId=${pad1}&startTime=2026-03-01T00:00:00Z&endTime=2026-03-02T00:00:00Z`,
    });
    expect(
      (list.json() as { id: number; classification: string }[]).find((e) => e.id === emission)?.classification,
    ).toBe('Venting');

    const nothing = await classify({ emissionId: emission, classification: 'NothingFound', rootCauseId: null });
    expect(emissionClassificationSchema.parse(nothing.json())).toMatchObject({
      classification: 'NothingFound',
      rootCauseId: null,
    });
    const cleared = await classify({ emissionId: emission, classification: null, rootCauseId: null });
    expect(emissionClassificationSchema.parse(cleared.json())).toMatchObject({
      classification: null,
      rootCauseId: null,
    });

    const audit = await t.database.query<{ changes: { name: string; newValue: unknown }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'site' AND entity_id = $1 ORDER BY id",
      [String(pad1)],
    );
    expect(audit).toHaveLength(3);
    expect(audit[0]!.changes.map((c) => c.name)).toEqual([
      `Emission ${emission} classification`,
      `Emission ${emission} root cause`,
    ]);
  });

  it('offers a root cause only for Fugitive or Venting, and only of the chosen classification', async () => {
    const errors = async (body: Record<string, unknown>) => {
      const res = await classify({ emissionId: emission, ...body });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { errors: Record<string, string[]> }).errors;
    };
    expect(await errors({ classification: 'NothingFound', rootCauseId: venting })).toEqual({
      rootCauseId: [CLASSIFICATION_MESSAGES.rootCauseNotOffered],
    });
    expect(await errors({ classification: 'IncompleteCombustion', rootCauseId: fugitive })).toEqual({
      rootCauseId: [CLASSIFICATION_MESSAGES.rootCauseNotOffered],
    });
    expect(await errors({ classification: null, rootCauseId: fugitive })).toEqual({
      rootCauseId: [CLASSIFICATION_MESSAGES.rootCauseNotOffered],
    });
    expect(await errors({ classification: 'Venting', rootCauseId: fugitive })).toEqual({
      rootCauseId: [CLASSIFICATION_MESSAGES.rootCauseMismatch],
    });
    expect(await errors({ classification: 'Fugitive', rootCauseId: 99_999 })).toEqual({
      rootCauseId: [CLASSIFICATION_MESSAGES.rootCauseMismatch],
    });
    expect((await classify({ emissionId: emission, classification: 'Smoke', rootCauseId: null })).statusCode).toBe(400);
    // Nothing was changed by the refused saves.
    expect(emissionClassificationSchema.parse((await read(emission)).json())).toMatchObject({
      classification: null,
      rootCauseId: null,
    });
    const ok = await classify({ emissionId: emission, classification: 'Fugitive', rootCauseId: fugitive });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lists the root causes of Fugitive and Venting', async () => {
    const res = await t.as(viewer, { method: 'GET', url: '/api/workflow/listRootCauses' });
    const causes = z.array(rootCauseSchema).parse(res.json());
    expect(new Set(causes.map((c) => c.classification))).toEqual(new Set(['Fugitive', 'Venting']));
    expect(causes.find((c) => c.id === venting)?.description).toBeTruthy();
  });

  it('flags an emission that overlaps an already classified emission alarm of its site', async () => {
    expect(emissionClassificationSchema.parse((await read(inAlarm)).json()).contributesToClassifiedAlarm).toBe(true);
    // The March 1 emission overlaps only a measurement alarm, which has no contributing emissions.
    expect(emissionClassificationSchema.parse((await read(emission)).json()).contributesToClassifiedAlarm).toBe(false);
    await t.database.query('UPDATE workflows SET classification = NULL');
    expect(emissionClassificationSchema.parse((await read(inAlarm)).json()).contributesToClassifiedAlarm).toBe(false);
  });

  it("answers 404 for another organization's emission, and classify needs SiteEdit", async () => {
    expect((await read(foreign)).statusCode).toBe(404);
    expect((await classify({ emissionId: foreign, classification: 'Venting', rootCauseId: null })).statusCode).toBe(
      404,
    );
    expect((await read(999_999)).statusCode).toBe(404);
    // The admin belongs to both organizations: the emission is found in its own one only.
    expect((await read(foreign, f.admin, f.orgB)).statusCode).toBe(200);
    const refused = await classify({ emissionId: emission, classification: 'Venting', rootCauseId: null }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(emissionClassificationSchema.parse((await read(emission)).json()).classification).toBe('Fugitive');
  });
});
