// fetch for /api: bearer token, the version header, and errors in the spec's format (spec 1 §4, §7, §8).
import type { z } from 'zod';
import { VERSION_HEADER } from '@/contracts/client-config';
import { apiErrorSchema } from '@/contracts/errors';

export const GENERIC_ERROR = 'There was an unexpected error, please try again';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer arrived (network failure). */
    public readonly status: number,
    /** What to show: the server's detail, else every field message, else the generic text. */
    message: string,
    public readonly errors: Record<string, string[]> = {},
    /** The server's `detail`, when it sent one. */
    public readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Turns a failed response into an ApiError carrying the server's detail or field errors. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML page, say): only the status is known.
  }
  const parsed = apiErrorSchema.safeParse(body);
  const detail = parsed.success && parsed.data.detail ? parsed.data.detail : null;
  const errors = parsed.success ? (parsed.data.errors ?? {}) : {};
  const all = Object.values(errors).flat().filter(Boolean).join(' ');
  return new ApiError(res.status, detail ?? (all || GENERIC_ERROR), errors, detail);
}

/** The response carries another dashboard version than the page loaded with: a new version was deployed. */
export function isNewVersion(loadedVersion: string, answeredVersion: string | null): boolean {
  return answeredVersion !== null && answeredVersion !== '' && answeredVersion !== loadedVersion;
}

export type AuthFailureAction =
  | { kind: 'expired' }
  | { kind: 'access-denied'; to: 'organization' | 'page' }
  | { kind: 'maintenance' }
  | { kind: 'none' };

/**
 * What the console does about a failed answer (spec 1 §4): 503 shows the maintenance page; 403 is access denied
 * (to the organization when the server says so); 401 is access denied too, unless renewing the token failed, in which
 * case the session has expired (renewal failure shows 'Your session has expired').
 */
export function authFailureAction(status: number, detail: string | null, renewalFailed: boolean): AuthFailureAction {
  if (status === 503) return { kind: 'maintenance' };
  if (status === 401 && renewalFailed) return { kind: 'expired' };
  if (status === 401 || status === 403) return { kind: 'access-denied', to: detail && /organi[sz]ation/i.test(detail) ? 'organization' : 'page' };
  return { kind: 'none' };
}

export interface ApiClientHooks {
  getAccessToken(): Promise<string | null>;
  /** One silent renewal before giving up on a 401; null when renewal failed. */
  renewToken(): Promise<string | null>;
  /** The dashboard version served with GET /api/config/ when the page loaded. */
  loadedVersion: string;
  onNewVersion(version: string): void;
  onAuthFailure(action: Exclude<AuthFailureAction, { kind: 'none' }>): void;
  /** An answer that does not match its contract: a client/server mismatch worth reporting. */
  onContractError?(path: string, error: unknown): void;
}

let hooks: ApiClientHooks | null = null;
export function configureApiClient(h: ApiClientHooks): void {
  hooks = h;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  try {
    return await fetch(`${path}${qs.size ? `?${qs}` : ''}`, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, GENERIC_ERROR);
  }
}

/** Parses a successful answer with its contract; an empty body parses as null. */
export async function parseAnswer<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
  const text = await res.text();
  return schema.parse(text ? JSON.parse(text) : null);
}

export async function apiRequest<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  let res = await send(path, options, (await hooks?.getAccessToken()) ?? null);
  let renewalFailed = false;
  if (res.status === 401 && hooks) {
    const renewed = await hooks.renewToken();
    if (renewed) res = await send(path, options, renewed);
    else renewalFailed = true;
  }
  const version = res.headers.get(VERSION_HEADER);
  if (hooks && isNewVersion(hooks.loadedVersion, version)) hooks.onNewVersion(version!);
  if (!res.ok) {
    const error = await toApiError(res);
    const action = authFailureAction(res.status, error.detail, renewalFailed);
    if (action.kind !== 'none') hooks?.onAuthFailure(action);
    throw error;
  }
  try {
    return await parseAnswer(res, schema);
  } catch (error) {
    hooks?.onContractError?.(path, error);
    throw new ApiError(res.status, GENERIC_ERROR);
  }
}
