// oidc-client-ts set up from the server's configuration. The signed-in user is stored locally (spec 1 §7), so a reload
// or a link opened in a new tab is signed in at once instead of passing through the provider; the refresh token renews
// an expired access token, and logout revokes it and removes the stored user.
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { ClientConfig } from '@/contracts/client-config';

export function createUserManager(config: ClientConfig, origin = window.location.origin): UserManager {
  const builtIn = new URL(config.oidcIssuer).origin === origin;
  return new UserManager({
    authority: config.oidcIssuer,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}/signin-callback`,
    popup_redirect_uri: `${origin}/iframe-login-redirect`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.oidcScope,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    revokeTokensOnSignout: true,
    automaticSilentRenew: true,
    // The built-in provider issues JWT access tokens for the API named by this resource indicator.
    ...(builtIn ? { extraQueryParams: { resource: config.apiAudience } } : {}),
  });
}

export const isEmbedded = (): boolean => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};
