// Providers and the route table: pages outside sign-in, then the signed-in shell with the built screens.
import { useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useRouteError } from 'react-router';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, configureApiClient } from '@/api/client';
import { getClientConfig } from '@/api/get-client-config';
import { AuthProvider } from '@/auth/auth-provider';
import { createUserManager } from '@/auth/user-manager';
import type { ClientConfig } from '@/contracts/client-config';
import { routePermissions } from '@/domain/permissions';
import { PermissionGuard } from '@/ui/permission-guard';
import { Spinner } from '@/ui/spinner';
import { appStore, authFailureAtom, maintenanceAtom, newVersionAtom, useAtomValue } from '@/ui/state';
import { Toasts } from '@/ui/toasts';
import { AccessDeniedPage } from './pages/access-denied-page';
import { ErrorBoundary, SomethingWentWrong } from './pages/error-boundary';
import { reportError } from '@/ui/error-reporter';
import { ErrorPanel } from './pages/error-panel';
import { IndexRoute, NotFoundPage } from './pages/home-page';
import { IframeLoginRedirect } from './pages/iframe-login-redirect';
import { MaintenancePage } from './pages/maintenance-page';
import { UnsubscribePage } from './pages/unsubscribe-page';
import { preloadScreenAt, screens } from './route-registry';
import { DeepLinkGate } from './deep-link-gate';
import { EmissionLinkPage, InspectionLinkPage } from './pages/record-link-page';
import { SessionProvider } from './session-provider';
import { Shell } from './shell/shell';

/** React Router catches render and lazy-load errors itself: report them and show the spec's page. */
function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <SomethingWentWrong />;
}

function makeRouter(config: ClientConfig) {
  const userManager = createUserManager(config);
  configureApiClient({
    getAccessToken: () => currentToken,
    onVersion: (v) => {
      if (v !== config.version) appStore.set(newVersionAtom, true);
    },
    onAuthFailure: (status, detail) => {
      if (status === 503) appStore.set(maintenanceAtom, true);
      else appStore.set(authFailureAtom, { status, detail, at: Date.now() });
    },
    renewToken: async () => {
      try {
        const user = await userManager.signinSilent();
        return user?.access_token ?? null;
      } catch {
        return null;
      }
    },
  });
  userManager.events.addUserLoaded((u) => {
    currentToken = u.access_token;
  });
  userManager.events.addUserUnloaded(() => {
    currentToken = null;
  });

  const signedIn = (
    <AuthProvider userManager={userManager}>
      <Outlet />
    </AuthProvider>
  );
  return createBrowserRouter([
    { path: '/unsubscribe/:subscriptionToken', element: <UnsubscribePage />, errorElement: <RouteError /> },
    { path: '/iframe-login-redirect', element: <IframeLoginRedirect />, errorElement: <RouteError /> },
    {
      element: signedIn,
      errorElement: <RouteError />,
      children: [
        { path: '/signin-callback', element: <Spinner label="Signing in" /> },
        { path: '/accessDenied', element: <AccessDeniedPage config={config} /> },
        {
          element: (
            <SessionProvider config={config}>
              <Shell />
            </SessionProvider>
          ),
          children: [
            { index: true, element: <IndexRoute /> },
            ...screens.map((s) => {
              const guarded = (
                <PermissionGuard anyOf={routePermissions[s.routeName]}>
                  <s.Component />
                </PermissionGuard>
              );
              // The owner's organization is selected before the permissions are checked: they are that organization's.
              return {
                path: s.path,
                element: s.owner ? <DeepLinkGate owner={s.owner}>{guarded}</DeepLinkGate> : guarded,
              };
            }),
            {
              path: '/emission/:emissionId',
              element: (
                <DeepLinkGate owner={{ kind: 'emission', param: 'emissionId' }}>
                  <EmissionLinkPage />
                </DeepLinkGate>
              ),
            },
            {
              path: '/inspection/:inspectionId',
              element: (
                <DeepLinkGate owner={{ kind: 'inspection', param: 'inspectionId' }}>
                  <InspectionLinkPage />
                </DeepLinkGate>
              ),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

let currentToken: string | null = null;

export function App() {
  const [config, setConfig] = useState<ClientConfig | null>(null);
  const [failed, setFailed] = useState(false);
  const maintenance = useAtomValue(maintenanceAtom, { store: appStore });

  useEffect(() => {
    // The screen's code downloads alongside the configuration, sign-in and current user (issue 25).
    preloadScreenAt(window.location.pathname);
    getClientConfig().then(setConfig, (error: unknown) => {
      if (error instanceof ApiError && error.status === 503) appStore.set(maintenanceAtom, true);
      else setFailed(true);
    });
  }, []);

  const queryClient = useMemo(
    () =>
      new QueryClient({
        queryCache: new QueryCache(),
        defaultOptions: {
          queries: {
            retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
            refetchOnWindowFocus: false,
          },
        },
      }),
    [],
  );
  const router = useMemo(() => (config && !config.maintenance ? makeRouter(config) : null), [config]);

  if (maintenance || config?.maintenance) return <MaintenancePage />;
  if (failed) return <ErrorPanel title="The console could not start" onRetry={() => window.location.reload()} />;
  if (!router) {
    return (
      <main className="grid min-h-full place-items-center">
        <Spinner label="Starting" />
      </main>
    );
  }
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toasts />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
