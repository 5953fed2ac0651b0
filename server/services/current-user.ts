// The signed-in user as the console reads it (spec 1 §3 'Current user'): organizations, roles and settings.
import type { CurrentUser } from '@/contracts/current-user';
import type { Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { defaultUserSettings } from './user-settings';

interface OrgRow extends Record<string, unknown> {
  id: number;
  name: string;
  role_id: number | null;
  deleted: boolean;
  site_ids: number[] | null;
}

export async function loadCurrentUser(database: Queryable, user: SignedInUser): Promise<CurrentUser> {
  const [details] = await database.query<{
    qube_role_id: number | null;
    iana_timezone_id: string;
    settings: Record<string, unknown>;
  }>('SELECT qube_role_id, iana_timezone_id, settings FROM users WHERE id = $1', [user.id]);
  const globalRoleId = user.isQubeUser ? (details?.qube_role_id ?? null) : null;
  // Provider staff span every organization (deleted ones flagged); others see only live memberships.
  const orgs = await database.query<OrgRow>(
    `SELECT o.id, o.name, uo.role_id, (o.deleted_at IS NOT NULL) AS deleted,
              (SELECT coalesce(json_agg(s.id ORDER BY s.id), '[]'::json) FROM sites s
                WHERE s.organization_id = o.id AND s.deleted_at IS NULL) AS site_ids
         FROM organizations o
         LEFT JOIN user_organizations uo ON uo.organization_id = o.id AND uo.user_id = $1
        WHERE $2::boolean OR (uo.user_id IS NOT NULL AND o.deleted_at IS NULL)
        ORDER BY o.name, o.id`,
    [user.id, user.isQubeUser],
  );
  const roleIds = new Set<number>(orgs.map((o) => o.role_id).filter((id): id is number => id !== null));
  if (globalRoleId !== null) roleIds.add(globalRoleId);
  const roles = roleIds.size
    ? await database.query<{ id: number; name: string; permissions: number[] }>(
        'SELECT id, name, permissions FROM roles WHERE id = ANY($1::int[]) ORDER BY name',
        [[...roleIds]],
      )
    : [];
  return {
    userDetails: { isQubeUser: user.isQubeUser, roleId: globalRoleId, userEmail: user.email, userId: user.id },
    userOrganizations: orgs.map((o) => ({
      id: o.id,
      name: o.name,
      // Provider staff without a membership act through their global role.
      roleId: o.role_id ?? globalRoleId ?? 0,
      deleted: o.deleted,
      sites: (o.site_ids ?? []).map((id) => ({ id })),
    })),
    roles: roles.map((r) => ({ id: r.id, name: r.name, permissions: r.permissions })),
    userSettings: defaultUserSettings(details?.settings ?? {}, details?.iana_timezone_id ?? 'America/Edmonton'),
  };
}
