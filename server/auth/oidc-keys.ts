// Signing and cookie keys of the built-in provider: generated once, kept under DATA_DIR/oidc, reused on restart.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface ProviderKeys {
  /** Private signing keys (JWK), RS256 first. */
  signing: JWK[];
  cookieKeys: string[];
}

export async function generateProviderKeys(): Promise<ProviderKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return {
    signing: [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const dir = path.join(dataDir, 'oidc');
  const file = path.join(dir, 'keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ProviderKeys;
  const keys = await generateProviderKeys();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/** The public halves, for verifying access tokens without a round trip to ourselves. */
export function publicJwks(keys: ProviderKeys): { keys: JWK[] } {
  return {
    keys: keys.signing.map(({ kty, n, e, crv, x, y, alg, kid, use }) =>
      Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, alg, kid, use }).filter(([, v]) => v !== undefined)) as JWK,
    ),
  };
}
