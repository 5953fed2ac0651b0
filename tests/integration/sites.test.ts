import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteListRowSchema } from '@/contracts/site';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('sites on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let padOne = 0;
  let stationNine = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    padOne = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    stationNine = (await t.database.query<{ id: number }>("SELECT id FROM sites WHERE name = 'Station 9'"))[0]!.id;
    const [group] = await t.database.query<{ id: number }>(
      "INSERT INTO site_groups (organization_id, name) VALUES ($1, 'North') RETURNING id",
      [f.orgA],
    );
    await t.database.query('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [
      padOne,
      group!.id,
    ]);
    const [device] = await t.database.query<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-00001', 'Qube', $1) RETURNING id",
      [f.orgA],
    );
    await t.database.query(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now())',
      [device!.id, padOne],
    );
  });
  afterAll(() => t.close());

  const list = (user: number, org: number, deleted = false) =>
    t.as(user, {
      method: 'GET',
      url: `/api/site/siteList/?organizationId=${org}${deleted ? '&siteFilter.includeDeletedSites=true' : ''}`,
    });

  it("lists the organization's sites with groups and installed devices", async () => {
    const res = await list(f.viewer, f.orgA);
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as unknown[]).map((r) => siteListRowSchema.parse(r));
    expect(rows.map((r) => r.name)).toEqual(['Pad 1', 'Pad 2']);
    expect(rows[0]).toMatchObject({
      siteGroupNames: ['North'],
      devices: ['QB-00001'],
      organization: 'Alpha Energy',
      location: { lat: 31.9, lng: -102.1 },
    });
  });

  it("refuses another organization's list", async () => {
    expect((await list(f.viewer, f.orgB)).statusCode).toBe(403);
  });

  it('deletes and restores with SiteDeleteRestore, hiding deleted sites unless asked', async () => {
    expect(
      (
        await t.as(f.viewer, {
          method: 'POST',
          url: '/api/site/deleteSite/',
          payload: { siteId: padOne, organizationId: f.orgA },
        })
      ).statusCode,
    ).toBe(403);
    const del = await t.as(f.admin, {
      method: 'POST',
      url: '/api/site/deleteSite/',
      payload: { siteId: padOne, organizationId: f.orgA },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().deletedAt).not.toBeNull();
    expect(((await list(f.admin, f.orgA)).json() as { name: string }[]).map((s) => s.name)).toEqual(['Pad 2']);
    const withDeleted = (await list(f.admin, f.orgA, true)).json() as { name: string; deletedAt: string | null }[];
    expect(withDeleted.find((s) => s.name === 'Pad 1')?.deletedAt).not.toBeNull();
    const restore = await t.as(f.admin, {
      method: 'POST',
      url: '/api/site/restoreSite/',
      payload: { siteId: padOne, organizationId: f.orgA },
    });
    expect(restore.json().deletedAt).toBeNull();
    const audit = await t.database.query<{ changes: { name: string }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'site' AND entity_id = $1 ORDER BY id",
      [String(padOne)],
    );
    expect(audit).toHaveLength(2);
    // The history the row action shows: newest first, with old and new values, for members of the organization only.
    const history = await t.as(f.viewer, {
      method: 'GET',
      url: `/api/audit/site/?id=${padOne}&organizationId=${f.orgA}`,
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json() as {
      userName: string;
      oldValues: { name: string; value: unknown }[];
      newValues: { value: unknown }[];
    }[];
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      userName: 'admin@example.com',
      oldValues: [{ name: 'deletedAt' }],
      newValues: [{ value: null }],
    });
    expect(
      (await t.as(f.viewer, { method: 'GET', url: `/api/audit/site/?id=${padOne}&organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    const viaOwnOrg = await t.as(f.admin, {
      method: 'GET',
      url: `/api/audit/site/?id=${stationNine}&organizationId=${f.orgA}`,
    });
    expect(viaOwnOrg.json()).toEqual([]);
  });

  it("will not touch another organization's site through one's own organization id", async () => {
    const res = await t.as(f.admin, {
      method: 'POST',
      url: '/api/site/deleteSite/',
      payload: { siteId: stationNine, organizationId: f.orgA },
    });
    expect(res.statusCode).toBe(404);
    const still = await t.database.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM sites WHERE id = $1', [
      stationNine,
    ]);
    expect(still[0]!.deleted_at).toBeNull();
    const bad = await t.as(f.admin, {
      method: 'POST',
      url: '/api/site/deleteSite/',
      payload: { siteId: 'x', organizationId: f.orgA },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(testEngines)('site health on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    await t.database.query(
      "UPDATE sites SET modelling_pipeline_is_on = true, model_last_run_time = now() - interval '30 minutes', model_processed_up_to = now() - interval '11.5 hours' WHERE name = 'Pad 1'",
    );
    await t.database.query('UPDATE roles SET permissions = $1::jsonb WHERE id = $2', [
      JSON.stringify([8, 9, 10, 12, 18, 21, 26]),
      f.roles.adminA,
    ]);
    const [device] = await t.database.query<{ id: number }>(
      "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-00009', 'Qube', $1) RETURNING id",
      [f.orgA],
    );
    await t.database.query(
      "INSERT INTO device_installations (device_id, site_id, installation_type, latitude, longitude, started_at, quarantined_at) SELECT $1, id, 1, 31.9, -102.1, now(), now() FROM sites WHERE name = 'Pad 1'",
      [device!.id],
    );
  });
  afterAll(() => t.close());

  it('returns pipeline state, source counts and devices with quarantine, for SiteHealthAdministration only', async () => {
    // Two live sources and a deleted one at Pad 1; none at Pad 2.
    await t.database.query(
      "INSERT INTO sources (site_id, name, latitude, longitude, deleted_at) SELECT id, n, 31.9, -102.1, CASE WHEN n = 'Old' THEN now() END FROM sites, unnest(ARRAY['Wellhead', 'Tank', 'Old']) n WHERE name = 'Pad 1'",
    );
    expect(
      (await t.as(f.viewer, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgA}` })).statusCode,
    ).toBe(403);
    const res = await t.as(f.admin, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgA}` });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      name: string;
      emissionSourceCount: number;
      devices: { deviceName: string; quarantinedAt: string | null; deviceInstallationType: number }[];
      modellingPipeline: { isOn: boolean; lastRunTime: string | null };
    }[];
    const pad1 = rows.find((r) => r.name === 'Pad 1')!;
    expect(pad1.modellingPipeline.isOn).toBe(true);
    expect(pad1.emissionSourceCount).toBe(2);
    expect(rows.find((r) => r.name === 'Pad 2')!.emissionSourceCount).toBe(0);
    expect(pad1.devices).toEqual([expect.objectContaining({ deviceName: 'QB-00009', deviceInstallationType: 1 })]);
    expect(pad1.devices[0]!.quarantinedAt).not.toBeNull();
    expect(rows.find((r) => r.name === 'Pad 2')!.modellingPipeline.lastRunTime).toBeNull();
    expect(
      (await t.as(f.admin, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgGone}` }))
        .statusCode,
    ).toBe(403);
  });
});
