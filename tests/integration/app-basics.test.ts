// The app shell of the API: headers, maintenance switch, unknown routes, error format, public routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { clientConfigSchema, VERSION_HEADER } from '@/contracts/client-config';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

describe.each(testEngines)('API basics on %s', (engine) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:9999',
    ENV_NAME: 'staging',
    STATIC_DIR: '',
    APP_VERSION: '1.2.3',
  });

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.database.query(
      "INSERT INTO organizations (name, csp_frame_ancestor_domain) VALUES ('Framing Org', 'https://portal.example.org'), ('Deleted Org', 'https://gone.example.org')",
    );
    await t.database.query("UPDATE organizations SET deleted_at = now() WHERE name = 'Deleted Org'");
    const users = await t.database.query<{ id: number }>(
      "INSERT INTO users (email, cognito_user_id) VALUES ('u@example.com', 'c1') RETURNING id",
    );
    const orgs = await t.database.query<{ id: number }>("SELECT id FROM organizations WHERE name = 'Framing Org'");
    await t.database.query(
      "INSERT INTO notification_subscriptions (user_id, organization_id, token) VALUES ($1, $2, 'tok-123')",
      [users[0]!.id, orgs[0]!.id],
    );
    app = await buildApp({
      config,
      database: t.database,
      identityProvider: null,
      verifyToken: async () => {
        throw new Error('no tokens in this test');
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('serves the client configuration with the version header and security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.statusCode).toBe(200);
    const body = clientConfigSchema.parse(res.json());
    expect(body).toMatchObject({
      oidcIssuer: 'http://localhost:9999/oidc',
      environmentName: 'staging',
      isProduction: false,
      version: '1.2.3',
    });
    expect(res.headers[VERSION_HEADER]).toBe('1.2.3');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Only live organizations' domains may frame the console.
    expect(csp).toContain("frame-ancestors 'self' https://portal.example.org");
    expect(csp).not.toContain('gone.example.org');
  });

  it('answers unknown API routes with 404 in the error format', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing/here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found' });
  });

  it('refuses signed-in routes without a token, and with a bad one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/currentUser/' })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/currentUser/',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'The access token is invalid or expired' });
  });

  it('rejects malformed bodies with 400 and field errors', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notification/unsubscribe/',
      payload: { subscriptionToken: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('subscriptionToken');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/notification/unsubscribe/',
      payload: '{"subscriptionToken":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toContain('at '); // no stack trace
  });

  it('unsubscribes with a valid token, idempotently, and refuses an unknown one', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/notification/unsubscribe/',
      payload: { subscriptionToken: 'tok-123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ unsubscribed: true });
    const again = await app.inject({
      method: 'POST',
      url: '/api/notification/unsubscribe/',
      payload: { subscriptionToken: 'tok-123' },
    });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.query<{ unsubscribed_at: Date | null }>(
      "SELECT unsubscribed_at FROM notification_subscriptions WHERE token = 'tok-123'",
    );
    expect(rows[0]!.unsubscribed_at).not.toBeNull();
    const bad = await app.inject({
      method: 'POST',
      url: '/api/notification/unsubscribe/',
      payload: { subscriptionToken: 'nope' },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().detail).toMatch(/invalid or out of date/);
  });

  it('answers 503 under maintenance, except the configuration the page needs to show it', async () => {
    app.maintenance.on = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/user/currentUser/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Under Maintenance' });
      expect((await app.inject({ method: 'GET', url: '/api/config/' })).statusCode).toBe(200);
    } finally {
      app.maintenance.on = false;
    }
  });
});
