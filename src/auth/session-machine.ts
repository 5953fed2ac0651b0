// The sign-in session of spec 1 §4 as a pure reducer; the auth provider feeds it oidc-client-ts outcomes.
export type SessionState =
  | { status: 'starting' }
  /** Leaving for the identity provider (redirect). */
  | { status: 'signing-in' }
  /** A refresh token but no usable session: silent renewal is running. */
  | { status: 'renewing' }
  | { status: 'signed-in'; accessToken: string; email: string | null }
  /** Embedded in a frame: never redirect; show 'Welcome' with a Sign In button (popup). */
  | { status: 'embedded-sign-in' }
  | { status: 'expired' }
  | { status: 'error'; kind: 'unexpected' | 'invalid-saml' };

export type SessionEvent =
  /** Start-up found no usable session. */
  | { type: 'NO_USER'; embedded: boolean; hasRefreshToken?: boolean }
  | { type: 'SIGNED_IN'; accessToken: string; email: string | null }
  | { type: 'TOKEN_RENEWED'; accessToken: string }
  | { type: 'RENEW_FAILED' }
  /** Silent sign-in answered without a user. */
  | { type: 'SILENT_EMPTY'; embedded?: boolean }
  | { type: 'SIGN_IN_FAILED'; message: string }
  /** Login / Try Again pressed. */
  | { type: 'RETRY'; embedded?: boolean };

export const SESSION_MESSAGES = {
  expired: 'Your session has expired, please login again.',
  unexpected: 'An unexpected error occurred while trying to login, please try again.',
  invalidSaml: 'Your account is not configured for SSO. Please try a different sign-in method, or contact support.',
} as const;

/** Inside a frame the console never redirects the frame to the provider; it offers the popup instead. */
const newSignIn = (embedded: boolean | undefined): SessionState => (embedded ? { status: 'embedded-sign-in' } : { status: 'signing-in' });

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'NO_USER':
      // No authentication and no refresh token: sign in; a refresh token without a session: renew silently.
      return event.hasRefreshToken ? { status: 'renewing' } : newSignIn(event.embedded);
    case 'SIGNED_IN':
      return { status: 'signed-in', accessToken: event.accessToken, email: event.email };
    case 'TOKEN_RENEWED':
      // Only a live session is refreshed; a late renewal never revives an expired or failed one.
      return state.status === 'signed-in' ? { ...state, accessToken: event.accessToken } : state;
    case 'RENEW_FAILED':
      return { status: 'expired' };
    case 'SILENT_EMPTY':
      // Silent sign-in gave nothing back: start a new sign-in.
      return newSignIn(event.embedded);
    case 'SIGN_IN_FAILED':
      return { status: 'error', kind: event.message.includes('Invalid SAML') ? 'invalid-saml' : 'unexpected' };
    case 'RETRY':
      return newSignIn(event.embedded);
  }
}

/** The text a signed-out state shows, or null for the states that show a spinner or the console. */
export function sessionMessage(state: SessionState): string | null {
  if (state.status === 'expired') return SESSION_MESSAGES.expired;
  if (state.status === 'error') return state.kind === 'invalid-saml' ? SESSION_MESSAGES.invalidSaml : SESSION_MESSAGES.unexpected;
  return null;
}
