import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSchema } from '@/contracts/organization';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const newOrg = {
  id: 0,
  name: 'Charlie Gas',
  singleSignOnEnabled: false,
  domains: [],
  customerSuccessReps: ['Dana'],
  salesReps: [],
  orgContacts: [],
  allowIframeEmbedding: false,
  cspFrameAncestorDomain: null,
  iframeSrcUrls: [],
};

describe.each(testEngines)('organization administration on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
  });
  afterAll(() => t.close());

  it('lists every organization for provider staff, deleted only on request', async () => {
    const live = (await t.as(f.provider, { method: 'GET', url: '/api/organization/organizationList/' })).json() as {
      name: string;
    }[];
    expect(live.map((o) => o.name)).toEqual(['Alpha Energy', 'Bravo Midstream']);
    const all = (
      await t.as(f.provider, { method: 'GET', url: '/api/organization/organizationList/?includeDeleted=true' })
    ).json() as { name: string; deletedAt: string | null }[];
    expect(all.map((o) => o.name)).toEqual(['Alpha Energy', 'Bravo Midstream', 'Closed Resources']);
    expect(all[2]!.deletedAt).not.toBeNull();
  });

  it('lists only administered organizations for an organization administrator, and refuses a viewer', async () => {
    const res = await t.as(f.admin, { method: 'GET', url: '/api/organization/organizationList/?includeDeleted=true' });
    expect((res.json() as { name: string }[]).map((o) => o.name)).toEqual(['Alpha Energy', 'Bravo Midstream']);
    expect((await t.as(f.viewer, { method: 'GET', url: '/api/organization/organizationList/' })).statusCode).toBe(403);
  });

  it('adds an organization (provider staff only), validates it, and audits the change', async () => {
    expect(
      (await t.as(f.admin, { method: 'POST', url: '/api/organization/organizationEdit/', payload: newOrg })).statusCode,
    ).toBe(403);
    const bad = await t.as(f.provider, {
      method: 'POST',
      url: '/api/organization/organizationEdit/',
      payload: { ...newOrg, name: '', singleSignOnEnabled: true, domains: ['x'.repeat(120)] },
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors.name).toEqual(['Name is required']);
    expect(errors['domains.0']).toEqual(['Domain must be less than 100 characters']);
    const ok = await t.as(f.provider, { method: 'POST', url: '/api/organization/organizationEdit/', payload: newOrg });
    expect(ok.statusCode).toBe(200);
    const created = organizationSchema.parse(ok.json());
    expect(created.name).toBe('Charlie Gas');
    const audit = await t.database.query<{ changes: { name: string }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'organization' AND entity_id = $1",
      [String(created.id)],
    );
    expect(audit[0]!.changes.map((c) => c.name)).toContain('name');
  });

  it('requires the frame-ancestor domain when embedding is allowed, and SSO domains', async () => {
    const res = await t.as(f.provider, {
      method: 'POST',
      url: '/api/organization/organizationEdit/',
      payload: { ...newOrg, allowIframeEmbedding: true, singleSignOnEnabled: true },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['cspFrameAncestorDomain', 'domains']);
  });

  it('soft-deletes an organization so its members lose access, and restores it', async () => {
    const del = await t.as(f.provider, { method: 'POST', url: `/api/organization/delete/${f.orgB}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().deletedAt).not.toBeNull();
    // The administrator of B can no longer reach it, nor see it in their organizations.
    expect(
      (await t.as(f.admin, { method: 'GET', url: `/api/organization/organization/?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(403);
    const me = (await t.as(f.admin, { method: 'GET', url: '/api/user/currentUser/' })).json() as {
      userOrganizations: { id: number }[];
    };
    expect(me.userOrganizations.map((o) => o.id)).not.toContain(f.orgB);
    const restored = await t.as(f.provider, { method: 'POST', url: `/api/organization/restore/${f.orgB}` });
    expect(restored.json().deletedAt).toBeNull();
    expect(
      (await t.as(f.admin, { method: 'GET', url: `/api/organization/organization/?organizationId=${f.orgB}` }))
        .statusCode,
    ).toBe(200);
  });

  it("lets provider staff mark the provider's own organization, which its sites then carry on the device map", async () => {
    const edit = (user: number, body: Record<string, unknown>) =>
      t.as(user, {
        method: 'POST',
        url: '/api/organization/organizationEdit/',
        payload: { ...newOrg, id: f.orgA, name: 'Alpha Energy', ...body },
      });
    const marked = await edit(f.provider, { providerOwn: true });
    expect((marked.json() as { providerOwn: boolean }).providerOwn).toBe(true);
    // An organization administrator's save leaves the flag alone, with or without it.
    expect(((await edit(f.admin, { providerOwn: false })).json() as { providerOwn: boolean }).providerOwn).toBe(true);
    expect(((await edit(f.admin, {})).json() as { providerOwn: boolean }).providerOwn).toBe(true);
    const markers = (
      await t.as(f.provider, { method: 'GET', url: `/api/device/deviceHealthSiteList/?organizationId=${f.orgA}` })
    ).json() as { providerOwn: boolean }[];
    expect(markers.length).toBeGreaterThan(0);
    expect(markers.every((m) => m.providerOwn)).toBe(true);
    expect(((await edit(f.provider, { providerOwn: false })).json() as { providerOwn: boolean }).providerOwn).toBe(
      false,
    );
  });

  it('answers unknown and foreign ids without data', async () => {
    expect((await t.as(f.provider, { method: 'POST', url: '/api/organization/delete/99999' })).statusCode).toBe(403);
    expect((await t.as(f.provider, { method: 'POST', url: '/api/organization/delete/abc' })).statusCode).toBe(400);
    const foreign = await t.as(f.viewer, {
      method: 'GET',
      url: `/api/organization/organization/?organizationId=${f.orgB}`,
    });
    expect(foreign.statusCode).toBe(403);
  });
});
