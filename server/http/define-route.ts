// Every /api route is declared with its zod input/output, the permission it needs and its organization scope,
// so the permission matrix test can walk all of them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '@/domain/permissions';
import type { ApiEndpointCategory } from '@/domain/api-keys';
import type { Database } from '../db/client';
import type { Config } from '../config';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - 'public': no token (configuration, unsubscribe links);
 * - 'authenticated': any signed-in user;
 * - a list of permissions: any one of them (spec 1 §6 guard rule);
 * - 'apiKey': the Pull API, called with an organization's API key (header X-Api-Key), no user.
 */
export type Access = 'public' | 'authenticated' | 'apiKey' | readonly Permission[];

/** The API key a Pull API call was made with (server/services/api-keys.ts checks it). */
export interface ApiKeyCaller {
  id: number;
  organizationId: number;
  apiEndpoints: readonly string[];
  canAccessAllSites: boolean;
  canAccessHighFrequencyData: boolean;
  ch4RateDisplayUnitId: number;
  ch4VolumeDisplayUnitId: number;
  speedDisplayUnitId: number;
}

/** Where an organization-scoped route reads the organization id from. */
export type OrgScope = false | { from: 'query' | 'body' | 'params'; key: string };

export interface SignedInUser {
  id: number;
  email: string;
  isQubeUser: boolean;
  /** Global role permissions (provider staff). */
  globalPermissions: ReadonlySet<number>;
  /** Organization memberships, including deleted organizations (flagged). */
  memberships: ReadonlyMap<number, { roleId: number; permissions: ReadonlySet<number>; deleted: boolean }>;
}

export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  /** Null only on public and API key routes. */
  user: SignedInUser | null;
  /** The key of an 'apiKey' route; its organization is organizationId. */
  apiKey: ApiKeyCaller | null;
  /** The organization the call is scoped to (checked against the user's memberships), or null. */
  organizationId: number | null;
  /** Effective permissions for this call: global role ∪ role in the scoped organization. */
  permissions: ReadonlySet<number>;
  database: Database;
  config: Config;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<Q = unknown, B = unknown, P = unknown, R = unknown> {
  method: HttpMethod;
  /** Path as the spec lists it, e.g. '/api/user/currentUser/'. */
  url: string;
  access: Access;
  /** 'apiKey' routes: the endpoint category the key must allow (spec 3 §3). */
  apiEndpoint?: ApiEndpointCategory;
  orgScope: OrgScope;
  summary: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** Response schema; omit only for non-JSON answers (files, Arrow) with `raw: true`. */
  response?: z.ZodType<R>;
  raw?: boolean;
  /**
   * GET routes whose JSON answer depends only on the request and the database: the encoded answer is kept until a
   * table it read is written, and served compressed with an ETag (server/http/answer-cache.ts). Raw routes that
   * cache their own answers (Arrow series) set it too, so browsers may keep and revalidate them.
   */
  cached?: boolean;
  /** Multipart routes read the body themselves. */
  multipart?: boolean;
  handler: (ctx: RouteContext<Q, B, P>) => Promise<R>;
  /**
   * A valid call for the permission matrix test; the organization id of an org-scoped route is filled in there.
   * Path parameters not given default to '1'.
   */
  example?: { query?: Record<string, string>; body?: unknown; params?: Record<string, string> };
}

export function defineRoute<Q = Record<string, never>, B = undefined, P = Record<string, never>, R = unknown>(
  spec: RouteSpec<Q, B, P, R>,
): RouteSpec<Q, B, P, R> {
  return spec;
}

/** Errors a handler throws to answer with a status and the spec's error format. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}
export const notFound = (what = 'Not found') => new HttpError(404, what);
export const badRequest = (detail: string, errors?: Record<string, string[]>) => new HttpError(400, detail, errors);
