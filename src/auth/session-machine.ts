// The sign-in session of spec 1 §4 as a pure reducer; the auth provider feeds it oidc-client-ts events.
export type SessionState =
  | { status: 'starting' }
  | { status: 'signing-in' }
  | { status: 'signed-in'; accessToken: string; email: string | null }
  /** Embedded in a frame: never redirect; show 'Welcome' with a Sign In button (popup). */
  | { status: 'embedded-sign-in' }
  | { status: 'expired' }
  | { status: 'error'; kind: 'unexpected' | 'invalid-saml' };

export type SessionEvent =
  | { type: 'NO_USER'; embedded: boolean }
  | { type: 'SIGNED_IN'; accessToken: string; email: string | null }
  | { type: 'TOKEN_RENEWED'; accessToken: string }
  | { type: 'RENEW_FAILED' }
  | { type: 'SILENT_EMPTY' }
  | { type: 'SIGN_IN_FAILED'; message: string }
  /** Login / Try Again: inside a frame, back to the Welcome page (sign-in there is a popup, never a redirect). */
  | { type: 'RETRY'; embedded: boolean };

export const SESSION_MESSAGES = {
  expired: 'Your session has expired, please login again.',
  unexpected: 'An unexpected error occurred while trying to login, please try again.',
  invalidSaml: 'Your account is not configured for SSO. Please try a different sign-in method, or contact support.',
} as const;

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'NO_USER':
      return event.embedded ? { status: 'embedded-sign-in' } : { status: 'signing-in' };
    case 'SIGNED_IN':
      return { status: 'signed-in', accessToken: event.accessToken, email: event.email };
    case 'TOKEN_RENEWED':
      return state.status === 'signed-in' ? { ...state, accessToken: event.accessToken } : state;
    case 'RENEW_FAILED':
      return { status: 'expired' };
    case 'SILENT_EMPTY':
      // Silent sign-in gave nothing back: start a new sign-in.
      return { status: 'signing-in' };
    case 'SIGN_IN_FAILED':
      return { status: 'error', kind: event.message.includes('Invalid SAML') ? 'invalid-saml' : 'unexpected' };
    case 'RETRY':
      return event.embedded ? { status: 'embedded-sign-in' } : { status: 'signing-in' };
  }
}
