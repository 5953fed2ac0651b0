// Runs the session state machine over oidc-client-ts and renders the sign-in states of spec 1 §4.
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User, UserManager } from 'oidc-client-ts';
import { postLogout } from '@/api/get-current-user';
import { directNavigationState } from '@/components/navigation-state';
import { Spinner } from '@/components/spinner';
import { AuthContext, type AuthApi } from './auth-context';
import { recordSessionEvent } from './session-events';
import { sessionMessage, sessionReducer, type SessionState } from './session-machine';
import { isEmbedded, safeReturnTo } from './user-manager';

interface ReturnState {
  returnTo: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const signedIn = (user: User) => ({ type: 'SIGNED_IN', accessToken: user.access_token, email: user.profile.email ?? null }) as const;

export function AuthProvider({ userManager, children }: { userManager: UserManager; children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, { status: 'starting' } as SessionState);
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  const embedded = useMemo(isEmbedded, []);

  const fail = useCallback((error: unknown) => {
    const message = errorText(error);
    recordSessionEvent('sign-in-failed', message);
    dispatch({ type: 'SIGN_IN_FAILED', message });
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        if (location.pathname === '/signin-callback') {
          const user = await userManager.signinRedirectCallback();
          recordSessionEvent('signed-in', user.profile.sub);
          dispatch(signedIn(user));
          // Back where the user started; marked as typed-in so a page they may not open says so (permission guard).
          navigate(safeReturnTo((user.state as ReturnState | undefined)?.returnTo), { replace: true, state: directNavigationState });
          return;
        }
        const user = await userManager.getUser();
        if (user && !user.expired) dispatch(signedIn(user));
        else dispatch({ type: 'NO_USER', embedded, hasRefreshToken: Boolean(user?.refresh_token) });
      } catch (error) {
        fail(error);
      }
    })();
  }, [userManager, location.pathname, navigate, embedded, fail]);

  // Keep the token fresh; a failed automatic renewal ends the session (and is recorded).
  useEffect(() => {
    const onLoaded = (user: User) => dispatch({ type: 'TOKEN_RENEWED', accessToken: user.access_token });
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

  // A refresh token without a session: renew silently; nothing back means a fresh sign-in.
  useEffect(() => {
    if (state.status !== 'renewing') return;
    userManager.signinSilent().then(
      (user) => {
        if (user) dispatch(signedIn(user));
        else {
          recordSessionEvent('silent-empty', 'silent sign-in returned no user');
          dispatch({ type: 'SILENT_EMPTY', embedded });
        }
      },
      (error: unknown) => {
        recordSessionEvent('renew-failed', errorText(error));
        dispatch({ type: 'RENEW_FAILED' });
      },
    );
  }, [state.status, userManager, embedded]);

  // Signing in means leaving for the provider, remembering where the user was going.
  useEffect(() => {
    if (state.status !== 'signing-in') return;
    const returnTo = safeReturnTo(location.pathname + location.search);
    userManager.signinRedirect({ state: { returnTo } satisfies ReturnState }).catch(fail);
  }, [state.status, userManager, location.pathname, location.search, fail]);

  // Runs from the click itself: browsers block popups opened later.
  const popupSignIn = useCallback(async () => {
    try {
      const user = await userManager.signinPopup();
      recordSessionEvent('signed-in', user.profile.sub);
      dispatch(signedIn(user));
    } catch (error) {
      // Closing the popup is not an error: the Welcome page stays.
      if (/popup closed/i.test(errorText(error))) return;
      fail(error);
    }
  }, [userManager, fail]);

  const retry = useCallback(() => {
    if (embedded) void popupSignIn();
    else dispatch({ type: 'RETRY', embedded });
  }, [embedded, popupSignIn]);

  const accessToken = state.status === 'signed-in' ? state.accessToken : null;
  const email = state.status === 'signed-in' ? state.email : null;
  const api = useMemo<AuthApi | null>(
    () =>
      accessToken
        ? {
            userManager,
            accessToken,
            email,
            logout: async () => {
              recordSessionEvent('signed-out', 'logout');
              // The server revokes the user's grants; the redirect revokes this refresh token and ends the provider session.
              await postLogout().catch(() => undefined);
              try {
                await userManager.signoutRedirect();
              } catch (error) {
                recordSessionEvent('signed-out', `provider sign-out failed: ${errorText(error)}`);
                await userManager.removeUser();
                window.location.assign('/');
              }
            },
            expire: () => {
              recordSessionEvent('renew-failed', 'the API refused the token and renewal failed');
              void userManager.removeUser();
              dispatch({ type: 'RENEW_FAILED' });
            },
          }
        : null,
    [accessToken, email, userManager],
  );

  if (api) return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
  const message = sessionMessage(state);
  if (state.status === 'embedded-sign-in') {
    return (
      <SignInCard title="Welcome" text="Use the button below to sign in">
        <button type="button" className="btn btn-primary" onClick={() => void popupSignIn()}>
          Sign In
        </button>
      </SignInCard>
    );
  }
  if (state.status === 'expired' && message) {
    return (
      <SignInCard title="Session expired" text={message}>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Login
        </button>
      </SignInCard>
    );
  }
  if (state.status === 'error' && message) {
    return (
      <SignInCard title="Sign-in problem" text={message}>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Try Again
        </button>
      </SignInCard>
    );
  }
  return (
    <main className="grid min-h-full place-items-center">
      <h1 className="sr-only">Signing in</h1>
      <Spinner label="Signing in" />
    </main>
  );
}

export function SignInCard({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card w-full max-w-sm bg-base-100 shadow-md" aria-labelledby="sign-in-title">
        <div className="card-body items-center text-center">
          <h1 id="sign-in-title" className="card-title text-2xl">
            {title}
          </h1>
          <p className="text-base-content/80">{text}</p>
          <div className="card-actions mt-2">{children}</div>
        </div>
      </section>
    </main>
  );
}
