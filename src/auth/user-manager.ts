// oidc-client-ts set up from the server's configuration; tokens stay in memory only.
import { InMemoryWebStorage, UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { ClientConfig } from '@/contracts/client-config';

export function userManagerSettings(config: ClientConfig, origin: string): UserManagerSettings {
  return {
    authority: config.oidcIssuer,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}/signin-callback`,
    popup_redirect_uri: `${origin}/iframe-login-redirect`,
    // Used only when no refresh token exists (providers that issue none): the same page answers inside the iframe.
    silent_redirect_uri: `${origin}/iframe-login-redirect`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.oidcScope,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    revokeTokensOnSignout: true,
    // Renews before expiry, with the refresh token when there is one.
    automaticSilentRenew: true,
    // Access tokens are JWTs for the API named by this resource indicator.
    ...(config.apiAudience ? { extraQueryParams: { resource: config.apiAudience } } : {}),
  };
}

export function createUserManager(config: ClientConfig, origin = window.location.origin): UserManager {
  return new UserManager(userManagerSettings(config, origin));
}

export const isEmbedded = (): boolean => {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent refuses the comparison: framed all the same.
    return true;
  }
};

/** The return address kept in the OIDC state: only paths of this console, never another origin. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/signin-callback') || value.startsWith('/iframe-login-redirect')) return '/';
  return value;
}
