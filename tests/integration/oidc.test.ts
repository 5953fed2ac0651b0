// The built-in identity provider end to end over HTTP: login page, code + PKCE, JWT access tokens the API accepts,
// rotating refresh tokens, revocation, logout, and a restart that signs nobody out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createOidcProvider, mountOidc } from '../../server/auth/oidc-provider';
import { generateProviderKeys, type ProviderKeys } from '../../server/auth/oidc-keys';
import { hashPassword } from '../../server/auth/password';
import { createTokenVerifier } from '../../server/auth/verify-token';
import type { Database } from '../../server/db/client';
import { freePort } from '../helpers/server-process';
import { authorize, FlowError, refresh, signInWithPassword } from '../helpers/oidc-flow';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

async function startApp(config: Config, database: Database, keys: ProviderKeys): Promise<FastifyInstance> {
  const oidc = await createOidcProvider({ config, database, keys });
  const app = await buildApp({
    config,
    database,
    identityProvider: { mount: (a) => mountOidc(a, oidc), revokeAllForUser: (id) => oidc.revokeAllForUser(id) },
    verifyToken: createTokenVerifier({
      issuer: config.oidcIssuer,
      audience: config.apiAudience,
      jwks: oidc.publicJwks,
    }),
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  return app;
}

describe.each(testEngines)('built-in identity provider on %s', (engine) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let config: Config;
  let keys: ProviderKeys;
  let origin: string;
  const email = 'ops@example.com';

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    config = loadConfig({ PORT: String(port), PUBLIC_URL: origin, STATIC_DIR: '' });
    keys = await generateProviderKeys();
    await t.database.query("INSERT INTO users (email, password_hash, cognito_user_id) VALUES ($1, $2, 'c-ops')", [
      email,
      await hashPassword('demo-password'),
    ]);
    app = await startApp(config, t.database, keys);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const api = (token: string) =>
    fetch(`${origin}/api/user/currentUser/`, { headers: { authorization: `Bearer ${token}` } });

  it('serves its discovery document under the public URL', async () => {
    const res = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    const doc = (await res.json()) as {
      issuer: string;
      token_endpoint: string;
      code_challenge_methods_supported: string[];
    };
    expect(doc.issuer).toBe(`${origin}/oidc`);
    expect(doc.token_endpoint).toBe(`${origin}/oidc/token`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('refuses a wrong password on its own login page', async () => {
    const err = await signInWithPassword({ origin, email, password: 'not-the-password' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FlowError);
    expect((err as FlowError).status).toBe(401);
    expect((err as FlowError).body).toContain('Incorrect email or password.');
    const unknown = await signInWithPassword({ origin, email: 'nobody@example.com', password: 'demo-password' }).catch(
      (e: unknown) => e,
    );
    expect((unknown as FlowError).body).toContain('Incorrect email or password.');
  });

  it('makes a user with a temporary password choose their own before signing in', async () => {
    const temp = 'Temporary1';
    await t.database.query(
      "INSERT INTO users (email, password_hash, user_status, cognito_user_id) VALUES ('new.hire@example.com', $1, 'FORCE_CHANGE_PASSWORD', 'c-new')",
      [await hashPassword(temp)],
    );
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => Promise.reject(new Error('expected the sign-in to fail')),
        (e: unknown) => e as FlowError,
      );
    const asked = await failure(signInWithPassword({ origin, email: 'new.hire@example.com', password: temp }));
    expect(asked.message).toBe('new password required');
    expect(asked.body).toContain('At least 8 characters with an upper-case letter, a lower-case letter and a digit');
    const weak = await failure(
      signInWithPassword({ origin, email: 'new.hire@example.com', password: temp, newPassword: 'short' }),
    );
    expect(weak.message).toBe('new password refused');
    expect(weak.body).toContain('At least 8 characters');
    const same = await failure(
      signInWithPassword({ origin, email: 'new.hire@example.com', password: temp, newPassword: temp }),
    );
    expect(same.body).toContain('Choose a password other than the temporary one.');
    const tokens = await signInWithPassword({
      origin,
      email: 'new.hire@example.com',
      password: temp,
      newPassword: 'MyOwnPass42',
    });
    expect((await api(tokens.accessToken)).status).toBe(200);
    const [row] = await t.database.query<{ user_status: string }>(
      "SELECT user_status FROM users WHERE email = 'new.hire@example.com'",
    );
    expect(row!.user_status).toBe('CONFIRMED');
    // The temporary password is gone; the chosen one signs in directly.
    expect(
      (
        (await signInWithPassword({ origin, email: 'new.hire@example.com', password: temp }).catch(
          (e: unknown) => e,
        )) as FlowError
      ).status,
    ).toBe(401);
    await expect(
      signInWithPassword({ origin, email: 'new.hire@example.com', password: 'MyOwnPass42' }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('insists on PKCE', async () => {
    const err = await authorize({ origin, email, password: 'demo-password', withoutPkce: true }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FlowError);
    expect((err as FlowError).message).toMatch(/invalid_request/);
  });

  it('issues a JWT access token for the API that the API accepts, and refuses a tampered one', async () => {
    const tokens = await signInWithPassword({ origin, email, password: 'demo-password', resource: config.apiAudience });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims.aud).toBe(config.apiAudience);
    expect(claims.iss).toBe(config.oidcIssuer);
    expect(tokens.refreshToken).toBeTruthy();
    const res = await api(tokens.accessToken);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { userDetails: { userEmail: string } }).userDetails.userEmail).toBe(email);
    const [h, p, s] = tokens.accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
    expect((await api(`${h}.${forged}.${s}`)).status).toBe(401);
    expect((await api(`${h}.${p}.${s.slice(0, -4)}AAAA`)).status).toBe(401);
  });

  it('rotates refresh tokens: the old one then fails with invalid_grant', async () => {
    const tokens = await signInWithPassword({ origin, email, password: 'demo-password' });
    const first = await refresh(origin, tokens.refreshToken!);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.refreshToken);
    expect((await api(first.body.access_token!)).status).toBe(200);
    const replay = await refresh(origin, tokens.refreshToken!);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('revokes a refresh token at the revocation endpoint', async () => {
    const tokens = await signInWithPassword({ origin, email, password: 'demo-password' });
    const res = await fetch(`${origin}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refreshToken!,
        token_type_hint: 'refresh_token',
        client_id: 'emissions-console',
      }).toString(),
    });
    expect(res.status).toBe(200);
    // oidc-client-ts refuses a text/plain answer here, which would break logout in the browser.
    expect(res.headers.get('content-type')).toBeNull();
    expect((await refresh(origin, tokens.refreshToken!)).body.error).toBe('invalid_grant');
  });

  it('logout revokes every refresh token of the user', async () => {
    const tokens = await signInWithPassword({ origin, email, password: 'demo-password' });
    const out = await fetch(`${origin}/api/user/logout/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(out.status).toBe(200);
    expect((await refresh(origin, tokens.refreshToken!)).body.error).toBe('invalid_grant');
  });

  it('keeps sessions across a restart on the same database and keys', async () => {
    const tokens = await signInWithPassword({ origin, email, password: 'demo-password' });
    await app.close();
    app = await startApp(config, t.database, keys);
    // The client's pooled connection to the old server may be gone; the first request may fail on it.
    await fetch(`${origin}/api/config/`).catch(() => undefined);
    const after = await refresh(origin, tokens.refreshToken!);
    expect(after.status).toBe(200);
    expect((await api(after.body.access_token!)).status).toBe(200);
  });
});
