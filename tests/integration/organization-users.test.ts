import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationUserListSchema } from '@/contracts/organization-user';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('organization users on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
  });
  afterAll(() => t.close());

  const list = async () =>
    organizationUserListSchema.parse(
      (
        await t.as(f.admin, {
          method: 'GET',
          url: `/api/organizationUser/organizationUserList/?organizationId=${f.orgA}`,
        })
      ).json(),
    );

  it('lists the members with roles, for UserAdministration only', async () => {
    const body = await list();
    expect(body.users.map((u) => [u.email, u.role])).toEqual([
      ['admin@example.com', 'Administrator'],
      ['viewer@example.com', 'Viewer'],
    ]);
    expect(
      (
        await t.as(f.viewer, {
          method: 'GET',
          url: `/api/organizationUser/organizationUserList/?organizationId=${f.orgA}`,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('adds a new user, refuses SSO where the organization lacks it, and refuses a duplicate', async () => {
    const add = (payload: Record<string, unknown>) =>
      t.as(f.admin, {
        method: 'POST',
        url: '/api/organizationUser/organizationUserEdit/',
        payload: { organizationId: f.orgA, id: 0, ...payload },
      });
    const sso = await add({ email: 'new@example.com', roleId: f.roles.viewerA, signOnMethod: 'SSO' });
    expect(sso.statusCode).toBe(400);
    expect(sso.json().errors.signOnMethod).toEqual(['SSO is not enabled for this organization']);
    const bad = await add({ email: 'nope', roleId: f.roles.viewerA, signOnMethod: 'EmailPassword' });
    expect(bad.json().errors.email).toEqual(['Please enter a valid email']);
    const foreignRole = await add({ email: 'new@example.com', roleId: f.roles.adminB, signOnMethod: 'EmailPassword' });
    expect(foreignRole.statusCode).toBe(400);
    const ok = await add({ email: 'new@example.com', roleId: f.roles.viewerA, signOnMethod: 'EmailPassword' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: 'new@example.com', role: 'Viewer' });
    const status = await t.database.query<{ user_status: string }>(
      "SELECT user_status FROM users WHERE email = 'new@example.com'",
    );
    expect(status[0]!.user_status).toBe('FORCE_CHANGE_PASSWORD');
    expect(
      (await add({ email: 'NEW@example.com', roleId: f.roles.viewerA, signOnMethod: 'EmailPassword' })).json().errors
        .email,
    ).toEqual(['This user already belongs to the organization']);
  });

  it('edits the role but never the e-mail, and audits it', async () => {
    const res = await t.as(f.admin, {
      method: 'POST',
      url: '/api/organizationUser/organizationUserEdit/',
      payload: {
        organizationId: f.orgA,
        id: f.viewer,
        email: 'changed@example.com',
        roleId: f.roles.adminA,
        signOnMethod: 'EmailPassword',
      },
    });
    expect(res.json()).toMatchObject({ email: 'viewer@example.com', role: 'Administrator' });
    const audit = await t.database.query<{ changes: { name: string }[] }>(
      "SELECT changes FROM audit_entries WHERE entity_type = 'users' AND entity_id = $1",
      [String(f.viewer)],
    );
    expect(audit.at(-1)!.changes.map((c) => c.name)).toEqual(['roleId']);
  });

  it('removes a member but never oneself, nor someone of another organization', async () => {
    const self = await t.as(f.admin, {
      method: 'POST',
      url: '/api/organizationUser/organizationUserDelete/',
      payload: { organizationId: f.orgA, id: f.admin },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('You cannot remove yourself');
    const foreign = await t.as(f.admin, {
      method: 'POST',
      url: '/api/organizationUser/organizationUserDelete/',
      payload: { organizationId: f.orgA, id: f.provider },
    });
    expect(foreign.statusCode).toBe(404);
    const ok = await t.as(f.admin, {
      method: 'POST',
      url: '/api/organizationUser/organizationUserDelete/',
      payload: { organizationId: f.orgA, id: f.viewer },
    });
    expect(ok.statusCode).toBe(200);
    expect((await list()).users.map((u) => u.email)).not.toContain('viewer@example.com');
  });
});
