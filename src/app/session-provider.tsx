// Loads the current user and applies the organization selection rule; renders children once both are known.
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { useAuth } from '@/auth/auth-context';
import type { ClientConfig } from '@/contracts/client-config';
import { selectOrganization } from '@/domain/organization-selection';
import { effectivePermissions } from '@/domain/permissions';
import { SessionContext, type Session } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { ErrorPanel } from './pages/error-panel';

const lastUsedKey = (userId: number) => `console.lastOrganizationId.${userId}`;

export function SessionProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  const auth = useAuth();
  const { data: user, error, refetch } = useQuery(currentUserQueryOptions());
  const [params, setParams] = useSearchParams();
  const toast = useToast();

  const queryOrg = params.get('organizationId');
  const selection = useMemo(() => {
    if (!user) return null;
    const stored = Number(window.localStorage.getItem(lastUsedKey(user.userDetails.userId)));
    return selectOrganization({
      queryOrganizationId: queryOrg,
      lastUsedId: Number.isSafeInteger(stored) && stored > 0 ? stored : null,
      organizations: user.userOrganizations,
    });
  }, [user, queryOrg]);

  const organizationId = selection?.kind === 'selected' ? selection.organizationId : null;
  useEffect(() => {
    if (user && organizationId !== null)
      window.localStorage.setItem(lastUsedKey(user.userDetails.userId), String(organizationId));
  }, [user, organizationId]);

  const selectOrg = useCallback(
    (id: number) => {
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('organizationId', String(id));
        return next;
      });
      toast('Organization changed', 'success');
    },
    [setParams, toast],
  );

  const session = useMemo<Session | null>(() => {
    if (!user || !selection || selection.kind !== 'selected') return null;
    const organization = user.userOrganizations.find((o) => o.id === selection.organizationId) ?? null;
    const roleById = new Map(user.roles.map((r) => [r.id, r]));
    const globalRole = user.userDetails.roleId !== null ? roleById.get(user.userDetails.roleId) : undefined;
    const orgRole = organization ? roleById.get(organization.roleId) : undefined;
    return {
      config,
      user,
      organization,
      permissions: effectivePermissions(globalRole?.permissions, orgRole?.permissions),
      roleName: (user.userDetails.isQubeUser ? globalRole?.name : orgRole?.name) ?? orgRole?.name ?? '',
      selectOrganization: selectOrg,
      logout: auth.logout,
    };
  }, [user, selection, config, selectOrg, auth.logout]);

  if (error) return <ErrorPanel title="The console could not load your account" onRetry={() => void refetch()} />;
  if (!user || !selection) {
    return (
      <main className="grid min-h-full place-items-center">
        <Spinner label="Loading your account" />
      </main>
    );
  }
  if (selection.kind === 'denied') return <Navigate to="/accessDenied?to=organization" replace />;
  if (selection.kind === 'none') return <Navigate to="/accessDenied" replace />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
