import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emissionTargetRowSchema, emissionTargetUploadAnswerSchema } from '@/contracts/emission';
import { EMISSION_TARGET_MESSAGES } from '@/domain/emission-target';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('emission targets on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let editor = 0;
  let plain = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    editor = await addMember(t.database, f.orgA, 'targets@example.com', [17]);
    plain = await addMember(t.database, f.orgA, 'plain@example.com', [3]);
  });
  afterAll(() => t.close());

  const list = async (user = editor) =>
    z
      .array(emissionTargetRowSchema)
      .parse(
        (
          await t.as(user, { method: 'GET', url: `/api/emissionTargets/getEmissionTargets?organizationId=${f.orgA}` })
        ).json(),
      );
  const upload = async (csv: string, user = editor, org = f.orgA) => {
    const body = multipart('csvRecords', 'targets.csv', 'text/csv', csv);
    return t.as(user, {
      method: 'POST',
      url: `/api/emissionTargets/bulkUpsertEmissionTargets/${org}`,
      headers: body.headers,
      payload: body.payload,
    });
  };

  it('lists every site of the organization, with or without a target, and offers them as the template', async () => {
    const rows = await list();
    expect(rows.map((r) => [r.name, r.targetVolumePerMonth])).toEqual([
      ['Pad 1', null],
      ['Pad 2', null],
    ]);
    const template = await t.as(editor, {
      method: 'GET',
      url: `/api/emissionTargets/template/?organizationId=${f.orgA}`,
    });
    expect(template.headers['content-disposition']).toContain('EmissionTargetTemplate.csv');
    expect(template.body.split('\r\n')[0]).toBe('Site Name,Alias,Effective From,Target Volume Per Month (kg)');
    expect(template.body).toContain('Pad 1,,,');
  });

  it('upserts targets from a CSV, counts only changed rows and audits each change', async () => {
    const first = emissionTargetUploadAnswerSchema.parse(
      (await upload('Site Name,Effective From,Target Volume Per Month (kg)\nPad 1,2026-01-01,120\npad 2,,\n')).json(),
    );
    expect(first).toEqual({ count: 1 });
    expect((await list()).find((r) => r.name === 'Pad 1')).toMatchObject({
      effectiveFrom: '2026-01-01',
      targetVolumePerMonth: 120,
    });
    // The same values again change nothing; a new value changes one row.
    expect(
      (
        await upload(
          'Site Name,Effective From,Target Volume Per Month (kg)\nPad 1,2026-01-01,120\nPad 2,2026-02-01,80.5\n',
        )
      ).json(),
    ).toEqual({ count: 1 });
    expect(
      (await upload('Site Name,Effective From,Target Volume Per Month (kg)\nPad 1,2026-03-01,100\n')).json(),
    ).toEqual({ count: 1 });
    const pad1 = (await list()).find((r) => r.name === 'Pad 1')!;
    const history = (
      await t.as(editor, {
        method: 'GET',
        url: `/api/audit/emissionTarget/?organizationId=${f.orgA}&id=${pad1.siteId}`,
      })
    ).json() as { newValues: { name: string; value: unknown }[] }[];
    expect(history).toHaveLength(2);
    expect(history[0]!.newValues).toEqual([
      { name: 'effectiveFrom', value: '2026-03-01' },
      { name: 'targetVolumePerMonth', value: 100 },
    ]);
  });

  it('reports every bad row of a file and changes nothing', async () => {
    const before = await list();
    const answer = emissionTargetUploadAnswerSchema.parse(
      (
        await upload(
          'Site Name,Effective From,Target Volume Per Month (kg)\nPad 1,2026-04-01,50\nNowhere,2026-01-01,10\nPad 2,2026-13-01,abc\nStation 9,2026-01-01,5\nPad 1,,7\n',
        )
      ).json(),
    );
    expect(answer.count).toBe(0);
    expect(answer.error).toBe(EMISSION_TARGET_MESSAGES.problems);
    expect(answer.errors).toEqual({
      'Row 3': [EMISSION_TARGET_MESSAGES.unknownSite('Nowhere')],
      'Row 4': [EMISSION_TARGET_MESSAGES.badVolume, EMISSION_TARGET_MESSAGES.badDate],
      'Row 5': [EMISSION_TARGET_MESSAGES.unknownSite('Station 9')],
      'Row 6': [EMISSION_TARGET_MESSAGES.duplicate(2)],
    });
    expect(await list()).toEqual(before);
    expect(
      (await upload('Site Name,Effective From,Target Volume Per Month (kg)\nPad 1,2026-04-01,-5\n')).json(),
    ).toMatchObject({ errors: { 'Row 2': [EMISSION_TARGET_MESSAGES.badVolume] } });
    expect((await upload('Alias\nx\n')).json()).toMatchObject({ count: 0 });
  });

  it('deletes a target with its history kept, and refuses other organizations and permissions', async () => {
    const pad2 = (await list()).find((r) => r.name === 'Pad 2')!;
    expect(
      (await t.as(editor, { method: 'DELETE', url: `/api/emissionTargets/delete/${pad2.id}?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.as(f.admin, {
          method: 'DELETE',
          url: `/api/emissionTargets/delete/${pad2.id}?organizationId=${f.orgB}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.as(editor, { method: 'DELETE', url: `/api/emissionTargets/delete/999999?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.as(editor, { method: 'DELETE', url: `/api/emissionTargets/delete/${pad2.id}?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(200);
    expect((await list()).find((r) => r.name === 'Pad 2')!.targetVolumePerMonth).toBeNull();
    expect(
      (await t.as(editor, { method: 'DELETE', url: `/api/emissionTargets/delete/${pad2.id}?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.as(plain, { method: 'GET', url: `/api/emissionTargets/getEmissionTargets?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(403);
    expect((await upload('Site Name\nPad 1\n', plain)).statusCode).toBe(403);
  });
});
