import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeyEditAnswerSchema, apiKeySchema } from '@/contracts/api-key';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@/domain/api-key';
import { Permission } from '@/domain/permissions';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';
import { hashApiKey } from '../../server/services/api-key';

describe.each(testEngines)('API keys on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let integrator = 0;
  let integratorB = 0;
  let north = 0;
  let south = 0;
  let foreignGroup = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    integrator = await addMember(t.database, f.orgA, 'integrator@example.com', [
      Permission.IntegrationAdministration,
      Permission.SiteEdit,
    ]);
    integratorB = await addMember(t.database, f.orgB, 'integrator.b@example.com', [
      Permission.IntegrationAdministration,
    ]);
    const group = async (org: number, name: string) =>
      (
        await t.database.query<{ id: number }>(
          'INSERT INTO site_groups (organization_id, name) VALUES ($1, $2) RETURNING id',
          [org, name],
        )
      )[0]!.id;
    north = await group(f.orgA, 'North');
    south = await group(f.orgA, 'South');
    foreignGroup = await group(f.orgB, 'Bravo Group');
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    id: 0,
    organizationId: f.orgA,
    name: 'Data lake',
    enabled: true,
    apiEndpoints: ['Sites', 'Emissions'],
    canAccessAllSites: false,
    siteGroupIds: [north],
    canAccessHighFrequencyData: false,
    ch4RateDisplayUnitId: 2,
    ch4VolumeDisplayUnitId: 13,
    speedDisplayUnitId: 42,
    ...over,
  });
  const save = (body: Record<string, unknown>, user = integrator) =>
    t.as(user, { method: 'POST', url: '/api/apiKey/apiKeyEdit/', payload: body });
  const list = (org = f.orgA, user = integrator) =>
    t.as(user, { method: 'GET', url: `/api/apiKey/getApiKeys/?organizationId=${org}` });

  it('creates a key, returns its value once and stores only its hash', async () => {
    const res = await save(form());
    expect(res.statusCode).toBe(200);
    const created = apiKeyEditAnswerSchema.parse(res.json());
    expect(created.apiKey).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created).toMatchObject({
      name: 'Data lake',
      enabled: true,
      apiEndpoints: ['Emissions', 'Sites'],
      siteGroupIds: [north],
      siteGroups: [{ id: north, name: 'North' }],
      canAccessAllSites: false,
      lastUsedAt: null,
      organizationId: f.orgA,
    });
    expect(created.keyPrefix).toBe(created.apiKey!.slice(0, 10));
    const [row] = await t.database.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [
      created.id,
    ]);
    expect(row!.key_hash).toBe(hashApiKey(created.apiKey!));
    expect(JSON.stringify(await t.database.query('SELECT * FROM api_keys'))).not.toContain(created.apiKey);

    // Never again: not in the list, not in the edit answer, not on a later save.
    const again = await t.as(integrator, {
      method: 'GET',
      url: `/api/apiKey/apiKeyEdit/?organizationId=${f.orgA}&apiKeyId=${created.id}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain(created.apiKey);
    expect(apiKeySchema.parse(again.json())).toMatchObject({ id: created.id, name: 'Data lake' });
    expect((await list()).body).not.toContain(created.apiKey);
    const edited = await save(form({ id: created.id, name: 'Data lake 2' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).not.toHaveProperty('apiKey');
  });

  it("refuses with the spec's messages", async () => {
    const res = await save(
      form({
        name: ' ',
        apiEndpoints: [],
        siteGroupIds: [],
        ch4RateDisplayUnitId: null,
        ch4VolumeDisplayUnitId: 1,
        speedDisplayUnitId: undefined,
      }),
    );
    expect(res.statusCode).toBe(400);
    const errors = (res.json() as { errors: Record<string, string[]> }).errors;
    expect(errors.name).toEqual([API_KEY_MESSAGES.nameRequired]);
    expect(errors.apiEndpoints).toEqual(['At least one API endpoint must be selected']);
    expect(errors.ch4RateDisplayUnitId).toEqual([API_KEY_MESSAGES.rateUnitRequired]);
    expect(errors.speedDisplayUnitId).toEqual([API_KEY_MESSAGES.speedUnitRequired]);
    const more = await save(form({ name: 'x'.repeat(300), siteGroupIds: [], ch4VolumeDisplayUnitId: 1 }));
    const moreErrors = (more.json() as { errors: Record<string, string[]> }).errors;
    expect(moreErrors.name).toEqual([API_KEY_MESSAGES.nameMax]);
    expect(moreErrors.siteGroupIds).toEqual([
      "'Site Group(s)' must be specified if 'All Current and Future Sites' is not selected",
    ]);
    expect(moreErrors.ch4VolumeDisplayUnitId).toEqual([API_KEY_MESSAGES.unitNotOffered]);
    const foreign = await save(form({ siteGroupIds: [foreignGroup] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: { siteGroupIds: [API_KEY_MESSAGES.siteGroupNotInOrganization] } });
  });

  it('ticking all sites clears the site groups', async () => {
    const res = await save(form({ name: 'Everything', canAccessAllSites: true, siteGroupIds: [north, south] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ canAccessAllSites: true, siteGroupIds: [], siteGroups: [] });
  });

  it('leaves High Frequency Data to QubeAdministration', async () => {
    const refused = await save(form({ name: 'Raw', canAccessHighFrequencyData: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: API_KEY_MESSAGES.highFrequencyPermission });
    const allowed = await save(form({ name: 'Raw', canAccessHighFrequencyData: true }), f.provider);
    expect(allowed.statusCode).toBe(200);
    const raw = apiKeyEditAnswerSchema.parse(allowed.json());
    // An integrator may still edit the key as long as the flag stays as it is.
    expect((await save(form({ id: raw.id, name: 'Raw renamed', canAccessHighFrequencyData: true }))).statusCode).toBe(
      200,
    );
    expect((await save(form({ id: raw.id, name: 'Raw renamed', canAccessHighFrequencyData: false }))).statusCode).toBe(
      403,
    );
  });

  it('audits every change under apiKey, without the key', async () => {
    const created = apiKeyEditAnswerSchema.parse((await save(form({ name: 'Audited' }))).json());
    await save(form({ id: created.id, name: 'Audited', enabled: false, siteGroupIds: [north, south] }));
    await t.as(integrator, {
      method: 'DELETE',
      url: `/api/apiKey/deleteApiKey/?organizationId=${f.orgA}&id=${created.id}`,
    });
    const res = await t.as(integrator, {
      method: 'GET',
      url: `/api/audit/apiKey/?organizationId=${f.orgA}&id=${created.id}`,
    });
    expect(res.statusCode).toBe(200);
    const entries = z
      .array(z.object({ userName: z.string(), newValues: z.array(z.object({ name: z.string(), value: z.unknown() })) }))
      .parse(res.json());
    expect(entries).toHaveLength(3);
    expect(entries[0]!.newValues).toEqual([{ name: 'deleted', value: true }]);
    expect(entries[1]!.newValues).toEqual(
      expect.arrayContaining([
        { name: 'enabled', value: false },
        { name: 'siteGroupIds', value: [north, south] },
      ]),
    );
    expect(entries[2]!.newValues).toEqual(expect.arrayContaining([{ name: 'name', value: 'Audited' }]));
    expect(entries[2]!.userName).toBe('integrator@example.com');
    expect(res.body).not.toContain(created.apiKey);
  });

  it('deletes a key: gone from the list and from edit', async () => {
    const created = apiKeyEditAnswerSchema.parse((await save(form({ name: 'Short lived' }))).json());
    const del = await t.as(integrator, {
      method: 'DELETE',
      url: `/api/apiKey/deleteApiKey/?organizationId=${f.orgA}&id=${created.id}`,
    });
    expect(del.statusCode).toBe(200);
    expect(
      z
        .array(apiKeySchema)
        .parse((await list()).json())
        .map((k) => k.id),
    ).not.toContain(created.id);
    expect(
      (
        await t.as(integrator, {
          method: 'GET',
          url: `/api/apiKey/apiKeyEdit/?organizationId=${f.orgA}&apiKeyId=${created.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(integrator, {
          method: 'DELETE',
          url: `/api/apiKey/deleteApiKey/?organizationId=${f.orgA}&id=${created.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another organization's key and 403 without IntegrationAdministration", async () => {
    const bKey = apiKeyEditAnswerSchema.parse(
      (
        await save(form({ organizationId: f.orgB, siteGroupIds: [foreignGroup], name: 'Bravo key' }), integratorB)
      ).json(),
    );
    // Through organization A, where the caller may manage keys, B's key does not exist.
    expect(
      (
        await t.as(integrator, {
          method: 'GET',
          url: `/api/apiKey/apiKeyEdit/?organizationId=${f.orgA}&apiKeyId=${bKey.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await save(form({ id: bKey.id, name: 'Taken over' }))).statusCode).toBe(404);
    expect(
      (
        await t.as(integrator, {
          method: 'DELETE',
          url: `/api/apiKey/deleteApiKey/?organizationId=${f.orgA}&id=${bKey.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      z
        .array(apiKeySchema)
        .parse((await list()).json())
        .every((k) => k.organizationId === f.orgA),
    ).toBe(true);
    // B itself is not the caller's organization.
    expect((await list(f.orgB)).statusCode).toBe(403);
    // A member without the permission.
    expect((await list(f.orgA, f.viewer)).statusCode).toBe(403);
    expect((await save(form(), f.viewer)).statusCode).toBe(403);
    expect(
      (await t.as(f.admin, { method: 'GET', url: `/api/apiKey/getApiKeys/?organizationId=${f.orgA}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/apiKey/getApiKeys/?organizationId=${f.orgA}` })).statusCode,
    ).toBe(401);
  });

  it('counts keys per site group, and a deleted group disables the keys it leaves without groups', async () => {
    const westGroup = (
      await t.database.query<{ id: number }>(
        "INSERT INTO site_groups (organization_id, name) VALUES ($1, 'West') RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    const only = apiKeyEditAnswerSchema.parse(
      (await save(form({ name: 'West only', siteGroupIds: [westGroup] }))).json(),
    );
    const both = apiKeyEditAnswerSchema.parse(
      (await save(form({ name: 'West and South', siteGroupIds: [westGroup, south] }))).json(),
    );
    const groups = await t.as(integrator, {
      method: 'GET',
      url: `/api/siteGroup/listSiteGroupsForOrganization/?organizationId=${f.orgA}`,
    });
    const west = (groups.json() as { id: number; apiKeyCount: number }[]).find((g) => g.id === westGroup)!;
    expect(west.apiKeyCount).toBe(2);

    const del = await t.as(integrator, {
      method: 'DELETE',
      url: `/api/siteGroup/delete/${westGroup}?organizationId=${f.orgA}`,
    });
    expect(del.statusCode).toBe(200);
    const keys = z.array(apiKeySchema).parse((await list()).json());
    expect(keys.find((k) => k.id === only.id)).toMatchObject({ enabled: false, siteGroupIds: [] });
    expect(keys.find((k) => k.id === both.id)).toMatchObject({ enabled: true, siteGroupIds: [south] });
    const audit = await t.as(integrator, {
      method: 'GET',
      url: `/api/audit/apiKey/?organizationId=${f.orgA}&id=${only.id}`,
    });
    expect((audit.json() as { newValues: { name: string; value: unknown }[] }[])[0]!.newValues).toEqual(
      expect.arrayContaining([{ name: 'enabled', value: false }]),
    );
  });
});
