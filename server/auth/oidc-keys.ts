// Signing and cookie keys of the built-in provider: generated once and reused on restart. On PostgreSQL they live in
// the database (table oidc_keys), so every server process on it signs and verifies with the same keys; on the embedded
// database (one process) they are kept under DATA_DIR/oidc.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client';

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

const keysFile = (dataDir: string) => path.join(dataDir, 'oidc', 'keys.json');

export async function loadOrCreateProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const dir = path.join(dataDir, 'oidc');
  const file = keysFile(dataDir);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ProviderKeys;
  const keys = await generateProviderKeys();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/**
 * The keys every process on this database uses. PostgreSQL: the one row of oidc_keys; when there is none yet this
 * process offers its own (the DATA_DIR keys file when one exists, so moving an installation onto shared keys signs
 * nobody out; otherwise new keys) with INSERT … ON CONFLICT DO NOTHING and then reads the row back, so processes that
 * start together all end up with whichever offer landed first. PGlite: the DATA_DIR keys file, as before.
 */
export async function loadOrCreateSharedProviderKeys(database: Database, dataDir: string): Promise<ProviderKeys> {
  if (database.engine !== 'postgres') return loadOrCreateProviderKeys(dataDir);
  const read = async () =>
    (await database.query<{ keys: ProviderKeys }>('SELECT keys FROM oidc_keys WHERE id = 1'))[0]?.keys;
  const stored = await read();
  if (stored) return stored;
  const file = keysFile(dataDir);
  const offer = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as ProviderKeys)
    : await generateProviderKeys();
  await database.query('INSERT INTO oidc_keys (id, keys) VALUES (1, $1::jsonb) ON CONFLICT (id) DO NOTHING', [
    JSON.stringify(offer),
  ]);
  const agreed = await read();
  if (!agreed) throw new Error('The identity provider keys could not be stored in oidc_keys');
  return agreed;
}

/** The public halves, for verifying access tokens without a round trip to ourselves. */
export function publicJwks(keys: ProviderKeys): { keys: JWK[] } {
  return {
    keys: keys.signing.map(
      ({ kty, n, e, crv, x, y, alg, kid, use }) =>
        Object.fromEntries(
          Object.entries({ kty, n, e, crv, x, y, alg, kid, use }).filter(([, v]) => v !== undefined),
        ) as JWK,
    ),
  };
}
