// The built-in OpenID Connect provider at /oidc: its own login page over the users table, PKCE, rotating refresh
// tokens, revocation, JWT access tokens for the API; keys and state in the database (keys under DATA_DIR on PGlite),
// so any number of server processes on one PostgreSQL serve the same sign-ins.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { buildCsp, staticSecurityHeaders } from '../http/security-headers';
import { createAdapterFactory } from './oidc-adapter';
import { loadOrCreateSharedProviderKeys, publicJwks, type ProviderKeys } from './oidc-keys';
import { passwordProblem, PASSWORD_RULE } from '@/domain/password';
import { AUTO_SUBMIT_JS, LOGIN_CSS, loginPage, logoutPage, messagePage, newPasswordPage } from './login-page';
import { hashPassword, verifyPassword } from './password';

export const API_SCOPE = 'api';
const OIDC_SCOPES = ['openid', 'email', 'offline_access'];
const DAY = 24 * 3600;

export interface OidcHandle {
  provider: Provider;
  publicJwks: ReturnType<typeof publicJwks>;
  revokeAllForUser(userId: number): Promise<void>;
  database: Database;
  config: Config;
}

export async function createOidcProvider(opts: {
  config: Config;
  database: Database;
  keys?: ProviderKeys;
}): Promise<OidcHandle> {
  const { config, database } = opts;
  const keys = opts.keys ?? (await loadOrCreateSharedProviderKeys(database, config.dataDir));
  const audience = config.apiAudience;

  const configuration: Configuration = {
    adapter: createAdapterFactory(database),
    clients: [
      {
        client_id: config.oidcClientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/signin-callback`, `${config.publicUrl}/iframe-login-redirect`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
      },
    ],
    jwks: { keys: keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, sameSite: 'lax' },
      short: { signed: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    scopes: OIDC_SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.body = messagePage('Signed out', 'You have been signed out.');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 600,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const [user] = await database.query<{ id: number; email: string }>(
        'SELECT id, email FROM users WHERE id = $1 AND deleted_at IS NULL',
        [Number(sub) || 0],
      );
      if (!user) return undefined;
      return {
        accountId: String(user.id),
        claims: async () => ({ sub: String(user.id), email: user.email, email_verified: true }),
      };
    },
    // Our own public web client always gets a rotating refresh token (offline_access needs prompt=consent, which a
    // first-party console never shows); without offline_access it also ends with the session at logout.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // Token and revocation calls come from the console's own origin only.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    // First-party console: consent is implied; grants cover the OIDC scopes and the API.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      grant.addOIDCClaims(['email', 'email_verified']);
      grant.addResourceScope(audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in problem',
        `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`,
      );
    },
  };

  const provider = new Provider(config.oidcIssuer, configuration);
  provider.proxy = true;
  // Keep expected client errors (bad grants, replays) out of the server log.
  provider.on('server_error', (_ctx, err) => console.error('oidc server_error', err));

  return {
    provider,
    publicJwks: publicJwks(keys),
    database,
    config,
    revokeAllForUser: async (userId) => {
      // Sessions, grants and every token of the user: a replayed refresh token then gets invalid_grant.
      await database.query(
        `DELETE FROM oidc_payloads WHERE payload->>'accountId' = $1
            OR grant_id IN (SELECT id FROM oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = $1)`,
        [String(userId)],
      );
    },
  };
}

function passToProvider(provider: Provider, req: IncomingMessage, res: ServerResponse, csp: string): void {
  const original = req.url ?? '/';
  // Mounted under /oidc: the provider reads its mount path from originalUrl versus url.
  (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
  req.url = original.replace(/^\/oidc/, '') || '/';
  if (req.url.startsWith('/token/revocation')) {
    // A successful revocation has an empty body; Koa labels it text/plain, which oidc-client-ts rejects at logout.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      if (res.statusCode === 200) res.removeHeader('content-type');
      return writeHead(...args);
    }) as ServerResponse['writeHead'];
  }
  res.setHeader('content-security-policy', csp);
  for (const [k, v] of Object.entries(staticSecurityHeaders)) res.setHeader(k, v);
  void provider.callback()(req, res);
}

export async function mountOidc(app: FastifyInstance, handle: OidcHandle): Promise<void> {
  const { provider, database } = handle;
  const csp = buildCsp({ connectOrigins: [], frameAncestors: [] });

  app.get('/oidc-assets/login.css', async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(LOGIN_CSS),
  );
  app.get('/oidc-assets/auto-submit.js', async (_req, reply) =>
    reply.type('text/javascript').header('cache-control', 'public, max-age=3600').send(AUTO_SUBMIT_JS),
  );

  await app.register(async (scope) => {
    await scope.register(formbody);

    scope.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details)
        return reply
          .code(400)
          .type('text/html')
          .send(
            messagePage('Sign-in expired', 'This sign-in attempt has expired. Please start again from the console.'),
          );
      if (details.prompt.name === 'login') {
        return reply
          .type('text/html')
          .header('cache-control', 'no-store')
          .send(loginPage({ action: `/oidc/interaction/${details.uid}/login` }));
      }
      // Consent for our own client is implied (the grant is created in loadExistingGrant).
      const grant = new provider.Grant({
        clientId: String(details.params.client_id),
        accountId: details.session?.accountId ?? '',
      });
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      grant.addResourceScope(handle.config.apiAudience, API_SCOPE);
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    });

    scope.post<{
      Params: { uid: string };
      Body: { email?: string; password?: string; newPassword?: string; confirmPassword?: string };
    }>('/oidc/interaction/:uid/login', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid) {
        return reply
          .code(400)
          .type('text/html')
          .send(
            messagePage('Sign-in expired', 'This sign-in attempt has expired. Please start again from the console.'),
          );
      }
      const email = String(request.body?.email ?? '')
        .trim()
        .slice(0, 320);
      const password = String(request.body?.password ?? '').slice(0, 1024);
      const [user] = await database.query<{ id: number; password_hash: string | null; user_status: string }>(
        'SELECT id, password_hash, user_status FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
        [email],
      );
      // Same answer for an unknown e-mail and a wrong password.
      if (!user || !(await verifyPassword(password, user.password_hash))) {
        return reply
          .code(401)
          .type('text/html')
          .header('cache-control', 'no-store')
          .send(
            loginPage({
              action: `/oidc/interaction/${details.uid}/login`,
              email,
              error: 'Incorrect email or password.',
            }),
          );
      }
      if (user.user_status === 'FORCE_CHANGE_PASSWORD') {
        // A temporary password signs in only once the user has chosen their own (checked again on that post).
        const newPassword = request.body?.newPassword;
        const page = (error?: string) =>
          reply
            .code(error ? 400 : 200)
            .type('text/html')
            .header('cache-control', 'no-store')
            .send(
              newPasswordPage({
                action: `/oidc/interaction/${details.uid}/login`,
                email,
                temporaryPassword: password,
                rule: PASSWORD_RULE,
                error,
              }),
            );
        if (newPassword === undefined) return page();
        const chosen = String(newPassword).slice(0, 1024);
        const problem =
          passwordProblem(chosen) ??
          (chosen !== String(request.body?.confirmPassword ?? '')
            ? 'The passwords do not match.'
            : chosen === password
              ? 'Choose a password other than the temporary one.'
              : null);
        if (problem) return page(problem);
        await database.query("UPDATE users SET password_hash = $1, user_status = 'CONFIRMED' WHERE id = $2", [
          await hashPassword(chosen),
          user.id,
        ]);
      }
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: String(user.id) } },
        { mergeWithLastSubmission: false },
      );
    });
  });

  await app.register(async (scope) => {
    // Everything else under /oidc is the provider's own: leave the body unread for it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = async (request: { raw: IncomingMessage }, reply: { hijack(): void; raw: ServerResponse }) => {
      reply.hijack();
      passToProvider(provider, request.raw, reply.raw, csp);
    };
    scope.all('/oidc', handler);
    scope.all('/oidc/*', handler);
  });
}
