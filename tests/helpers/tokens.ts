// Access tokens signed like the built-in provider's, for API tests that need no browser flow.
import { importJWK, SignJWT, type JWK } from 'jose';

export async function mintAccessToken(opts: {
  privateJwk: JWK;
  issuer: string;
  audience: string;
  sub: string;
  expiresIn: string;
}): Promise<string> {
  const key = await importJWK(opts.privateJwk, 'RS256');
  return new SignJWT({ scope: 'api' })
    .setProtectedHeader({ alg: 'RS256', kid: opts.privateJwk.kid ?? 'test' })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setSubject(opts.sub)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn)
    .sign(key);
}
