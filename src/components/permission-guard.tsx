// Renders its children only when the user holds any one of the permissions (spec 1 §6), with a spinner while the
// session loads. Otherwise: a page the user asked for directly (typed address, bookmark, return from sign-in) goes to
// the access-denied page, which says why and whom to ask; a page reached from inside the console (an organization
// switch to one where the role lacks the permission, a stale link) goes to /, which lands on a page they may open.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasAnyPermission } from '@/domain/permissions';
import { isDirectNavigation } from './navigation-state';
import { useOptionalSession } from './session-context';
import { Spinner } from './spinner';

export function PermissionGuard({ anyOf, children }: { anyOf: readonly number[]; children: ReactNode }) {
  const session = useOptionalSession();
  const location = useLocation();
  if (!session) {
    return (
      <div className="p-6">
        <Spinner />
      </div>
    );
  }
  if (hasAnyPermission(session.permissions, anyOf)) return <>{children}</>;
  return <Navigate to={isDirectNavigation(location) ? '/accessDenied?to=page' : '/'} replace />;
}
