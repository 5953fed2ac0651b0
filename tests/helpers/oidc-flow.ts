// The authorization-code + PKCE flow over plain HTTP, as a browser would run it, with a small cookie jar.
import { createHash, randomBytes } from 'node:crypto';

export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface FlowOptions {
  origin: string;
  email: string;
  password: string;
  clientId?: string;
  redirectUri?: string;
  resource?: string;
  scope?: string;
  /** Leave out the PKCE challenge (to prove the provider insists on it). */
  withoutPkce?: boolean;
  /** Answers the provider's 'Choose a new password' step after a temporary password. */
  newPassword?: string;
}

export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
}

const b64url = (b: Buffer) => b.toString('base64url');

async function follow(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers ?? {}), cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

/** Runs the flow up to the login form's answer; returns the final response (a redirect to the app, or the form again). */
export async function signInWithPassword(opts: FlowOptions): Promise<Tokens> {
  const { code, verifier, redirectUri, clientId } = await authorize(opts);
  return exchangeCode({ origin: opts.origin, code, verifier, redirectUri, clientId });
}

export async function authorize(
  opts: FlowOptions,
): Promise<{ code: string; verifier: string; redirectUri: string; clientId: string; loginResponse?: Response }> {
  const jar = new CookieJar();
  const clientId = opts.clientId ?? 'emissions-console';
  const redirectUri = opts.redirectUri ?? `${opts.origin}/signin-callback`;
  const verifier = b64url(randomBytes(32));
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: opts.scope ?? 'openid email api',
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
  });
  if (!opts.withoutPkce) {
    params.set('code_challenge', b64url(createHash('sha256').update(verifier).digest()));
    params.set('code_challenge_method', 'S256');
  }
  if (opts.resource) params.set('resource', opts.resource);
  let res = await follow(`${opts.origin}/oidc/auth?${params}`, jar);
  let location = res.headers.get('location');
  if (!location) throw new FlowError(`authorization refused (${res.status})`, res.status, await res.text());
  if (location.startsWith(redirectUri)) {
    const err = new URL(location).searchParams.get('error');
    throw new FlowError(`authorization refused: ${err}`, res.status, location);
  }
  res = await follow(new URL(location, opts.origin).href, jar);
  const page = await res.text();
  const action = /action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new FlowError('no login form', res.status, page);
  res = await follow(new URL(action, opts.origin).href, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: opts.email, password: opts.password }).toString(),
  });
  if (res.status === 401) throw new FlowError('login refused', 401, await res.text());
  if (res.status === 200 || res.status === 400) {
    const form = await res.text();
    if (!form.includes('Choose a new password'))
      throw new FlowError(`unexpected page (${res.status})`, res.status, form);
    if (opts.newPassword === undefined) throw new FlowError('new password required', res.status, form);
    const next = /action="([^"]+)"/.exec(form)![1]!;
    res = await follow(new URL(next, opts.origin).href, jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: opts.email,
        password: opts.password,
        newPassword: opts.newPassword,
        confirmPassword: opts.newPassword,
      }).toString(),
    });
    if (res.status !== 302 && res.status !== 303)
      throw new FlowError('new password refused', res.status, await res.text());
  }
  // Follow the provider's redirects until it sends us back to the application with a code.
  for (let i = 0; i < 10; i++) {
    location = res.headers.get('location');
    if (!location) throw new FlowError(`flow stopped (${res.status})`, res.status, await res.text());
    const url = new URL(location, opts.origin);
    if (url.href.startsWith(redirectUri)) {
      const code = url.searchParams.get('code');
      if (!code) throw new FlowError(`no code: ${url.searchParams.get('error')}`, res.status, url.href);
      return { code, verifier, redirectUri, clientId };
    }
    res = await follow(url.href, jar);
  }
  throw new FlowError('too many redirects', 0, '');
}

export async function exchangeCode(opts: {
  origin: string;
  code: string;
  verifier: string;
  redirectUri: string;
  clientId: string;
}): Promise<Tokens> {
  const res = await fetch(`${opts.origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: opts.code,
      code_verifier: opts.verifier,
      redirect_uri: opts.redirectUri,
      client_id: opts.clientId,
    }).toString(),
  });
  const body = (await res.json()) as Record<string, string>;
  if (!res.ok) throw new FlowError(`token: ${body.error}`, res.status, JSON.stringify(body));
  return { accessToken: body.access_token!, refreshToken: body.refresh_token, idToken: body.id_token };
}

export async function refresh(
  origin: string,
  refreshToken: string,
  clientId = 'emissions-console',
): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${origin}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

export class FlowError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly body: string,
  ) {
    super(message);
  }
}
