// Organization users (spec 1 §2 'Users screen', §5): list, roles, add/edit and remove, audited.
import { randomUUID } from 'node:crypto';
import { CANNOT_REMOVE_YOURSELF, signOnMethodsOffered } from '@/domain/user-form';
import type { Database, Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import { changedValues, recordAudit } from './audit';
import type { z } from 'zod';
import type { organizationUserDeleteEndpoint, organizationUserEditEndpoint } from '@/contracts/organization-user';

interface UserRow extends Record<string, unknown> {
  id: number;
  email: string;
  role: string;
  role_id: number;
  sign_on_method: 'EmailPassword' | 'SSO';
  has_notifications: boolean;
}

async function listUsers(db: Queryable, organizationId: number) {
  const rows = await db.query<UserRow>(
    `SELECT u.id, u.email, r.name AS role, r.id AS role_id, u.sign_on_method,
            EXISTS (SELECT 1 FROM notification_subscriptions n WHERE n.user_id = u.id AND n.organization_id = $1 AND n.unsubscribed_at IS NULL) AS has_notifications
       FROM user_organizations uo JOIN users u ON u.id = uo.user_id JOIN roles r ON r.id = uo.role_id
      WHERE uo.organization_id = $1 AND u.deleted_at IS NULL
      ORDER BY lower(u.email)`,
    [organizationId],
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    roleId: r.role_id,
    hasNotifications: r.has_notifications,
    signOnMethod: r.sign_on_method,
    canEditNotifications: true,
  }));
}

export async function organizationUserList(database: Database, organizationId: number) {
  const [org] = await database.query<{
    id: number;
    name: string;
    single_sign_on_enabled: boolean;
    domains: string[];
  }>('SELECT id, name, single_sign_on_enabled, domains FROM organizations WHERE id = $1', [organizationId]);
  return {
    users: await listUsers(database, organizationId),
    organization: {
      id: org!.id,
      name: org!.name,
      singleSignOnEnabled: org!.single_sign_on_enabled,
      domains: org!.domains,
    },
  };
}

export async function organizationRoleOptions(database: Database, organizationId: number) {
  return database.query<{ id: number; name: string }>(
    "SELECT id, name FROM roles WHERE kind = 'organization' AND organization_id = $1 ORDER BY name",
    [organizationId],
  );
}

export async function saveOrganizationUser(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof organizationUserEditEndpoint)['body']>>,
) {
  return database.transaction(async (tx) => {
    const [org] = await tx.query<{ single_sign_on_enabled: boolean }>(
      'SELECT single_sign_on_enabled FROM organizations WHERE id = $1',
      [organizationId],
    );
    if (!signOnMethodsOffered('Organization', org!.single_sign_on_enabled).includes(body.signOnMethod)) {
      throw new DomainError('Invalid', 'The request is not valid.', {
        signOnMethod: ['SSO is not enabled for this organization'],
      });
    }
    const [role] = await tx.query<{ id: number }>(
      "SELECT id FROM roles WHERE id = $1 AND kind = 'organization' AND organization_id = $2",
      [body.roleId, organizationId],
    );
    if (!role) throw new DomainError('Invalid', 'The request is not valid.', { roleId: ['Role is required'] });

    let userId = body.id;
    if (body.id === 0) {
      const [existing] = await tx.query<{ id: number }>(
        'SELECT id FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
        [body.email],
      );
      if (existing) {
        const [member] = await tx.query(
          'SELECT 1 FROM user_organizations WHERE user_id = $1 AND organization_id = $2',
          [existing.id, organizationId],
        );
        if (member)
          throw new DomainError('Invalid', 'The request is not valid.', {
            email: ['This user already belongs to the organization'],
          });
        userId = existing.id;
      } else {
        // New password users start with a temporary password to be set by an administrator (FORCE_CHANGE_PASSWORD).
        const [created] = await tx.query<{ id: number }>(
          "INSERT INTO users (email, sign_on_method, user_status, cognito_user_id) VALUES ($1, $2, 'FORCE_CHANGE_PASSWORD', $3) RETURNING id",
          [body.email.trim(), body.signOnMethod, randomUUID()],
        );
        userId = created!.id;
      }
      await tx.query('INSERT INTO user_organizations (user_id, organization_id, role_id) VALUES ($1, $2, $3)', [
        userId,
        organizationId,
        body.roleId,
      ]);
      await recordAudit(tx, {
        entityType: 'users',
        entityId: userId,
        organizationId,
        userId: user.id,
        userName: user.email,
        changes: changedValues(null, { email: body.email, roleId: body.roleId, signOnMethod: body.signOnMethod }),
      });
    } else {
      const [before] = await tx.query<{ role_id: number; sign_on_method: string }>(
        'SELECT uo.role_id, u.sign_on_method FROM user_organizations uo JOIN users u ON u.id = uo.user_id WHERE uo.user_id = $1 AND uo.organization_id = $2',
        [body.id, organizationId],
      );
      if (!before) throw new DomainError('NotFound', 'User not found');
      // The e-mail is editable only when adding (spec 1 §5): it is ignored here.
      await tx.query('UPDATE user_organizations SET role_id = $1 WHERE user_id = $2 AND organization_id = $3', [
        body.roleId,
        body.id,
        organizationId,
      ]);
      await tx.query('UPDATE users SET sign_on_method = $1 WHERE id = $2', [body.signOnMethod, body.id]);
      await recordAudit(tx, {
        entityType: 'users',
        entityId: body.id,
        organizationId,
        userId: user.id,
        userName: user.email,
        changes: changedValues(
          { roleId: before.role_id, signOnMethod: before.sign_on_method },
          { roleId: body.roleId, signOnMethod: body.signOnMethod },
        ),
      });
    }
    const row = (await listUsers(tx, organizationId)).find((u) => u.id === userId);
    if (!row) throw new DomainError('NotFound', 'User not found');
    return row;
  });
}

export async function removeOrganizationUser(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: z.infer<NonNullable<(typeof organizationUserDeleteEndpoint)['body']>>,
) {
  if (body.id === user.id) throw new DomainError('Invalid', CANNOT_REMOVE_YOURSELF);
  return database.transaction(async (tx) => {
    const removed = await tx.query<{ user_id: number }>(
      'DELETE FROM user_organizations WHERE user_id = $1 AND organization_id = $2 RETURNING user_id',
      [body.id, organizationId],
    );
    if (removed.length === 0) throw new DomainError('NotFound', 'User not found');
    await recordAudit(tx, {
      entityType: 'users',
      entityId: body.id,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'organizationMembership', oldValue: organizationId, newValue: null }],
    });
    return { id: body.id };
  });
}
