// Renders its children only when the user holds any one of the permissions (spec 1 §6); otherwise leaves for the
// access-denied page, which says why (a silent bounce to / left people guessing).
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasAnyPermission } from '@/domain/permissions';
import { useSession } from './session-context';

export function PermissionGuard({ anyOf, children }: { anyOf: readonly number[]; children: ReactNode }) {
  const { permissions } = useSession();
  if (!hasAnyPermission(permissions, anyOf)) return <Navigate to="/accessDenied?to=page" replace />;
  return <>{children}</>;
}
