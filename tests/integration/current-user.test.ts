import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@/contracts/current-user';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('current user and logout on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
  });
  afterAll(() => t.close());

  it("lists an organization user's live organizations with roles and sites, never deleted ones", async () => {
    const res = await t.as(f.admin, { method: 'GET', url: '/api/user/currentUser/' });
    expect(res.statusCode).toBe(200);
    const body = currentUserSchema.parse(res.json());
    expect(body.userDetails).toEqual({
      isQubeUser: false,
      roleId: null,
      userEmail: 'admin@example.com',
      userId: f.admin,
    });
    expect(body.userOrganizations.map((o) => o.name)).toEqual(['Alpha Energy', 'Bravo Midstream']);
    expect(body.userOrganizations[0]!.sites).toHaveLength(2);
    expect(body.userOrganizations[0]!.roleId).toBe(f.roles.adminA);
    expect(body.roles.map((r) => r.id).sort()).toEqual([f.roles.adminA, f.roles.adminB].sort());
    expect(body.userSettings.ianaTimezoneId).toBe('America/Edmonton');
    expect(body.userSettings.unitLabels.ch4Concentration).toBe('ppm');
  });

  it('gives provider staff every organization, deleted ones flagged, and their global role', async () => {
    const body = currentUserSchema.parse(
      (await t.as(f.provider, { method: 'GET', url: '/api/user/currentUser/' })).json(),
    );
    expect(body.userDetails.isQubeUser).toBe(true);
    expect(body.userDetails.roleId).toBe(f.roles.qubeAdmin);
    expect(body.userOrganizations.map((o) => [o.name, o.deleted])).toEqual([
      ['Alpha Energy', false],
      ['Bravo Midstream', false],
      ['Closed Resources', true],
    ]);
    expect(body.roles.find((r) => r.id === f.roles.qubeAdmin)?.permissions).toHaveLength(26);
  });

  it('refuses a token for a user who no longer exists, and an expired token', async () => {
    await t.database.query("UPDATE users SET deleted_at = now() WHERE email = 'viewer@example.com'");
    try {
      expect((await t.as(f.viewer, { method: 'GET', url: '/api/user/currentUser/' })).statusCode).toBe(401);
    } finally {
      await t.database.query("UPDATE users SET deleted_at = NULL WHERE email = 'viewer@example.com'");
    }
    const expired = await t.tokenFor(f.admin, '-10s');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/currentUser/',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves the measurement types in the device-chart numbering', async () => {
    const res = await t.as(f.viewer, { method: 'GET', url: '/api/measurementType/list/' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; key: string }[];
    expect(list.find((m) => m.id === 3)?.key).toBe('CO2');
    expect(list).toHaveLength(55);
  });

  it("revokes the user's tokens at logout", async () => {
    const res = await t.as(f.viewer, { method: 'POST', url: '/api/user/logout/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loggedOut: true });
    expect(t.revoked).toContain(f.viewer);
  });
});
