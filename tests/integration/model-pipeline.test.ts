import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('modelling pipeline control on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let health = 0;
  let pad = 0;
  const processed = '2026-11-01T06:00:00.000Z';
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    health = await addMember(t.database, f.orgA, 'health@example.com', [12]);
    pad = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    await q('UPDATE sites SET modelling_pipeline_is_on = true, model_processed_up_to = $2 WHERE id = $1', [
      pad,
      processed,
    ]);
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, user = health) =>
    t.as(user, {
      method: 'POST',
      url: `/api/site/${path}/`,
      payload: { organizationId: f.orgA, siteId: pad, ...body },
    });

  it('stops and starts the model from a date no earlier than what it processed, in the history', async () => {
    expect((await post('stopModellingPipeline', {})).json()).toMatchObject({ isOn: false, processedUpTo: processed });
    const early = await post('startModellingPipeline', { startDate: '2026-10-31T00:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect((early.json() as { detail: string }).detail).toBe(`Start date can be no earlier than ${processed}.`);
    expect((await post('startModellingPipeline', { startDate: null })).statusCode).toBe(400);
    const started = await post('startModellingPipeline', { startDate: '2026-11-02T00:00:00Z' });
    expect(started.json()).toMatchObject({ isOn: true, processedUpTo: '2026-11-02T00:00:00.000Z' });
    const status = await t.as(health, {
      method: 'GET',
      url: `/api/site/modellingPipelineStatusModel/?organizationId=${f.orgA}&siteId=${pad}`,
    });
    expect(status.json()).toMatchObject({ siteId: pad, isOn: true });
    const history = (
      await t.as(f.provider, { method: 'GET', url: `/api/audit/site/?organizationId=${f.orgA}&id=${pad}` })
    ).json() as { changedValues: { name: string; value: unknown }[] }[];
    expect(history[0]!.changedValues[0]).toEqual({ name: 'modellingPipelineIsOn', value: true });
    expect(history[1]!.changedValues[0]).toEqual({ name: 'modellingPipelineIsOn', value: false });
  });

  it("refuses users without SiteHealthAdministration and other organizations' sites", async () => {
    expect((await post('stopModellingPipeline', {}, f.viewer)).statusCode).toBe(403);
    const [other] = await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Station 9'");
    expect((await post('stopModellingPipeline', { siteId: other!.id }, f.provider)).statusCode).toBe(404);
  });
});
