// The API in-process on a fresh database, with access tokens signed by a key made for the test run.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { mintAccessToken } from './tokens';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { createTestDatabase, type Engine, type TestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  tokenFor(userId: number, expiresIn?: string): Promise<string>;
  /** inject() as the given user. */
  as(userId: number, options: InjectOptions): Promise<LightMyRequestResponse>;
  revoked: number[];
  close(): Promise<void>;
}

export async function createTestApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const t: TestDatabase = await createTestDatabase(engine);
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:9997', STATIC_DIR: '', ...env });
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256', kid: 'test' }] });
  const revoked: number[] = [];
  const app = await buildApp({
    config,
    database: t.database,
    identityProvider: { mount: () => undefined, revokeAllForUser: async (id) => void revoked.push(id) },
    verifyToken: async (token) => {
      const { payload } = await jwtVerify(token, jwks, { issuer: config.oidcIssuer, audience: config.apiAudience });
      return { sub: String(payload.sub) };
    },
  });
  const privateJwk = { ...(await exportJWK(privateKey)), alg: 'RS256', kid: 'test' };
  const tokenFor = (userId: number, expiresIn = '5m') =>
    mintAccessToken({
      privateJwk,
      issuer: config.oidcIssuer,
      audience: config.apiAudience,
      sub: String(userId),
      expiresIn,
    });
  return {
    app,
    database: t.database,
    config,
    tokenFor,
    revoked,
    as: async (userId, options) =>
      app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), authorization: `Bearer ${await tokenFor(userId)}` },
      }),
    close: async () => {
      await app.close();
      await t.drop();
    },
  };
}

/** Small explicit fixtures: two organizations, roles and users of each kind. */
export async function insertFixtures(database: Database) {
  const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => database.query<T>(sql, params);
  const [orgA] = await q<{ id: number }>("INSERT INTO organizations (name) VALUES ('Alpha Energy') RETURNING id");
  const [orgB] = await q<{ id: number }>("INSERT INTO organizations (name) VALUES ('Bravo Midstream') RETURNING id");
  const [orgGone] = await q<{ id: number }>(
    "INSERT INTO organizations (name, deleted_at) VALUES ('Closed Resources', now()) RETURNING id",
  );
  const all = Array.from({ length: 26 }, (_, i) => i + 1);
  const [qubeAdmin] = await q<{ id: number }>(
    "INSERT INTO roles (name, kind, permissions) VALUES ('Qube Admin', 'qube', $1::jsonb) RETURNING id",
    [JSON.stringify(all)],
  );
  const role = async (name: string, org: number, permissions: number[]) =>
    (
      await q<{ id: number }>(
        "INSERT INTO roles (name, kind, organization_id, permissions) VALUES ($1, 'organization', $2, $3::jsonb) RETURNING id",
        [name, org, JSON.stringify(permissions)],
      )
    )[0]!.id;
  const adminA = await role('Administrator', orgA!.id, [8, 9, 10, 18, 21, 26]);
  const viewerA = await role('Viewer', orgA!.id, [3]);
  const adminB = await role('Administrator', orgB!.id, [8, 9, 10, 18, 21]);
  const adminGone = await role('Administrator', orgGone!.id, [18]);
  const user = async (email: string, isQube = false) =>
    (
      await q<{ id: number }>(
        'INSERT INTO users (email, cognito_user_id, is_qube_user, qube_role_id) VALUES ($1, $2, $3, $4) RETURNING id',
        [email, `c-${email}`, isQube, isQube ? qubeAdmin!.id : null],
      )
    )[0]!.id;
  const provider = await user('provider@example.com', true);
  const admin = await user('admin@example.com');
  const viewer = await user('viewer@example.com');
  const member = async (u: number, org: number, r: number) =>
    q('INSERT INTO user_organizations (user_id, organization_id, role_id) VALUES ($1, $2, $3)', [u, org, r]);
  await member(admin, orgA!.id, adminA);
  await member(admin, orgB!.id, adminB);
  await member(admin, orgGone!.id, adminGone);
  await member(viewer, orgA!.id, viewerA);
  await q(
    "INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, 'Pad 1', 31.9, -102.1), ($1, 'Pad 2', 31.91, -102.11), ($2, 'Station 9', 40.1, -80.2)",
    [orgA!.id, orgB!.id],
  );
  return {
    orgA: orgA!.id,
    orgB: orgB!.id,
    orgGone: orgGone!.id,
    provider,
    admin,
    viewer,
    roles: { qubeAdmin: qubeAdmin!.id, adminA, viewerA, adminB },
  };
}

/** A user whose role in the organization holds exactly `permissions`; returns the user id. */
export async function addMember(
  database: Database,
  organizationId: number,
  email: string,
  permissions: readonly number[],
): Promise<number> {
  const [role] = await database.query<{ id: number }>(
    "INSERT INTO roles (name, kind, organization_id, permissions) VALUES ($1, 'organization', $2, $3::jsonb) RETURNING id",
    [`Role of ${email}`, organizationId, JSON.stringify(permissions)],
  );
  const [user] = await database.query<{ id: number }>(
    'INSERT INTO users (email, cognito_user_id) VALUES ($1, $2) RETURNING id',
    [email, `c-${email}`],
  );
  await database.query('INSERT INTO user_organizations (user_id, organization_id, role_id) VALUES ($1, $2, $3)', [
    user!.id,
    organizationId,
    role!.id,
  ]);
  return user!.id;
}
