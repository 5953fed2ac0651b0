// Turns a declared RouteSpec into a Fastify route: authentication, organization scope, permission, zod in and out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasAnyPermission } from '@/domain/permissions';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accessToOrganization, loadSignedInUser, permissionsAcrossOrganizations } from '../services/signed-in-user';
import { authenticateApiKey } from '../services/api-keys';
import { HttpError, type ApiKeyCaller, type RouteSpec, type SignedInUser } from './define-route';
import { expandDottedQuery } from './query';

export type VerifyToken = (token: string) => Promise<{ sub: string }>;

export interface RouteDeps {
  config: Config;
  database: Database;
  verifyToken: VerifyToken;
}

export function zodErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown, fallback: T): T {
  if (!schema) return fallback;
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'The request is not valid.', zodErrors(result.error));
  return result.data;
}

async function authenticate(request: FastifyRequest, deps: RouteDeps): Promise<SignedInUser> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, 'Authentication required');
  let sub: string;
  try {
    ({ sub } = await deps.verifyToken(match[1]!));
  } catch {
    throw new HttpError(401, 'The access token is invalid or expired');
  }
  const userId = Number(sub);
  const user = Number.isSafeInteger(userId) ? await loadSignedInUser(deps.database, userId) : null;
  if (!user) throw new HttpError(401, 'The access token is invalid or expired');
  return user;
}

function readOrganizationId(spec: RouteSpec, raw: { query: unknown; body: unknown; params: unknown }): number {
  if (!spec.orgScope) throw new Error('not org scoped');
  const source = raw[spec.orgScope.from] as Record<string, unknown> | undefined;
  const value = source?.[spec.orgScope.key];
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new HttpError(400, 'The request is not valid.', { [spec.orgScope.key]: ['A valid organization id is required'] });
  }
  return id;
}

export function registerRoute(app: FastifyInstance, spec: RouteSpec, deps: RouteDeps): void {
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const rawQuery = expandDottedQuery((request.query ?? {}) as Record<string, unknown>);
      const raw = { query: rawQuery, body: spec.multipart ? undefined : request.body, params: request.params };

      const apiKey: ApiKeyCaller | null = spec.access === 'apiKey' ? await authenticateApiKey(deps.database, request.headers, spec.apiEndpoint) : null;
      const user = spec.access === 'public' || apiKey ? null : await authenticate(request, deps);
      let organizationId: number | null = apiKey?.organizationId ?? null;
      let permissions = new Set<number>();
      if (user) {
        if (spec.orgScope) {
          organizationId = readOrganizationId(spec, raw);
          const access = await accessToOrganization(deps.database, user, organizationId);
          // Unknown and foreign organizations answer alike so ids cannot be probed.
          if (!access.ok) throw new HttpError(403, 'You do not have access to that organization');
          permissions = access.permissions;
        } else {
          permissions = permissionsAcrossOrganizations(user);
        }
        if (spec.access !== 'authenticated' && !hasAnyPermission(permissions, spec.access as readonly number[])) {
          throw new HttpError(403, 'You do not have permission to do that');
        }
      }

      const query = parseOrThrow(spec.query, rawQuery, {});
      const body = parseOrThrow(spec.body, raw.body, undefined);
      const params = parseOrThrow(spec.params, request.params, {});
      const result = await spec.handler({
        query,
        body,
        params,
        user,
        apiKey,
        organizationId,
        permissions,
        db: deps.database.db,
        database: deps.database,
        config: deps.config,
        request,
        reply,
      });
      if (spec.raw) return result;
      if (!spec.response) return result;
      // Answers are checked against their contract so nothing undeclared leaks out.
      return spec.response.parse(result);
    },
  });
}
