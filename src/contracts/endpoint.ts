// One declaration per API endpoint: the server's route (server/http/define-route.ts) and the client
// (src/api/endpoint-client.ts) both take their path, method, schemas and access from it, so neither types a path.
import type { z } from 'zod';
import type { Permission } from '@/domain/permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - 'public': no token (configuration, unsubscribe links);
 * - 'authenticated': any signed-in user;
 * - a list of permissions: any one of them (spec 1 §6 guard rule);
 * - 'apiKey': the Pull API, called with an organization's API key (header X-Api-Key), no user.
 */
export type Access = 'public' | 'authenticated' | 'apiKey' | readonly Permission[];

/**
 * What the answer is: 'json' is checked against `response` on both sides; 'bytes' (Arrow series, images, CSV
 * templates) and 'download' (streamed exports) are read as they come.
 */
export type AnswerKind = 'json' | 'bytes' | 'download';

type Schema = z.ZodType;

export interface Endpoint<
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
> {
  readonly method: HttpMethod;
  /** Path as the spec lists it; path parameters as ':name', e.g. '/api/alarm/alarm/:encodedId'. */
  readonly path: string;
  readonly access: Access;
  readonly query: Q;
  readonly body: B;
  readonly params: P;
  readonly response: R;
  readonly answer: AnswerKind;
}

export interface EndpointDeclaration<Q, B, P, R> {
  method: HttpMethod;
  path: string;
  access: Access;
  query?: Q;
  body?: B;
  params?: P;
  response?: R;
  /** Defaults to 'json' when a response schema is given. */
  answer?: AnswerKind;
}

export function endpoint<
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(declaration: EndpointDeclaration<Q, B, P, R>): Endpoint<Q, B, P, R> {
  const answer = declaration.answer ?? 'json';
  if (answer === 'json' && !declaration.response) throw new Error(`${declaration.path}: a JSON answer needs a schema`);
  return {
    method: declaration.method,
    path: declaration.path,
    access: declaration.access,
    query: declaration.query as Q,
    body: declaration.body as B,
    params: declaration.params as P,
    response: declaration.response as R,
    answer,
  };
}

/** The schema's parsed type, or what a missing schema stands for. */
export type Parsed<S, Missing> = S extends Schema ? z.output<S> : Missing;
/** The schema's input type (what a caller sends), or what a missing schema stands for. */
export type Sent<S, Missing> = S extends Schema ? z.input<S> : Missing;

/** The path with its parameters filled in (each encoded); a missing parameter is a programming error. */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
