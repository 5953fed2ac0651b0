// Organization selection and effective permissions (spec 1 §4 'Organization selection', §6), as a pure function.
import type { CurrentUser, UserOrganization } from '@/contracts/current-user';
import { effectivePermissions } from '@/domain/permissions';

export type SessionResolution =
  | {
      kind: 'selected';
      organization: UserOrganization;
      /** Union of the global role (provider staff) and the role in the organization. */
      permissions: Set<number>;
      /** Provider staff show their global role's name; everyone else the organization role's. */
      roleName: string;
    }
  /** The organization asked for is not the user's: /accessDenied?to=organization. */
  | { kind: 'denied' }
  /** The user belongs to no organization: /accessDenied ('any organization'). */
  | { kind: 'none' };

const parseId = (value: string | null): number | null => (value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null);

/** The last-used organization id as saved locally; anything unreadable counts as none. */
export function parseStoredOrganizationId(value: string | null): number | null {
  const id = parseId(value);
  return id !== null && id > 0 ? id : null;
}

export function pickOrganization(
  user: Pick<CurrentUser, 'userDetails' | 'userOrganizations'>,
  queryOrganizationId: string | null,
  lastUsedId: number | null,
): { kind: 'selected'; organization: UserOrganization } | { kind: 'denied' } | { kind: 'none' } {
  const orgs = user.userOrganizations;
  const find = (id: number | null) => (id === null ? undefined : orgs.find((o) => o.id === id));
  if (queryOrganizationId !== null && queryOrganizationId !== '') {
    const asked = find(parseId(queryOrganizationId));
    if (asked) return { kind: 'selected', organization: asked };
    // Provider staff span every organization, so an unknown id is no access question: fall back, and the shell
    // rewrites the query to the organization actually selected.
    if (!user.userDetails.isQubeUser) return { kind: 'denied' };
  }
  const chosen = find(lastUsedId) ?? orgs[0];
  return chosen ? { kind: 'selected', organization: chosen } : { kind: 'none' };
}

export function resolveSession(user: CurrentUser, queryOrganizationId: string | null, lastUsedId: number | null): SessionResolution {
  const picked = pickOrganization(user, queryOrganizationId, lastUsedId);
  if (picked.kind !== 'selected') return picked;
  const roleById = new Map(user.roles.map((r) => [r.id, r]));
  const globalRole = user.userDetails.roleId === null ? undefined : roleById.get(user.userDetails.roleId);
  const orgRole = roleById.get(picked.organization.roleId);
  const roleName = (user.userDetails.isQubeUser ? (globalRole?.name ?? orgRole?.name) : orgRole?.name) ?? '';
  return { ...picked, permissions: effectivePermissions(globalRole?.permissions, orgRole?.permissions), roleName };
}
