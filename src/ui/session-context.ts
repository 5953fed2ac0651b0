// What every signed-in screen knows: the configuration, the user, the selected organization and the permissions.
import { createContext, useContext } from 'react';
import type { ClientConfig } from '@/contracts/client-config';
import type { CurrentUser, UserOrganization } from '@/contracts/current-user';
import { hasAnyPermission } from '@/domain/permissions';

export interface Session {
  config: ClientConfig;
  user: CurrentUser;
  organization: UserOrganization | null;
  permissions: ReadonlySet<number>;
  /** Provider staff show their global role's name (spec 1 §4). */
  roleName: string;
  selectOrganization(id: number): void;
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the signed-in shell');
  return s;
}

export function useHasPermission(...required: number[]): boolean {
  return hasAnyPermission(useSession().permissions, required);
}
