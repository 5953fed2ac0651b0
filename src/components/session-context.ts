// What every signed-in screen knows: the configuration, the user, the selected organization and the permissions.
import { createContext, useContext } from 'react';
import type { ClientConfig } from '@/contracts/client-config';
import type { CurrentUser, UserOrganization } from '@/contracts/current-user';
import { hasAnyPermission } from '@/domain/permissions';

export interface Session {
  config: ClientConfig;
  user: CurrentUser;
  organization: UserOrganization;
  /** Effective permissions: global role and organization role together (spec 1 §4). */
  permissions: ReadonlySet<number>;
  /** Provider staff show their global role's name (spec 1 §4). */
  roleName: string;
  /** Switches organization (rewrites the query, remembers it, toasts 'Organization changed'). */
  selectOrganization(id: number): void;
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The session, or null while it is still loading (outside the signed-in shell). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the signed-in shell');
  return s;
}

export const useCurrentUser = (): CurrentUser => useSession().user;
export const useSelectedOrganization = (): UserOrganization => useSession().organization;
export const usePermissions = (): ReadonlySet<number> => useSession().permissions;

/** True when the user holds any one of the permissions (none listed: true). */
export function useHasPermission(...required: number[]): boolean {
  return hasAnyPermission(useSession().permissions, required);
}
