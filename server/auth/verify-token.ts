// Access tokens are JWTs; the API checks signature, issuer, audience and expiry with jose.
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTVerifyGetKey } from 'jose';

export class InvalidTokenError extends Error {}

export function createTokenVerifier(opts: {
  issuer: string;
  audience: string;
  jwks?: { keys: JWK[] };
}): (token: string) => Promise<{ sub: string; email?: string }> {
  let keySet: JWTVerifyGetKey | null = opts.jwks ? createLocalJWKSet(opts.jwks) : null;
  async function getKeySet(): Promise<JWTVerifyGetKey> {
    if (keySet) return keySet;
    // An external provider publishes its keys at the jwks_uri of its discovery document.
    const res = await fetch(`${opts.issuer}/.well-known/openid-configuration`);
    if (!res.ok) throw new InvalidTokenError(`Cannot read the issuer's discovery document (${res.status})`);
    const discovery = (await res.json()) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new InvalidTokenError('The issuer publishes no jwks_uri');
    keySet = createRemoteJWKSet(new URL(discovery.jwks_uri));
    return keySet;
  }
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, await getKeySet(), {
        issuer: opts.issuer,
        audience: opts.audience,
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string') throw new InvalidTokenError('The token has no subject');
      return { sub: payload.sub, ...(typeof payload.email === 'string' ? { email: payload.email } : {}) };
    } catch (error) {
      throw error instanceof InvalidTokenError
        ? error
        : new InvalidTokenError(error instanceof Error ? error.message : 'Invalid token');
    }
  };
}
