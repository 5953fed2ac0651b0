// The signed-in frame: navigation bar, banners, organization switcher, account menu, and the page.
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/auth/auth-context';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { Icon } from '@/ui/icons';
import { useMediaQuery } from '@/ui/hooks/use-media-query';
import { authFailureAtom, searchDrawerAtom, useAtom } from '@/ui/state';
import { AccountMenu } from './account-menu';
import { Banners } from './banners';
import { NavBar } from './nav-bar';
import { OrganizationSwitcher } from './organization-switcher';
import { SearchDrawer } from './search-drawer';
import { screens } from '../route-registry';

export const WIDE_SCREEN = '(min-width: 768px)';

export function Shell() {
  const session = useSession();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useAtom(authFailureAtom);
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useAtom(searchDrawerAtom(session.user.userDetails.userId));
  // Pinning is for wide screens; on small ones the drawer overlays the page and starts closed.
  const wide = useMediaQuery(WIDE_SCREEN);
  const [smallOpen, setSmallOpen] = useState(false);
  const pinned = wide && drawer.pinned;
  const open = wide ? drawer.open : smallOpen;
  const setOpen = (next: boolean) => (wide ? setDrawer({ ...drawer, open: next }) : setSmallOpen(next));
  useEffect(() => {
    if (!open || pinned) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Org routes always carry the selected organization in the query (spec 1 §2).
  const orgId = session.organization?.id;
  const onOrgRoute = screens.some((s) => s.org && s.path === location.pathname);
  useEffect(() => {
    if (onOrgRoute && orgId !== undefined && params.get('organizationId') !== String(orgId)) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('organizationId', String(orgId));
          return next;
        },
        { replace: true },
      );
    }
  }, [onOrgRoute, orgId, params, setParams]);

  // 401 after renewal: the session is over; 403: access denied (spec 1 §4).
  useEffect(() => {
    if (!failure) return;
    setFailure(null);
    if (failure.status === 401) auth.expire();
    else
      navigate(`/accessDenied?to=${/organization/i.test(failure.detail) ? 'organization' : 'page'}`, { replace: true });
  }, [failure, setFailure, auth, navigate]);

  return (
    <div className="flex h-full min-h-0">
      <NavBar />
      {open && pinned && (
        <SearchDrawer pinned onPin={(p) => setDrawer({ ...drawer, pinned: p })} onClose={() => setOpen(false)} />
      )}
      <div className="relative flex min-w-0 flex-1 flex-col">
        {open && !pinned && (
          <div className="absolute inset-y-0 left-0 z-40 shadow-xl">
            <SearchDrawer
              pinned={false}
              onPin={(p) => setDrawer({ open: true, pinned: p })}
              onClose={() => setOpen(false)}
            />
          </div>
        )}
        <Banners />
        <header className="flex items-center gap-3 border-b border-base-300 bg-base-100 px-4 py-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={open}
            aria-label={open ? 'Close search' : 'Search sites and devices'}
            onClick={() => setOpen(!open)}
          >
            <Icon name="search" className="h-4 w-4" />
            <span className="hidden sm:inline">Search</span>
          </button>
          <span className="text-sm text-base-content/70">{session.organization?.name}</span>
          <div className="ml-auto flex items-center gap-2">
            <OrganizationSwitcher />
            <AccountMenu />
          </div>
        </header>
        <main id="main" className="min-h-0 flex-1 overflow-auto bg-base-100" key={location.pathname}>
          <Suspense
            fallback={
              <div className="p-6">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
