// The typed client of the endpoint registry (src/contracts): calls, query options and query keys are built from an
// endpoint's declaration, so no screen types a path, a schema for an answer or a query key.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { endpointPath, type Endpoint, type Parsed, type Sent } from '@/contracts/endpoint';
import { apiBytes, apiDownload, apiRequest, apiUpload, type RequestOptions } from './client';

type QueryArgs = NonNullable<RequestOptions['query']>;

/** What a call sends: the query (repeated params for arrays), the JSON body and the path parameters. */
export type CallArgs<E extends Endpoint> = (E['query'] extends z.ZodType ? { query: QueryArgs } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Sent<E['body'], never> } : { body?: never }) &
  (E['params'] extends z.ZodType
    ? { params: Readonly<Record<keyof Parsed<E['params'], never> & string, string | number>> }
    : { params?: never });

/** Calls without required parts may leave the arguments out. */
type OptionalArgs<E extends Endpoint> =
  object extends CallArgs<E>
    ? [args?: CallArgs<E> & { signal?: AbortSignal }]
    : [args: CallArgs<E> & { signal?: AbortSignal }];

export type Answer<E extends Endpoint> = Parsed<E['response'], never>;

function partsOf<E extends Endpoint>(endpoint: E, args: CallArgs<E> | undefined) {
  const params = args?.params as Readonly<Record<string, string | number>> | undefined;
  const options: RequestOptions = { method: endpoint.method === 'PATCH' ? 'PUT' : endpoint.method };
  if (args?.query) options.query = args.query;
  if (args?.body !== undefined) options.body = args.body;
  return { path: endpointPath(endpoint.path, params), options };
}

/** A JSON call, its answer checked against the endpoint's response schema. */
export function callEndpoint<E extends Endpoint>(endpoint: E, ...[args]: OptionalArgs<E>): Promise<Answer<E>> {
  if (endpoint.answer !== 'json' || !endpoint.response) throw new Error(`${endpoint.path} does not answer JSON`);
  const { path, options } = partsOf(endpoint, args);
  if (args?.signal) options.signal = args.signal;
  return apiRequest(path, endpoint.response as z.ZodType<Answer<E>>, options);
}

/** A binary answer (Arrow series, images, templates). */
export function callEndpointBytes<E extends Endpoint>(
  endpoint: E,
  args: CallArgs<E> & { accept: string; signal?: AbortSignal },
): Promise<ArrayBuffer> {
  const { path, options } = partsOf(endpoint, args);
  return apiBytes(path, { ...options, accept: args.accept, ...(args.signal ? { signal: args.signal } : {}) });
}

/** A streamed file (the exports) with the bytes received so far. */
export function downloadEndpoint<E extends Endpoint>(
  endpoint: E,
  args: CallArgs<E> & { onProgress?: (bytes: number) => void; signal?: AbortSignal },
): Promise<{ blob: Blob; fileName: string }> {
  const { path, options } = partsOf(endpoint, args);
  return apiDownload(path, {
    ...options,
    ...(args.onProgress ? { onProgress: args.onProgress } : {}),
    ...(args.signal ? { signal: args.signal } : {}),
  });
}

/** A multipart upload with progress. */
export function uploadToEndpoint<E extends Endpoint>(
  endpoint: E,
  args: Omit<CallArgs<E>, 'body'>,
  form: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Answer<E>> {
  if (!endpoint.response) throw new Error(`${endpoint.path} does not answer JSON`);
  const { path, options: request } = partsOf(endpoint, args as CallArgs<E>);
  // The upload's fields travel in the form; its query (e.g. the organization) in the URL.
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) query.set(k, String(v));
  return apiUpload(`${path}${query.size ? `?${query}` : ''}`, endpoint.response as z.ZodType<Answer<E>>, form, options);
}

/** The API area of a path (its second segment, e.g. siteDashboard): invalidating it refreshes a whole screen. */
function areaOf(endpoint: Endpoint): string {
  return endpoint.path.split('/')[2] ?? endpoint.path;
}

/**
 * Query keys: [area, path, args]. TanStack matches keys by prefix, so areaKey(e) covers every endpoint of the area,
 * endpointKey(e) every call of one endpoint, and endpointKey(e, args) one call.
 */
export const areaKey = (endpoint: Endpoint) => [areaOf(endpoint)] as const;
export const endpointKey = <E extends Endpoint>(endpoint: E, args?: Partial<CallArgs<E>>) =>
  args === undefined
    ? ([areaOf(endpoint), endpoint.path] as const)
    : ([areaOf(endpoint), endpoint.path, args as Record<string, unknown>] as const);

/** TanStack Query options for a JSON GET: the key from the endpoint and its arguments, the call with its signal. */
export function endpointQuery<E extends Endpoint>(endpoint: E, ...[args]: OptionalArgs<E>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, args ?? {}),
    queryFn: ({ signal }) => callEndpoint(endpoint, ...([{ ...args, signal }] as OptionalArgs<E>)),
  });
}
