// fetch for /api: bearer token, the version header, and errors in the spec's format.
import type { z } from 'zod';
import { VERSION_HEADER } from '@/contracts/client-config';
import { apiErrorSchema } from '@/contracts/errors';

export const GENERIC_ERROR = 'There was an unexpected error, please try again';

export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

interface ClientHooks {
  getAccessToken(): string | null;
  /** Called with every answer's dashboard version. */
  onVersion(version: string): void;
  /** 401 after a renewal attempt, 403, 503: the shell decides what the user sees. */
  onAuthFailure(status: 401 | 403 | 503, detail: string): void;
  /** One silent renewal before giving up on a 401. */
  renewToken(): Promise<string | null>;
}

let hooks: ClientHooks | null = null;
export function configureApiClient(h: ClientHooks): void {
  hooks = h;
}

/** Turns a failed response into an ApiError carrying the server's detail or field errors. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  const parsed = apiErrorSchema.safeParse(body);
  const detail = parsed.success ? parsed.data.detail : undefined;
  const errors = parsed.success ? (parsed.data.errors ?? {}) : {};
  // Every message is shown (spec 1 §8), not only the first.
  const message = detail ?? (Object.values(errors).flat().join(' ') || GENERIC_ERROR);
  return new ApiError(res.status, message, errors);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Arrays are sent as repeated parameters (spec 2 §7 'repeated array params'). */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

function appendQuery(qs: URLSearchParams, query: RequestOptions['query']): void {
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v as readonly (string | number)[]) qs.append(k, String(item));
    else qs.set(k, String(v));
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const qs = new URLSearchParams();
  appendQuery(qs, options.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  return fetch(`${path}${qs.size ? `?${qs}` : ''}`, init);
}

export async function apiRequest<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  let res = await send(path, options, hooks?.getAccessToken() ?? null);
  if (res.status === 401 && hooks) {
    const renewed = await hooks.renewToken();
    if (renewed) res = await send(path, options, renewed);
  }
  const version = res.headers.get(VERSION_HEADER);
  if (version) hooks?.onVersion(version);
  if (!res.ok) {
    const error = await toApiError(res);
    if (res.status === 401 || res.status === 403 || res.status === 503) hooks?.onAuthFailure(res.status, error.message);
    throw error;
  }
  return schema.parse(await res.json());
}

/** A multipart upload with upload progress (fetch reports none), same token, version and error handling as apiRequest. */
export async function apiUpload<T>(
  path: string,
  schema: z.ZodType<T>,
  form: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const attempt = (token: string | null) =>
    new Promise<{ status: number; body: string; version: string | null }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      xhr.setRequestHeader('accept', 'application/json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () =>
        resolve({ status: xhr.status, body: xhr.responseText, version: xhr.getResponseHeader(VERSION_HEADER) });
      xhr.onerror = () => reject(new ApiError(0, GENERIC_ERROR));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  let res = await attempt(hooks?.getAccessToken() ?? null);
  if (res.status === 401 && hooks) {
    const renewed = await hooks.renewToken();
    if (renewed) res = await attempt(renewed);
  }
  if (res.version) hooks?.onVersion(res.version);
  const response = new Response(res.body, { status: res.status, headers: { 'content-type': 'application/json' } });
  if (!response.ok) {
    const error = await toApiError(response);
    if (res.status === 401 || res.status === 403 || res.status === 503)
      hooks?.onAuthFailure(res.status as 401 | 403 | 503, error.message);
    throw error;
  }
  options.onProgress?.(1);
  return schema.parse(await response.json());
}

/** A fetch with the token (renewed once on a 401), the version header and the API's errors; answers the ok response. */
async function fetchOk(path: string, options: RequestOptions & { accept: string }): Promise<Response> {
  const send = async (token: string | null) => {
    const qs = new URLSearchParams();
    appendQuery(qs, options.query);
    const headers: Record<string, string> = { accept: options.accept };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetch(`${path}${qs.size ? `?${qs}` : ''}`, {
        method: options.method ?? 'GET',
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // A request that never got an answer says so in words (the browser's own text is 'Failed to fetch'); a
      // cancelled one stays an abort.
      if (options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
      throw new Error(NETWORK_ERROR_MESSAGE, { cause: error });
    }
  };
  let res = await send(hooks?.getAccessToken() ?? null);
  if (res.status === 401 && hooks) {
    const renewed = await hooks.renewToken();
    if (renewed) res = await send(renewed);
  }
  const version = res.headers.get(VERSION_HEADER);
  if (version) hooks?.onVersion(version);
  if (!res.ok) {
    const error = await toApiError(res);
    if (res.status === 401 || res.status === 403 || res.status === 503) hooks?.onAuthFailure(res.status, error.message);
    throw error;
  }
  return res;
}

/** A binary answer (Arrow IPC series, a CSV file) with the same token, version and error handling as apiRequest. */
export async function apiBytes(path: string, options: RequestOptions & { accept: string }): Promise<ArrayBuffer> {
  return (await fetchOk(path, options)).arrayBuffer();
}

/**
 * A streamed download (the exports): reads the answer as it arrives, reporting the bytes so far, and answers the file
 * with the name the server gave it. Aborting the signal stops the transfer, and with it the server's work.
 */
export async function apiDownload(
  path: string,
  options: RequestOptions & { onProgress?: (bytes: number) => void },
): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetchOk(path, { ...options, accept: 'text/csv' });
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    options.onProgress?.(received);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv';
  return { blob: new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'text/csv' }), fileName };
}
