// Runs the session state machine over oidc-client-ts and renders the sign-in states of spec 1 §4.
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UserManager } from 'oidc-client-ts';
import { postLogout } from '@/api/get-current-user';
import { Spinner } from '@/ui/spinner';
import { AuthContext, type AuthApi } from './auth-context';
import { recordSessionEvent } from './session-events';
import { SESSION_MESSAGES, sessionReducer, type SessionState } from './session-machine';
import { isEmbedded } from './user-manager';

interface ReturnState {
  returnTo: string;
}

export function AuthProvider({ userManager, children }: { userManager: UserManager; children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, { status: 'starting' } as SessionState);
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (location.pathname === '/signin-callback') {
          const user = await userManager.signinRedirectCallback();
          dispatch({ type: 'SIGNED_IN', accessToken: user.access_token, email: user.profile.email ?? null });
          const returnTo = (user.state as ReturnState | undefined)?.returnTo ?? '/';
          navigate(returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/', { replace: true });
          return;
        }
        // Raising 'user loaded' hands the stored token to the API client, as a fresh sign-in does.
        const user = await userManager.getUser(true);
        if (user && !user.expired)
          dispatch({ type: 'SIGNED_IN', accessToken: user.access_token, email: user.profile.email ?? null });
        else if (user?.refresh_token) {
          // Spec 1 §4: a refresh token with no session renews silently; a refused renewal is an expired session.
          try {
            const renewed = await userManager.signinSilent();
            if (renewed)
              dispatch({ type: 'SIGNED_IN', accessToken: renewed.access_token, email: renewed.profile.email ?? null });
            else dispatch({ type: 'SILENT_EMPTY' });
          } catch (error) {
            recordSessionEvent('renew-failed', error instanceof Error ? error.message : String(error));
            await userManager.removeUser();
            dispatch({ type: 'RENEW_FAILED' });
          }
        } else dispatch({ type: 'NO_USER', embedded: isEmbedded() });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        recordSessionEvent('sign-in-failed', message);
        dispatch({ type: 'SIGN_IN_FAILED', message });
      }
    })();
  }, [userManager, location.pathname, navigate]);

  useEffect(() => {
    const onLoaded = (user: { access_token: string }) =>
      dispatch({ type: 'TOKEN_RENEWED', accessToken: user.access_token });
    const onRenewError = (error: Error) => {
      recordSessionEvent('renew-failed', error.message);
      dispatch({ type: 'RENEW_FAILED' });
    };
    userManager.events.addUserLoaded(onLoaded);
    userManager.events.addSilentRenewError(onRenewError);
    return () => {
      userManager.events.removeUserLoaded(onLoaded);
      userManager.events.removeSilentRenewError(onRenewError);
    };
  }, [userManager]);

  // Signing in means leaving for the provider, remembering where the user was going.
  useEffect(() => {
    if (state.status !== 'signing-in') return;
    const returnTo = location.pathname === '/signin-callback' ? '/' : location.pathname + location.search;
    userManager.signinRedirect({ state: { returnTo } satisfies ReturnState }).catch((error: unknown) => {
      dispatch({ type: 'SIGN_IN_FAILED', message: error instanceof Error ? error.message : String(error) });
    });
  }, [state.status, userManager, location.pathname, location.search]);

  const popupSignIn = useCallback(async () => {
    try {
      const user = await userManager.signinPopup();
      dispatch({ type: 'SIGNED_IN', accessToken: user.access_token, email: user.profile.email ?? null });
    } catch (error) {
      dispatch({ type: 'SIGN_IN_FAILED', message: error instanceof Error ? error.message : String(error) });
    }
  }, [userManager]);

  const accessToken = state.status === 'signed-in' ? state.accessToken : null;
  const api = useMemo<AuthApi | null>(
    () =>
      accessToken
        ? {
            userManager,
            accessToken,
            logout: async () => {
              recordSessionEvent('signed-out', 'logout');
              await postLogout().catch(() => undefined);
              await userManager.signoutRedirect();
            },
            expire: () => {
              recordSessionEvent('renew-failed', 'API refused the token');
              void userManager.removeUser();
              dispatch({ type: 'RENEW_FAILED' });
            },
          }
        : null,
    [accessToken, userManager],
  );

  if (api) return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
  switch (state.status) {
    case 'embedded-sign-in':
      return (
        <SignInCard title="Welcome" text="Use the button below to sign in">
          <button type="button" className="btn btn-primary" onClick={() => void popupSignIn()}>
            Sign In
          </button>
        </SignInCard>
      );
    case 'expired':
      return (
        <SignInCard title="Session expired" text={SESSION_MESSAGES.expired}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => dispatch({ type: 'RETRY', embedded: isEmbedded() })}
          >
            Login
          </button>
        </SignInCard>
      );
    case 'error':
      return state.kind === 'invalid-saml' ? (
        <SignInCard title="Sign-in problem" text={SESSION_MESSAGES.invalidSaml}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => dispatch({ type: 'RETRY', embedded: isEmbedded() })}
          >
            Try Again
          </button>
        </SignInCard>
      ) : (
        <SignInCard title="Sign-in problem" text={SESSION_MESSAGES.unexpected}>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => dispatch({ type: 'RETRY', embedded: isEmbedded() })}
          >
            Try Again
          </button>
        </SignInCard>
      );
    default:
      return (
        <main className="grid min-h-full place-items-center">
          <Spinner label="Signing in" />
        </main>
      );
  }
}

export function SignInCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card w-full max-w-sm bg-base-100 shadow-md">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-2xl">{title}</h1>
          <p className="text-base-content/80">{text}</p>
          <div className="card-actions mt-2">{children}</div>
        </div>
      </section>
    </main>
  );
}
