// Walks every registered /api route: 401 without a token, 403 without the declared permission or outside the
// organization, never another organization's rows, and 400 (never 500) for out-of-range or wrong-type numbers and ids.
// New routes are covered because they are registered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTokenVerifier } from '../../server/auth/verify-token';
import type { RouteSpec } from '../../server/http/define-route';
import { seedDatabase } from '../../server/seed/seed';
import { saveApiKey } from '../../server/services/api-key';
import { PULL_API_ENDPOINTS, pullParameters } from '@/contracts/api-key';
import { API_ENDPOINT_CATEGORIES } from '@/domain/enums';
import { mintAccessToken } from '../helpers/tokens';
import { createTestDatabase, testEngines, type TestDatabase } from '../helpers/test-db';

interface Caller {
  email: string;
  token: string;
  isQubeUser: boolean;
  organizations: Set<number>;
}

function fillPath(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
}

function requestFor(spec: RouteSpec, organizationId: number) {
  const example = spec.example ?? {};
  const query: Record<string, string> = { ...(example.query ?? {}) };
  let body = example.body;
  const params: Record<string, string> = { ...(example.params ?? {}) };
  if (spec.orgScope) {
    const key = spec.orgScope.key;
    if (spec.orgScope.from === 'query') query[key] = String(organizationId);
    if (spec.orgScope.from === 'params') params[key] = String(organizationId);
    if (spec.orgScope.from === 'body')
      body = { ...((body as Record<string, unknown> | undefined) ?? {}), [key]: organizationId };
  }
  const qs = new URLSearchParams(query).toString();
  return {
    method: spec.method,
    url: fillPath(spec.url, params) + (qs ? `?${qs}` : ''),
    payload: body as Record<string, unknown> | undefined,
  };
}

type FieldKind = 'number' | 'numbers';
interface ZodDefLike {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;

/** Whether a field's schema ends in a number or an array of numbers (through optional, default, preprocess ...). */
function kindOf(schema: z.ZodType, depth = 0): FieldKind | null {
  if (depth > 10) return null;
  const def = defOf(schema);
  if (def.type === 'number' || def.type === 'int') return 'number';
  if (def.type === 'array' && def.element) return kindOf(def.element, depth + 1) === 'number' ? 'numbers' : null;
  if (def.innerType) return kindOf(def.innerType, depth + 1);
  if (def.type === 'pipe')
    return (def.out && kindOf(def.out, depth + 1)) ?? (def.in ? kindOf(def.in, depth + 1) : null);
  if (def.type === 'lazy' && def.getter) return kindOf(def.getter(), depth + 1);
  if (def.type === 'union' && def.options) {
    for (const o of def.options) {
      const k = kindOf(o, depth + 1);
      if (k) return k;
    }
  }
  return null;
}

/** The top-level numeric fields of a query, body or params schema (objects, intersections, unions of objects). */
function numericFields(
  schema: z.ZodType | undefined,
  out = new Map<string, FieldKind>(),
  depth = 0,
): Map<string, FieldKind> {
  if (!schema || depth > 10) return out;
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      const kind = kindOf(field);
      if (kind) out.set(key, kind);
    }
  } else if (def.type === 'intersection') {
    numericFields(def.left, out, depth + 1);
    numericFields(def.right, out, depth + 1);
  } else if (def.type === 'union' && def.options) {
    for (const o of def.options) numericFields(o, out, depth + 1);
  } else if (def.type === 'pipe') {
    numericFields(def.in, out, depth + 1);
    numericFields(def.out, out, depth + 1);
  } else if (def.innerType) {
    numericFields(def.innerType, out, depth + 1);
  }
  return out;
}

/** Out-of-range and wrong-type values: above int32, negative, not a number, fractional, beyond any range. */
const HOSTILE_NUMBERS: readonly unknown[] = [99_999_999_999, -1, 'abc', 1.5, 1e308];
const HOSTILE_TEXT: readonly string[] = ['99999999999', '-1', 'abc', '1.5', '1e308', 'Infinity', '0x7f'];
const isIdField = (key: string) => key === 'id' || /[a-z]Ids?$/.test(key);

/** Every organization id a JSON answer mentions, by the field names our contracts use for them. */
function mentionedOrganizations(value: unknown, out = new Set<number>(), parentKey = ''): Set<number> {
  if (Array.isArray(value)) {
    for (const item of value) mentionedOrganizations(item, out, parentKey);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'organizationId' || k === 'userOrganizationId') && typeof v === 'number') out.add(v);
      if (parentKey === 'userOrganizations' && k === 'id' && typeof v === 'number') out.add(v);
      mentionedOrganizations(v, out, k);
    }
  }
  return out;
}

describe.each(testEngines)('permission matrix on %s', (engine) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let privateJwk: JWK;
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:9998', STATIC_DIR: '' });
  const callers: Record<string, Caller> = {};
  let orgA = 0;
  let orgB = 0;

  async function tokenFor(userId: number) {
    return mintAccessToken({
      privateJwk,
      issuer: config.oidcIssuer,
      audience: config.apiAudience,
      sub: String(userId),
      expiresIn: '5m',
    });
  }

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seedDatabase(t.database, { orgs: 3, sites: 24, devices: 40, days: 1, seed: 11 });
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), alg: 'RS256', kid: 'matrix' };
    const publicJwk = { ...(await exportJWK(publicKey)), alg: 'RS256', kid: 'matrix' };
    app = await buildApp({
      config,
      database: t.database,
      identityProvider: { mount: () => undefined, revokeAllForUser: async () => undefined },
      verifyToken: createTokenVerifier({
        issuer: config.oidcIssuer,
        audience: config.apiAudience,
        jwks: { keys: [publicJwk] },
      }),
    });

    const orgs = await t.database.query<{ id: number }>(
      'SELECT id FROM organizations WHERE deleted_at IS NULL ORDER BY id',
    );
    orgA = orgs[0]!.id;
    orgB = orgs[1]!.id;
    // A member of organization A whose role grants nothing: the caller every permission check must refuse.
    const [role] = await t.database.query<{ id: number }>(
      "INSERT INTO roles (name, kind, organization_id, permissions) VALUES ('Nothing', 'organization', $1, '[]') RETURNING id",
      [orgA],
    );
    const [nobody] = await t.database.query<{ id: number }>(
      "INSERT INTO users (email, cognito_user_id) VALUES ('nobody@example.com', 'n0') RETURNING id",
    );
    await t.database.query('INSERT INTO user_organizations (user_id, organization_id, role_id) VALUES ($1, $2, $3)', [
      nobody!.id,
      orgA,
      role!.id,
    ]);

    const users = await t.database.query<{ id: number; email: string; is_qube_user: boolean; orgs: number[] | null }>(
      `SELECT u.id, u.email, u.is_qube_user,
              (SELECT json_agg(uo.organization_id) FROM user_organizations uo JOIN organizations o ON o.id = uo.organization_id
                WHERE uo.user_id = u.id AND o.deleted_at IS NULL) AS orgs
         FROM users u WHERE u.email IN ('provider.admin@example.com', 'org.admin@example.com', 'operator@example.com', 'viewer@example.com', 'nobody@example.com')`,
    );
    for (const u of users) {
      callers[u.email] = {
        email: u.email,
        token: await tokenFor(u.id),
        isQubeUser: u.is_qube_user,
        organizations: new Set(u.orgs ?? []),
      };
    }
    expect(Object.keys(callers)).toHaveLength(5);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('has routes to check', () => {
    expect(app.routeSpecs.filter((s) => s.access !== 'public').length).toBeGreaterThan(0);
  });

  it('answers 401 on every signed-in route without a token or with an expired one', async () => {
    const expired = await mintAccessToken({
      privateJwk,
      issuer: config.oidcIssuer,
      audience: config.apiAudience,
      sub: '1',
      expiresIn: '-1m',
    });
    for (const spec of app.routeSpecs.filter((s) => s.access !== 'public')) {
      const req = requestFor(spec, orgA);
      const none = await app.inject(req);
      expect(none.statusCode, `${spec.method} ${spec.url} without token`).toBe(401);
      const old = await app.inject({ ...req, headers: { authorization: `Bearer ${expired}` } });
      expect(old.statusCode, `${spec.method} ${spec.url} with expired token`).toBe(401);
    }
  });

  it('answers 403 to a member without the declared permission', async () => {
    const nobody = callers['nobody@example.com']!;
    for (const spec of app.routeSpecs.filter((s) => Array.isArray(s.access) && s.access.length > 0)) {
      const res = await app.inject({ ...requestFor(spec, orgA), headers: { authorization: `Bearer ${nobody.token}` } });
      expect(res.statusCode, `${spec.method} ${spec.url}`).toBe(403);
    }
  });

  it('answers 403 on every organization-scoped route for an organization the caller does not belong to', async () => {
    for (const email of ['operator@example.com', 'viewer@example.com', 'nobody@example.com']) {
      const caller = callers[email]!;
      expect(caller.organizations.has(orgB)).toBe(false);
      for (const spec of app.routeSpecs.filter((s) => s.access !== 'public' && s.orgScope)) {
        const res = await app.inject({
          ...requestFor(spec, orgB),
          headers: { authorization: `Bearer ${caller.token}` },
        });
        expect(res.statusCode, `${email}: ${spec.method} ${spec.url}`).toBe(403);
        expect(res.body).not.toMatch(/"id"\s*:/);
      }
    }
  });

  it("never returns another organization's rows from a GET", async () => {
    for (const caller of Object.values(callers).filter((c) => !c.isQubeUser)) {
      const own = [...caller.organizations][0] ?? orgA;
      for (const spec of app.routeSpecs.filter((s) => s.method === 'GET' && s.access !== 'public' && !s.raw)) {
        const res = await app.inject({
          ...requestFor(spec, own),
          headers: { authorization: `Bearer ${caller.token}` },
        });
        if (res.statusCode !== 200) continue;
        for (const id of mentionedOrganizations(res.json())) {
          expect(caller.organizations.has(id), `${caller.email}: ${spec.url} mentions organization ${id}`).toBe(true);
        }
      }
    }
  });

  it('answers the Pull API only with a key, only in its categories and only with its own organization', async () => {
    const pullSpecs = app.routeSpecs.filter((s) => s.access === 'apiKey');
    expect(pullSpecs.length).toBeGreaterThan(0);
    const form = {
      id: 0,
      organizationId: orgA,
      enabled: true,
      canAccessAllSites: true,
      siteGroupIds: [],
      canAccessHighFrequencyData: false,
      ch4RateDisplayUnitId: 1,
      ch4VolumeDisplayUnitId: 11,
      speedDisplayUnitId: 41,
    };
    const actor = { id: 1, email: 'matrix@example.com', permissions: new Set<number>() };
    const everything = (
      await t.database.transaction((tx) =>
        saveApiKey(tx, orgA, { ...form, name: 'Matrix all', apiEndpoints: [...API_ENDPOINT_CATEGORIES] }, actor),
      )
    ).apiKey!;
    const sitesOnly = (
      await t.database.transaction((tx) =>
        saveApiKey(tx, orgA, { ...form, name: 'Matrix sites', apiEndpoints: ['Sites'] }, actor),
      )
    ).apiKey!;
    const sites = await t.database.query<{ id: number; organization_id: number; name: string }>(
      'SELECT id, organization_id, name FROM sites WHERE deleted_at IS NULL ORDER BY id',
    );
    const ownSite = sites.find((s) => s.organization_id === orgA)!;
    const foreign = sites.filter((s) => s.organization_id !== orgA);
    const now = Date.now();
    for (const spec of pullSpecs) {
      const params = new URLSearchParams();
      const endpoint = Object.values(PULL_API_ENDPOINTS).find((e) => e.path === spec.url)!;
      for (const p of pullParameters(endpoint)) {
        if (p.name === 'startTime') params.set(p.name, new Date(now - 2 * 86_400_000).toISOString());
        if (p.name === 'endTime') params.set(p.name, new Date(now).toISOString());
        if (p.name === 'measurementType') params.set(p.name, 'CH4');
        if (p.name === 'siteId' && p.required) params.set(p.name, String(ownSite.id));
      }
      const url = `${spec.url}?${params.toString()}`;
      expect((await app.inject({ method: 'GET', url })).statusCode, `${url} without a key`).toBe(401);
      expect(
        (
          await app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${callers['provider.admin@example.com']!.token}` },
          })
        ).statusCode,
        `${url} with a user's token`,
      ).toBe(401);
      const limited = await app.inject({ method: 'GET', url, headers: { 'x-api-key': sitesOnly } });
      expect(limited.statusCode, `${url} with a Sites-only key`).toBe(spec.apiEndpoint === 'Sites' ? 200 : 403);
      const res = await app.inject({ method: 'GET', url, headers: { 'x-api-key': everything } });
      expect(res.statusCode, url).toBe(200);
      const answer = res.json() as { data: Record<string, unknown>[] };
      for (const row of answer.data) {
        const siteId = spec.apiEndpoint === 'Sites' ? row.id : row.siteId;
        if (siteId !== undefined)
          expect(
            foreign.map((s) => s.id),
            `${url} returns site ${String(siteId)}`,
          ).not.toContain(siteId);
      }
      if (params.has('siteId')) {
        // Another organization's site is not found, whatever the key allows.
        params.set('siteId', String(foreign[0]!.id));
        expect(
          (
            await app.inject({
              method: 'GET',
              url: `${spec.url}?${params.toString()}`,
              headers: { 'x-api-key': everything },
            })
          ).statusCode,
        ).toBe(404);
      }
    }
  });

  it('trusts the token and the database, not fields the client sends', async () => {
    const viewer = callers['viewer@example.com']!;
    const res = await app.inject({
      method: 'GET',
      url: `/api/user/currentUser/?organizationId=${orgB}&role=admin&permissions=1,2,3&isQubeUser=true`,
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { userDetails: { isQubeUser: boolean }; userOrganizations: { id: number }[] };
    expect(body.userDetails.isQubeUser).toBe(false);
    expect(body.userOrganizations.map((o) => o.id)).not.toContain(orgB);
  });
  it('answers 400 to out-of-range and wrong-type numbers and ids on every route, never 500', async () => {
    const actor = { id: 1, email: 'matrix@example.com', permissions: new Set<number>() };
    const form = {
      id: 0,
      organizationId: orgA,
      enabled: true,
      canAccessAllSites: true,
      siteGroupIds: [],
      canAccessHighFrequencyData: false,
      ch4RateDisplayUnitId: 1,
      ch4VolumeDisplayUnitId: 11,
      speedDisplayUnitId: 41,
    };
    const key = (
      await t.database.transaction((tx) =>
        saveApiKey(tx, orgA, { ...form, name: 'Matrix bounds', apiEndpoints: [...API_ENDPOINT_CATEGORIES] }, actor),
      )
    ).apiKey!;
    const admin = callers['provider.admin@example.com']!;
    const failures: string[] = [];
    let sent = 0;
    for (const spec of app.routeSpecs) {
      const headers: Record<string, string> =
        spec.access === 'public'
          ? {}
          : spec.access === 'apiKey'
            ? { 'x-api-key': key }
            : { authorization: `Bearer ${admin.token}` };
      const base = requestFor(spec, orgA);
      const example = spec.example ?? {};
      const locations: { from: 'query' | 'params' | 'body'; fields: Map<string, FieldKind> }[] = [
        { from: 'query', fields: numericFields(spec.query) },
        { from: 'params', fields: numericFields(spec.params) },
        { from: 'body', fields: spec.multipart ? new Map() : numericFields(spec.body) },
      ];
      // The organization id an org-scoped route reads may be outside its schema (multipart bodies, params).
      const scope = spec.orgScope;
      if (scope && !(scope.from === 'body' && spec.multipart)) {
        const at = locations.find((l) => l.from === scope.from)!;
        if (!at.fields.has(scope.key)) at.fields.set(scope.key, 'number');
      }
      for (const { from, fields } of locations) {
        for (const [field, kind] of fields) {
          const values: readonly unknown[] = from === 'body' ? HOSTILE_NUMBERS : HOSTILE_TEXT;
          for (const value of values) {
            let req = base;
            if (from === 'query') {
              const url = new URL(base.url, 'http://matrix');
              url.searchParams.set(field, String(value));
              req = { ...base, url: url.pathname + url.search };
            } else if (from === 'params') {
              const params: Record<string, string> = { ...(example.params ?? {}), [field]: String(value) };
              if (spec.orgScope && spec.orgScope.from === 'params' && field !== spec.orgScope.key)
                params[spec.orgScope.key] = String(orgA);
              req = {
                ...base,
                url: fillPath(spec.url, params) + (base.url.includes('?') ? base.url.slice(base.url.indexOf('?')) : ''),
              };
            } else {
              req = { ...base, payload: { ...(base.payload ?? {}), [field]: kind === 'numbers' ? [value] : value } };
            }
            const res = await app.inject({ ...req, headers });
            sent++;
            const what = `${spec.method} ${spec.url} ${from}.${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500) failures.push(what);
            else if (res.statusCode === 400 && /"request":\[/.test(res.body))
              failures.push(`${what} (refused by the database, not by a schema)`);
            else if (isIdField(field) && res.statusCode !== 400) failures.push(`${what} (an id must answer 400)`);
            else if (res.statusCode === 400 && !/"detail"/.test(res.body)) failures.push(`${what} (no message)`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
