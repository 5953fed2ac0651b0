// Turns a declared RouteSpec into a Fastify route: authentication, organization scope, permission, zod in and out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INT32_MAX } from '@/contracts/bounds';
import { hasAnyPermission } from '@/domain/permissions';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accessToOrganization, loadSignedInUser, permissionsAcrossOrganizations } from '../services/signed-in-user';
import { authenticateApiKey } from '../services/api-key';
import { type RouteSpec } from './define-route';
import type { ApiKeyCaller, SignedInUser } from '../services/callers';
import { DomainError, parseOrThrow } from '../services/errors';
import { expandDottedQuery } from './query';
import { answerCacheFor } from './answer-cache';

/** The tables loadSignedInUser reads. */
const SIGNED_IN_USER_TABLES = ['users', 'roles', 'user_organizations', 'organizations'] as const;

export type VerifyToken = (token: string) => Promise<{ sub: string }>;

export interface RouteDeps {
  config: Config;
  database: Database;
  verifyToken: VerifyToken;
}

/** Tokens whose signature, issuer and audience were checked, with their subject, until they expire. */
const verifiedTokens = new WeakMap<VerifyToken, Map<string, { sub: string; expiresAt: number }>>();
const MAX_VERIFIED_TOKENS = 10_000;

/** The token's expiry (exp, seconds) from its payload; only read after the signature was verified. */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** An RS256 check costs ~0.1 ms of the event loop per request; a token already checked is not checked again. */
async function verifiedSubject(token: string, verifyToken: VerifyToken): Promise<string> {
  // Per verifier: a token one server (or test app) accepted says nothing to another with other keys.
  let checked = verifiedTokens.get(verifyToken);
  if (!checked) verifiedTokens.set(verifyToken, (checked = new Map()));
  const known = checked.get(token);
  if (known && known.expiresAt > Date.now()) return known.sub;
  if (known) checked.delete(token);
  const { sub } = await verifyToken(token);
  const expiresAt = expiryOf(token);
  if (expiresAt > Date.now()) {
    if (checked.size >= MAX_VERIFIED_TOKENS) checked.delete(checked.keys().next().value!);
    checked.set(token, { sub, expiresAt });
  }
  return sub;
}

async function authenticate(request: FastifyRequest, deps: RouteDeps): Promise<SignedInUser> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new DomainError('Unauthenticated', 'Authentication required');
  let sub: string;
  try {
    sub = await verifiedSubject(match[1]!, deps.verifyToken);
  } catch {
    throw new DomainError('Unauthenticated', 'The access token is invalid or expired');
  }
  const userId = Number(sub);
  // Who the user is and where they are a member is reused until one of the tables it comes from is written.
  const user =
    Number.isSafeInteger(userId) && userId > 0 && userId <= INT32_MAX
      ? await answerCacheFor(deps.database).memo(`user:${userId}`, SIGNED_IN_USER_TABLES, () =>
          loadSignedInUser(deps.database, userId),
        )
      : null;
  if (!user) throw new DomainError('Unauthenticated', 'The access token is invalid or expired');
  return user;
}

function readOrganizationId(spec: RouteSpec, raw: { query: unknown; body: unknown; params: unknown }): number {
  if (!spec.orgScope) throw new Error('not org scoped');
  const source = raw[spec.orgScope.from] as Record<string, unknown> | undefined;
  const value = source?.[spec.orgScope.key];
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  // Organization ids are int32 columns: a larger one would fail in PostgreSQL rather than here.
  if (!Number.isSafeInteger(id) || id <= 0 || id > INT32_MAX) {
    throw new DomainError('Invalid', 'The request is not valid.', {
      [spec.orgScope.key]: ['A valid organization id is required'],
    });
  }
  return id;
}

/**
 * PostgreSQL data exceptions caused by a value the client sent (a number out of an int column's range, text that is
 * not a number or date, a NUL byte, an over-long value). The schemas in src/contracts/bounds.ts should stop these
 * first; this turns any that slips through into a 400 rather than a 500.
 */
const CLIENT_DATA_ERRORS: Readonly<Record<string, string>> = {
  '22003': 'A number is out of range',
  '22P02': 'A value is not valid for its type',
  '22001': 'A value is too long',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22021': 'A text value contains a character that cannot be stored',
  '22P05': 'A text value contains a character that cannot be stored',
  '54000': 'A value is too large',
};

export function clientDataError(error: unknown): DomainError | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = typeof code === 'string' ? CLIENT_DATA_ERRORS[code] : undefined;
  return message ? new DomainError('Invalid', 'The request is not valid.', { request: [message] }) : null;
}

export function registerRoute(app: FastifyInstance, spec: RouteSpec, deps: RouteDeps): void {
  const cacheable = spec.cached === true && spec.method === 'GET' && !spec.raw;
  app.route({
    method: spec.method,
    // The app's hook marks every API answer no-store; a cached answer may be kept by the browser and revalidated with
    // its ETag (If-None-Match → 304).
    ...(spec.cached
      ? {
          onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => (
            reply.header('cache-control', 'private, no-cache'),
            payload
          ),
        }
      : {}),
    url: spec.url,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const rawQuery = expandDottedQuery((request.query ?? {}) as Record<string, unknown>);
      const raw = { query: rawQuery, body: spec.multipart ? undefined : request.body, params: request.params };

      const apiKey: ApiKeyCaller | null =
        spec.access === 'apiKey' ? await authenticateApiKey(deps.database, request.headers, spec.apiEndpoint) : null;
      const user = spec.access === 'public' || apiKey ? null : await authenticate(request, deps);
      let organizationId: number | null = apiKey?.organizationId ?? null;
      let permissions = new Set<number>();
      if (user) {
        if (spec.orgScope) {
          organizationId = readOrganizationId(spec, raw);
          const cache = answerCacheFor(deps.database);
          const exists = (id: number) =>
            cache.memo(
              `organization:${id}`,
              ['organizations'],
              async () => (await deps.database.query('SELECT 1 FROM organizations WHERE id = $1', [id])).length > 0,
            );
          const access = await accessToOrganization(deps.database, user, organizationId, exists);
          // Unknown and foreign organizations answer alike so ids cannot be probed.
          if (!access.ok) throw new DomainError('Forbidden', 'You do not have access to that organization');
          permissions = access.permissions;
        } else {
          permissions = permissionsAcrossOrganizations(user);
        }
        if (spec.access !== 'authenticated' && !hasAnyPermission(permissions, spec.access as readonly number[])) {
          throw new DomainError('Forbidden', 'You do not have permission to do that');
        }
      }

      const query = parseOrThrow(spec.query, rawQuery, {});
      const body = parseOrThrow(spec.body, raw.body, undefined);
      const params = parseOrThrow(spec.params, request.params, {});
      const run = async (database: Database): Promise<unknown> => {
        let result: unknown;
        try {
          result = await spec.handler({
            query,
            body,
            params,
            user,
            apiKey,
            organizationId,
            permissions,
            database,
            config: deps.config,
            request,
            reply,
          });
        } catch (e) {
          const refused = clientDataError(e);
          if (refused) {
            request.log.warn({ err: e }, 'a database data error answered 400: a schema bound is missing');
            throw refused;
          }
          throw e;
        }
        if (spec.raw) return result;
        if (!spec.response) return result;
        // Answers are checked against their contract so nothing undeclared leaks out.
        return spec.response.parse(result);
      };
      if (!cacheable) return run(deps.database);
      // The caller is checked above on every request; an answer is shared only by identical requests of one caller.
      const cache = answerCacheFor(deps.database);
      const memberships = user ? [...user.memberships.keys()].sort((a, b) => a - b).join(',') : '';
      const key = `${user?.id ?? 0}:${apiKey?.id ?? 0}:${memberships}:${[...permissions].sort((a, b) => a - b).join(',')}:${request.url}`;
      return cache.send(request, reply, await cache.answer(key, run));
    },
  });
}
