// Provider-staff users, user details and temporary-password reset (spec 1 §2, §5, §7, §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qubeUserRowSchema, userDetailsSchema } from '@/contracts/qube-user';
import { PASSWORD_RULE } from '@/domain/password';
import { verifyPassword } from '../../server/auth/password';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('provider-staff users on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
  });
  afterAll(() => t.close());

  const list = async () => (await t.as(f.provider, { method: 'GET', url: '/api/userAdmin/list/' })).json() as unknown[];
  const edit = (body: Record<string, unknown>) =>
    t.as(f.provider, { method: 'POST', url: '/api/qubeUser/qubeUserEdit/', payload: body });

  it('lists every user with provider role and organizations, to provider administrators only', async () => {
    const rows = (await list()).map((r) => qubeUserRowSchema.parse(r));
    expect(rows.find((r) => r.email === 'provider@example.com')).toMatchObject({
      qubeRole: 'Qube Admin',
      organizations: [],
    });
    expect(rows.find((r) => r.email === 'admin@example.com')).toMatchObject({
      qubeRole: null,
      organizations: [
        { organizationName: 'Alpha Energy', roleName: 'Administrator' },
        { organizationName: 'Bravo Midstream', roleName: 'Administrator' },
      ],
    });
    expect((await t.as(f.admin, { method: 'GET', url: '/api/userAdmin/list/' })).statusCode).toBe(403);
  });

  it('adds provider staff with a role from the provider list and checks the form', async () => {
    const bad = await edit({ id: 0, email: 'not-an-email', roleId: f.roles.qubeAdmin, signOnMethod: 'EmailPassword' });
    expect(bad.json().errors).toEqual({ email: ['Please enter a valid email'] });
    const orgRole = await edit({
      id: 0,
      email: 'staff@example.com',
      roleId: f.roles.adminA,
      signOnMethod: 'EmailPassword',
    });
    expect(orgRole.json().errors).toEqual({ roleId: ['Role is required'] });
    const added = await edit({
      id: 0,
      email: 'staff@example.com',
      roleId: f.roles.qubeAdmin,
      signOnMethod: 'EmailPassword',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(qubeUserRowSchema.parse(added.json())).toMatchObject({ email: 'staff@example.com', qubeRole: 'Qube Admin' });
    const again = await edit({ id: 0, email: 'STAFF@example.com', roleId: f.roles.qubeAdmin, signOnMethod: 'SSO' });
    expect(again.json().errors).toEqual({ email: ['This user is already provider staff'] });
    // An organization user is edited from their organization's list.
    const orgUser = await edit({
      id: f.admin,
      email: 'admin@example.com',
      roleId: f.roles.qubeAdmin,
      signOnMethod: 'EmailPassword',
    });
    expect(orgUser.json().detail).toBe('This user can only be edited from the organization user list');
  });

  it('shows user details with the identity-provider record, and resets a temporary password for real', async () => {
    const staff = qubeUserRowSchema.parse(
      (await list()).find((r) => (r as { email: string }).email === 'staff@example.com'),
    );
    const details = userDetailsSchema.parse(
      (await t.as(f.provider, { method: 'GET', url: `/api/userAdmin/details/?userId=${staff.id}` })).json(),
    );
    expect(details).toMatchObject({
      email: 'staff@example.com',
      qubeRole: 'Qube Admin',
      ianaTimezoneId: 'America/Edmonton',
    });
    expect(details.cognitoUsers[0]).toMatchObject({ userStatus: 'FORCE_CHANGE_PASSWORD', enabled: true });
    const url = '/api/userAdmin/resetTemporaryPassword/';
    const weak = await t.as(f.provider, {
      method: 'POST',
      url,
      payload: { userId: staff.id, temporaryPassword: 'short' },
    });
    expect(weak.json().errors).toEqual({ temporaryPassword: [PASSWORD_RULE] });
    const blank = await t.as(f.provider, { method: 'POST', url, payload: { userId: staff.id, temporaryPassword: '' } });
    expect(blank.json().errors).toEqual({ temporaryPassword: ['Password is required'] });
    const ok = await t.as(f.provider, {
      method: 'POST',
      url,
      payload: { userId: staff.id, temporaryPassword: 'Temporary9' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      staff.id,
    ]);
    expect(await verifyPassword('Temporary9', row!.password_hash)).toBe(true);
    // A user who has chosen their own password cannot get a temporary one.
    const confirmed = await t.as(f.provider, {
      method: 'POST',
      url,
      payload: { userId: f.admin, temporaryPassword: 'Temporary9' },
    });
    expect(confirmed.json().detail).toBe(
      'Only password users who have not yet chosen their own password can get a temporary password.',
    );
    // Organization staff without CognitoAdministration see nothing.
    expect((await t.as(f.admin, { method: 'GET', url: `/api/userAdmin/details/?userId=${staff.id}` })).statusCode).toBe(
      403,
    );
  });

  it('deletes provider staff, revoking their sessions, but never oneself', async () => {
    const staff = qubeUserRowSchema.parse(
      (await list()).find((r) => (r as { email: string }).email === 'staff@example.com'),
    );
    const self = await t.as(f.provider, {
      method: 'POST',
      url: '/api/qubeUser/qubeUserDelete/',
      payload: { id: f.provider },
    });
    expect(self.json().detail).toBe('You cannot remove yourself');
    const del = await t.as(f.provider, {
      method: 'POST',
      url: '/api/qubeUser/qubeUserDelete/',
      payload: { id: staff.id },
    });
    expect(del.statusCode).toBe(200);
    expect(t.revoked).toContain(staff.id);
    expect((await list()).some((r) => (r as { email: string }).email === 'staff@example.com')).toBe(false);
    const token = await t.tokenFor(staff.id);
    const afterwards = await t.app.inject({
      method: 'GET',
      url: '/api/user/currentUser/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterwards.statusCode).toBe(401);
  });
});

describe.each(testEngines)('unit configuration on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
  });
  afterAll(() => t.close());

  it('saves six unit choices per user and turns them into the labels of the current user', async () => {
    const url = '/api/userSettings/unitConfigurationEdit/';
    const initial = (await t.as(f.viewer, { method: 'GET', url })).json();
    expect(initial).toEqual({
      ch4RateDisplayUnitId: 1,
      ch4VolumeDisplayUnitId: 11,
      concentrationDisplayUnitId: 21,
      pressureDisplayUnitId: 31,
      speedDisplayUnitId: 41,
      temperatureDisplayUnitId: 51,
    });
    const wrong = await t.as(f.viewer, { method: 'POST', url, payload: { ...initial, speedDisplayUnitId: 51 } });
    expect(wrong.json().errors).toEqual({ speedDisplayUnitId: ['Choose one of the units offered'] });
    const saved = await t.as(f.viewer, {
      method: 'POST',
      url,
      payload: { ...initial, speedDisplayUnitId: 43, temperatureDisplayUnitId: 52 },
    });
    expect(saved.statusCode).toBe(200);
    const me = (await t.as(f.viewer, { method: 'GET', url: '/api/user/currentUser/' })).json();
    expect(me.userSettings.unitLabels).toMatchObject({ speed: 'mph', temperature: '°F', ch4Concentration: 'ppm' });
    expect(me.userSettings.unitConfiguration.speedDisplayUnitId).toBe(43);
    // Another user's choices are their own.
    const other = (await t.as(f.admin, { method: 'GET', url: '/api/user/currentUser/' })).json();
    expect(other.userSettings.unitLabels.speed).toBe('km/h');
    const units = (await t.as(f.viewer, { method: 'GET', url: '/api/userSettings/units/' })).json() as {
      unitGroupId: number;
    }[];
    expect(new Set(units.map((u) => u.unitGroupId))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});
