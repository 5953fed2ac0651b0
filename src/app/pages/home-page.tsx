// Landing for users who may open none of the built screens: who they are, where, and what they may do.
import { Navigate } from 'react-router';
import { hasAnyPermission, permissionName, routePermissions } from '@/domain/permissions';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { screens } from '../route-registry';

export function IndexRoute() {
  const session = useSession();
  const first = screens.find(
    (s) => s.inNav !== false && hasAnyPermission(session.permissions, routePermissions[s.routeName]),
  );
  if (first)
    return (
      <Navigate
        to={first.org && session.organization ? `${first.path}?organizationId=${session.organization.id}` : first.path}
        replace
      />
    );
  return <HomePage />;
}

export function HomePage() {
  const { user, organization, roleName, permissions } = useSession();
  const names = [...permissions].sort((a, b) => a - b).map((p) => permissionName(p));
  return (
    <>
      <PageHeader title="Home" />
      <div className="grid max-w-3xl gap-4 p-4">
        <section className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title">Welcome, {user.userDetails.userEmail}</h2>
            <p>
              You are working in <strong>{organization?.name ?? 'no organization'}</strong>
              {roleName ? (
                <>
                  {' '}
                  as <strong>{roleName}</strong>
                </>
              ) : null}
              .
            </p>
          </div>
        </section>
        <section className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title text-base">Your permissions here</h2>
            {names.length === 0 ? (
              <p className="text-base-content/70">
                Your role grants no administration permissions in this organization.
              </p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {names.map((n) => (
                  <li key={n} className="badge badge-outline">
                    {n}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </>
  );
}

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p className="p-4">There is no page at this address.</p>
    </>
  );
}
