import { useSearchParams, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { useAuth } from '@/auth/auth-context';
import type { ClientConfig } from '@/contracts/client-config';
import { accessDeniedText, type AccessDeniedTarget } from '@/domain/organization-selection';

export function AccessDeniedPage({ config }: { config: ClientConfig }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const { data: user } = useQuery(currentUserQueryOptions());
  const to = params.get('to');
  const target: AccessDeniedTarget = to === 'organization' || to === 'page' ? to : 'any';
  const belongsSomewhere = (user?.userOrganizations.length ?? 0) > 0;

  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card max-w-lg bg-base-100 shadow-md">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-2xl">Access denied</h1>
          <p className="text-base-content/80">{accessDeniedText(target, config.supportEmail)}</p>
          <div className="card-actions mt-2">
            {belongsSomewhere && (
              <button type="button" className="btn btn-primary" onClick={() => navigate('/', { replace: true })}>
                Overview
              </button>
            )}
            <button type="button" className="btn btn-outline" onClick={() => void auth.logout()}>
              Logout
            </button>
          </div>
        </div>
      </section>
    </main>
  );
}
