// Loads who a verified token belongs to: memberships and role permissions come from the database, never the client.
import type { Database, Queryable } from '../db/client';
import type { SignedInUser } from './callers';

interface UserRow extends Record<string, unknown> {
  id: number;
  email: string;
  is_qube_user: boolean;
  global_permissions: number[] | null;
}
interface MembershipRow extends Record<string, unknown> {
  organization_id: number;
  role_id: number;
  permissions: number[];
  deleted: boolean;
}

export async function loadSignedInUser(database: Database, userId: number): Promise<SignedInUser | null> {
  const [user] = await database.query<UserRow>(
    `SELECT u.id, u.email, u.is_qube_user, r.permissions AS global_permissions
       FROM users u LEFT JOIN roles r ON r.id = u.qube_role_id
      WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [userId],
  );
  if (!user) return null;
  const memberships = await database.query<MembershipRow>(
    `SELECT uo.organization_id, uo.role_id, r.permissions, (o.deleted_at IS NOT NULL) AS deleted
       FROM user_organizations uo
       JOIN roles r ON r.id = uo.role_id
       JOIN organizations o ON o.id = uo.organization_id
      WHERE uo.user_id = $1`,
    [userId],
  );
  return {
    id: user.id,
    email: user.email,
    isQubeUser: user.is_qube_user,
    // Only provider staff carry a global role (spec 1 §1).
    globalPermissions: new Set(user.is_qube_user ? (user.global_permissions ?? []) : []),
    memberships: new Map(
      memberships.map((m) => [
        m.organization_id,
        { roleId: m.role_id, permissions: new Set(m.permissions), deleted: m.deleted },
      ]),
    ),
  };
}

export type OrganizationAccess =
  { ok: true; permissions: Set<number> } | { ok: false; reason: 'not-member' | 'deleted' | 'unknown' };

/**
 * Effective permissions inside one organization: global role ∪ role there (spec 1 §4).
 * Provider staff span every organization, deleted ones included; a deleted organization stops everyone else.
 */
export async function accessToOrganization(
  database: Queryable,
  user: SignedInUser,
  organizationId: number,
  /** How to tell whether the organization exists (the request path passes a cached check). */
  organizationExists: (id: number) => Promise<boolean> = async (id) =>
    (await database.query('SELECT 1 FROM organizations WHERE id = $1', [id])).length > 0,
): Promise<OrganizationAccess> {
  const membership = user.memberships.get(organizationId);
  if (user.isQubeUser) {
    if (!(await organizationExists(organizationId))) return { ok: false, reason: 'unknown' };
    return { ok: true, permissions: new Set([...user.globalPermissions, ...(membership?.permissions ?? [])]) };
  }
  if (!membership) return { ok: false, reason: 'not-member' };
  if (membership.deleted) return { ok: false, reason: 'deleted' };
  return { ok: true, permissions: new Set(membership.permissions) };
}

/** Permissions for routes not tied to one organization: global role ∪ roles in every live organization. */
export function permissionsAcrossOrganizations(user: SignedInUser): Set<number> {
  const all = new Set(user.globalPermissions);
  for (const m of user.memberships.values()) if (!m.deleted) for (const p of m.permissions) all.add(p);
  return all;
}

/** The live organizations in which the user holds `permission` (any membership when null). */
export async function organizationsWith(
  db: Queryable,
  user: SignedInUser,
  permission: number | null,
): Promise<number[]> {
  const ids = new Set<number>();
  if (user.isQubeUser && (permission === null || user.globalPermissions.has(permission))) {
    for (const o of await db.query<{ id: number }>('SELECT id FROM organizations WHERE deleted_at IS NULL'))
      ids.add(o.id);
  }
  for (const [id, m] of user.memberships)
    if (!m.deleted && (permission === null || m.permissions.has(permission))) ids.add(id);
  return [...ids];
}
