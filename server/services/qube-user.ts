// Provider-staff users (spec 1 §2 'Qube users screen', 'User Details dialog', §5): every user with their provider role
// and organizations; add/edit/delete of provider staff; details and temporary-password reset.
import { randomUUID } from 'node:crypto';
import type { QubeUserRow } from '@/contracts/qube-user';
import { Permission } from '@/domain/permissions';
import { CANNOT_REMOVE_YOURSELF } from '@/domain/user-form';
import { hashPassword } from '../auth/password';
import type { Database, Queryable } from '../db/client';
import type { LogoutHook, SignedInUser } from './callers';
import { DomainError } from './errors';
import { changedValues, recordAudit } from './audit';
import type { z } from 'zod';
import type {
  qubeUserDeleteEndpoint,
  qubeUserEditEndpoint,
  qubeUserEndpoint,
  resetTemporaryPasswordEndpoint,
  userDetailsEndpoint,
} from '@/contracts/qube-user';

interface Row extends Record<string, unknown> {
  id: number;
  email: string;
  qube_role: string | null;
  qube_role_id: number | null;
  organizations: { roleName: string; organizationName: string }[] | null;
  notifications: boolean;
  sign_on_method: 'EmailPassword' | 'SSO';
}

export async function listQubeUsers(db: Queryable, id?: number): Promise<QubeUserRow[]> {
  const rows = await db.query<Row>(
    `SELECT u.id, u.email, CASE WHEN u.is_qube_user THEN r.name END AS qube_role, CASE WHEN u.is_qube_user THEN u.qube_role_id END AS qube_role_id,
            (SELECT json_agg(json_build_object('roleName', orl.name, 'organizationName', o.name) ORDER BY o.name)
               FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id JOIN roles orl ON orl.id = uo.role_id
              WHERE uo.user_id = u.id AND o.deleted_at IS NULL) AS organizations,
            EXISTS (SELECT 1 FROM notification_subscriptions n WHERE n.user_id = u.id AND n.unsubscribed_at IS NULL) AS notifications,
            u.sign_on_method
       FROM users u LEFT JOIN roles r ON r.id = u.qube_role_id
      WHERE u.deleted_at IS NULL AND ($1::int IS NULL OR u.id = $1)
      ORDER BY lower(u.email)`,
    [id ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    qubeRole: r.qube_role,
    qubeRoleId: r.qube_role_id,
    organizations: r.organizations ?? [],
    notificationsEnabled: r.notifications,
    signOnMethod: r.sign_on_method,
  }));
}

/** Organization staff with CognitoAdministration see the details of their own organizations' users only. */
async function mayAdministerIdentity(db: Queryable, caller: SignedInUser, userId: number): Promise<boolean> {
  if (caller.isQubeUser && caller.globalPermissions.has(Permission.CognitoAdministration)) return true;
  const orgs = [...caller.memberships]
    .filter(([, m]) => !m.deleted && m.permissions.has(Permission.CognitoAdministration))
    .map(([id]) => id);
  if (orgs.length === 0) return false;
  const [shared] = await db.query(
    'SELECT 1 FROM user_organizations WHERE user_id = $1 AND organization_id = ANY($2::int[]) LIMIT 1',
    [userId, orgs],
  );
  return Boolean(shared);
}

export async function qubeRoleOptions(database: Database) {
  return database.query<{ id: number; name: string }>("SELECT id, name FROM roles WHERE kind = 'qube' ORDER BY name");
}

export async function qubeUserForm(
  database: Database,
  query: z.infer<NonNullable<(typeof qubeUserEndpoint)['query']>>,
) {
  const [u] = await database.query<{
    id: number;
    email: string;
    role_id: number | null;
    role_name: string | null;
    sign_on_method: 'EmailPassword' | 'SSO';
  }>(
    `SELECT u.id, u.email, CASE WHEN u.is_qube_user THEN u.qube_role_id END AS role_id, CASE WHEN u.is_qube_user THEN r.name END AS role_name, u.sign_on_method
             FROM users u LEFT JOIN roles r ON r.id = u.qube_role_id WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [query.userId],
  );
  if (!u) throw new DomainError('NotFound', 'User not found');
  return { id: u.id, email: u.email, roleId: u.role_id, roleName: u.role_name, signOnMethod: u.sign_on_method };
}

export async function saveQubeUser(
  database: Database,
  user: SignedInUser,
  body: z.infer<NonNullable<(typeof qubeUserEditEndpoint)['body']>>,
) {
  return database.transaction(async (tx) => {
    const [role] = await tx.query<{ id: number }>("SELECT id FROM roles WHERE id = $1 AND kind = 'qube'", [
      body.roleId,
    ]);
    if (!role) throw new DomainError('Invalid', 'The request is not valid.', { roleId: ['Role is required'] });
    let id = body.id;
    let before: Record<string, unknown> | null = null;
    if (id === 0) {
      const [existing] = await tx.query<{ id: number; is_qube_user: boolean }>(
        'SELECT id, is_qube_user FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
        [body.email],
      );
      if (existing?.is_qube_user)
        throw new DomainError('Invalid', 'The request is not valid.', {
          email: ['This user is already provider staff'],
        });
      if (existing) {
        id = existing.id;
        await tx.query('UPDATE users SET is_qube_user = true, qube_role_id = $1, sign_on_method = $2 WHERE id = $3', [
          body.roleId,
          body.signOnMethod,
          id,
        ]);
      } else {
        id = (
          await tx.query<{ id: number }>(
            "INSERT INTO users (email, sign_on_method, is_qube_user, qube_role_id, user_status, cognito_user_id) VALUES ($1, $2, true, $3, 'FORCE_CHANGE_PASSWORD', $4) RETURNING id",
            [body.email.trim(), body.signOnMethod, body.roleId, randomUUID()],
          )
        )[0]!.id;
      }
    } else {
      const [u] = await tx.query<{ is_qube_user: boolean; qube_role_id: number | null; sign_on_method: string }>(
        'SELECT is_qube_user, qube_role_id, sign_on_method FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
        [id],
      );
      if (!u) throw new DomainError('NotFound', 'User not found');
      // Users without a provider role are edited from their organization's user list (spec 1 §5).
      if (!u.is_qube_user)
        throw new DomainError('Invalid', 'This user can only be edited from the organization user list');
      before = { qubeRoleId: u.qube_role_id, signOnMethod: u.sign_on_method };
      await tx.query('UPDATE users SET qube_role_id = $1, sign_on_method = $2 WHERE id = $3', [
        body.roleId,
        body.signOnMethod,
        id,
      ]);
    }
    await recordAudit(tx, {
      entityType: 'users',
      entityId: id,
      organizationId: null,
      userId: user.id,
      userName: user.email,
      changes: changedValues(before, {
        ...(before ? {} : { email: body.email }),
        qubeRoleId: body.roleId,
        signOnMethod: body.signOnMethod,
      }),
    });
    return (await listQubeUsers(tx, id))[0]!;
  });
}

export async function deleteQubeUser(
  database: Database,
  user: SignedInUser,
  logout: LogoutHook | null,
  body: z.infer<NonNullable<(typeof qubeUserDeleteEndpoint)['body']>>,
) {
  if (body.id === user.id) throw new DomainError('Invalid', CANNOT_REMOVE_YOURSELF);
  const result = await database.transaction(async (tx) => {
    const [u] = await tx.query<{ is_qube_user: boolean; email: string }>(
      'SELECT is_qube_user, email FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [body.id],
    );
    if (!u) throw new DomainError('NotFound', 'User not found');
    if (!u.is_qube_user)
      throw new DomainError('Invalid', 'This user can only be deleted from the organization user list');
    await tx.query('DELETE FROM user_organizations WHERE user_id = $1', [body.id]);
    await tx.query(
      'UPDATE notification_subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE user_id = $1',
      [body.id],
    );
    await tx.query('UPDATE users SET deleted_at = now(), is_qube_user = false, qube_role_id = NULL WHERE id = $1', [
      body.id,
    ]);
    await recordAudit(tx, {
      entityType: 'users',
      entityId: body.id,
      organizationId: null,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'deletedAt', oldValue: null, newValue: new Date().toISOString() }],
    });
    return { id: body.id };
  });
  // Sessions and refresh tokens end with the account.
  if (logout) await logout.revokeAllForUser(body.id);
  return result;
}

export async function userDetails(
  database: Database,
  user: SignedInUser,
  query: z.infer<NonNullable<(typeof userDetailsEndpoint)['query']>>,
) {
  if (!(await mayAdministerIdentity(database, user, query.userId))) throw new DomainError('NotFound', 'User not found');
  const [u] = await database.query<{
    id: number;
    email: string;
    sign_on_method: 'EmailPassword' | 'SSO';
    cognito_user_id: string;
    iana_timezone_id: string;
    user_status: string;
    created_at: Date | string;
    qube_role: string | null;
    has_password: boolean;
  }>(
    `SELECT u.id, u.email, u.sign_on_method, u.cognito_user_id, u.iana_timezone_id, u.user_status, u.created_at, u.password_hash IS NOT NULL AS has_password,
                  CASE WHEN u.is_qube_user THEN r.name END AS qube_role
             FROM users u LEFT JOIN roles r ON r.id = u.qube_role_id WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [query.userId],
  );
  if (!u) throw new DomainError('NotFound', 'User not found');
  const orgs = await database.query<{ organization_name: string; role_name: string }>(
    `SELECT o.name AS organization_name, r.name AS role_name FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id JOIN roles r ON r.id = uo.role_id
            WHERE uo.user_id = $1 ORDER BY o.name`,
    [query.userId],
  );
  return {
    email: u.email,
    id: u.id,
    signOnMethod: u.sign_on_method,
    cognitoUserId: u.cognito_user_id,
    ianaTimezoneId: u.iana_timezone_id,
    organizations: orgs.map((o) => ({ organizationName: o.organization_name, roleName: o.role_name })),
    qubeRole: u.qube_role,
    // The built-in provider keeps one record per user; SSO users have theirs at their own identity provider.
    cognitoUsers:
      u.sign_on_method === 'SSO'
        ? []
        : [
            {
              username: u.cognito_user_id,
              userStatus: u.user_status,
              enabled: true,
              userCreateDate: new Date(u.created_at).toISOString(),
              attributes: [
                { name: 'email', value: u.email },
                { name: 'email_verified', value: 'true' },
                { name: 'password_set', value: u.has_password ? 'true' : 'false' },
              ],
            },
          ],
  };
}

export async function resetTemporaryPassword(
  database: Database,
  user: SignedInUser,
  body: z.infer<NonNullable<(typeof resetTemporaryPasswordEndpoint)['body']>>,
) {
  if (!(await mayAdministerIdentity(database, user, body.userId))) throw new DomainError('NotFound', 'User not found');
  return database.transaction(async (tx) => {
    const [u] = await tx.query<{ sign_on_method: string; user_status: string }>(
      'SELECT sign_on_method, user_status FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [body.userId],
    );
    if (!u) throw new DomainError('NotFound', 'User not found');
    if (u.sign_on_method !== 'EmailPassword' || u.user_status !== 'FORCE_CHANGE_PASSWORD') {
      throw new DomainError(
        'Invalid',
        'Only password users who have not yet chosen their own password can get a temporary password.',
      );
    }
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
      await hashPassword(body.temporaryPassword),
      body.userId,
    ]);
    await recordAudit(tx, {
      entityType: 'users',
      entityId: body.userId,
      organizationId: null,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'temporaryPassword', oldValue: null, newValue: 'reset' }],
    });
    return { userId: body.userId, userStatus: 'FORCE_CHANGE_PASSWORD' };
  });
}
