// Every /api route is the server's side of one endpoint declared in src/contracts (path, method, schemas, access):
// defineRoute adds the organization scope, the handler and an example call, so the permission matrix test can walk
// all of them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiEndpointCategory } from '@/domain/api-key';
import type { Access, Endpoint, HttpMethod, Parsed } from '@/contracts/endpoint';
import type { Database } from '../db/client';
import type { Config } from '../config';
import type { ApiKeyCaller, SignedInUser } from '../services/callers';

/** Where an organization-scoped route reads the organization id from. */
export type OrgScope = false | { from: 'query' | 'body' | 'params'; key: string };

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
  /** Path as its endpoint declares it (src/contracts). */
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

/** What a route adds to its endpoint. */
export type RouteImplementation<Q, B, P, R> = Omit<
  RouteSpec<Q, B, P, R>,
  'method' | 'url' | 'access' | 'query' | 'body' | 'params' | 'response' | 'raw'
>;

type Answer<E extends Endpoint> = E['answer'] extends 'json' ? Parsed<E['response'], unknown> : unknown;

export function defineRoute<E extends Endpoint>(
  endpoint: E,
  implementation: RouteImplementation<
    Parsed<E['query'], Record<string, never>>,
    Parsed<E['body'], undefined>,
    Parsed<E['params'], Record<string, never>>,
    Answer<E>
  >,
): RouteSpec {
  // The registration parses query, body and params with these same schemas before the handler runs, which is what
  // makes the handler's narrower parameter types true; the list of routes holds them all as RouteSpec.
  const spec = { ...implementation, method: endpoint.method, url: endpoint.path, access: endpoint.access } as RouteSpec;
  spec.raw = endpoint.answer !== 'json';
  if (endpoint.query) spec.query = endpoint.query;
  if (endpoint.body) spec.body = endpoint.body;
  if (endpoint.params) spec.params = endpoint.params;
  if (endpoint.response && endpoint.answer === 'json') spec.response = endpoint.response;
  return spec;
}
