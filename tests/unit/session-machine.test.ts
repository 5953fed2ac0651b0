import { describe, expect, it } from 'vitest';
import { sessionReducer, type SessionState } from '@/auth/session-machine';

const start: SessionState = { status: 'starting' };

describe('session state machine (spec 1 §4)', () => {
  it('signs in, or shows the embedded sign-in page inside a frame', () => {
    expect(sessionReducer(start, { type: 'NO_USER', embedded: false })).toEqual({ status: 'signing-in' });
    expect(sessionReducer(start, { type: 'NO_USER', embedded: true })).toEqual({ status: 'embedded-sign-in' });
  });
  it('keeps the session fresh on renewal and expires it when renewal fails', () => {
    const signedIn = sessionReducer(start, { type: 'SIGNED_IN', accessToken: 'a', email: 'x@y.z' });
    expect(sessionReducer(signedIn, { type: 'TOKEN_RENEWED', accessToken: 'b' })).toEqual({
      status: 'signed-in',
      accessToken: 'b',
      email: 'x@y.z',
    });
    expect(sessionReducer(signedIn, { type: 'RENEW_FAILED' })).toEqual({ status: 'expired' });
    expect(sessionReducer({ status: 'expired' }, { type: 'TOKEN_RENEWED', accessToken: 'c' })).toEqual({
      status: 'expired',
    });
  });
  it('tells SSO misconfiguration apart from other sign-in errors', () => {
    expect(sessionReducer(start, { type: 'SIGN_IN_FAILED', message: 'Error: Invalid SAML response' })).toEqual({
      status: 'error',
      kind: 'invalid-saml',
    });
    expect(sessionReducer(start, { type: 'SIGN_IN_FAILED', message: 'network' })).toEqual({
      status: 'error',
      kind: 'unexpected',
    });
    expect(sessionReducer({ status: 'error', kind: 'unexpected' }, { type: 'RETRY', embedded: false })).toEqual({
      status: 'signing-in',
    });
    // Inside a frame, Try Again / Login go back to the Welcome page: never a redirect in the frame.
    expect(sessionReducer({ status: 'expired' }, { type: 'RETRY', embedded: true })).toEqual({
      status: 'embedded-sign-in',
    });
  });
  it('starts a new sign-in when silent sign-in returns nothing', () => {
    expect(sessionReducer({ status: 'signed-in', accessToken: 'a', email: null }, { type: 'SILENT_EMPTY' })).toEqual({
      status: 'signing-in',
    });
  });
});
