// Builds the Fastify app: plugins first, then every declared /api route, then the identity provider and the built client.
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { clientConfigEndpoint, VERSION_HEADER } from '@/contracts/client-config';
import type { Config } from './config';
import type { Database } from './db/client';
import { type RouteSpec } from './http/define-route';
import { DomainError } from './services/errors';
import { httpAnswerOf } from './http/error-status';
import { registerRoute, type VerifyToken } from './http/register-route';
import { watchEventLoop } from './http/event-loop-lag';
import { buildCsp, staticSecurityHeaders } from './http/security-headers';
import { auditRoutes } from './routes/audit';
import { chartDataRoutes } from './routes/chart-data';
import { siteMapRoutes } from './routes/site-map';
import { deviceRoutes } from './routes/device';
import { deviceEditRoutes } from './routes/device-edit';
import { deviceEventRoutes } from './routes/device-event';
import { ticketRoutes } from './routes/ticket';
import { uptimeRoutes } from './routes/uptime';
import { basemapRoutes } from './routes/basemap';
import { searchRoutes } from './routes/search';
import { deviceBulkRoutes } from './routes/device-bulk';
import { sensorConfigurationRoutes } from './routes/sensor-configuration';
import { alarmRoutes } from './routes/alarm';
import { alarmParameterRoutes } from './routes/alarm-parameter';
import { notificationSubscriptionRoutes } from './routes/notification-subscription';
import { workflowRoutes } from './routes/workflow';
import { cloudFunctionRoutes } from './routes/cloud-function';
import { modelPipelineRoutes } from './routes/model-pipeline';
import { installWizardRoutes } from './routes/install-wizard';
import { deviceHealthRoutes } from './routes/device-health';
import { deviceInstallationRoutes } from './routes/device-installation';
import { configRoutes } from './routes/config';
import { healthRoutes } from './routes/health';
import { measurementTypeRoutes } from './routes/measurement-type';
import { notificationRoutes } from './routes/notification';
import { organizationRoutes } from './routes/organization';
import { organizationUserRoutes } from './routes/organization-user';
import { qubeUserRoutes } from './routes/qube-user';
import { siteRoutes } from './routes/site';
import { siteBulkRoutes } from './routes/site-bulk';
import { siteEditRoutes } from './routes/site-edit';
import { siteGroupRoutes } from './routes/site-group';
import { siteHealthRoutes } from './routes/site-health';
import { siteDashboardRoutes } from './routes/site-dashboard';
import { plumeRoutes } from './routes/plume';
import { cameraRoutes } from './routes/camera';
import { siteHeatmapRoutes } from './routes/site-heatmap';
import { emissionRoutes } from './routes/emission';
import { emissionClassificationRoutes } from './routes/emission-classification';
import { emissionTargetRoutes } from './routes/emission-target';
import { siteBaselineRoutes } from './routes/site-baseline';
import { exportRoutes } from './routes/export';
import { inspectionRoutes } from './routes/inspection';
import { integrationRoutes } from './routes/integration';
import { siteBasemapRoutes } from './routes/site-basemap';
import { sourceRoutes } from './routes/source';
import { structureRoutes } from './routes/structure';
import { deploymentPlanRoutes } from './routes/deployment-plan';
import { apiKeyRoutes } from './routes/api-key';
import { pullApiRoutes } from './routes/pull-api';
import { userRoutes } from './routes/user';
import type { LogoutHook } from './services/callers';
import { userSettingsRoutes } from './routes/user-settings';
import { ownerRoutes } from './routes/owner';

export interface IdentityProvider extends LogoutHook {
  /** Registers the provider's endpoints under /oidc. */
  mount(app: FastifyInstance): void | Promise<void>;
}

export interface AppOptions {
  config: Config;
  database: Database;
  verifyToken: VerifyToken;
  /** The built-in provider; null when OIDC_ISSUER points at an external one. */
  identityProvider: IdentityProvider | null;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every declared /api route, for the permission matrix test. */
    routeSpecs: readonly RouteSpec[];
    /** The maintenance switch; starts from the MAINTENANCE flag. */
    maintenance: { on: boolean };
  }
}

const GENERIC_ERROR = 'There was an unexpected error, please try again';
const FRAME_ANCESTORS_TTL_MS = 60_000;

export function allRouteSpecs(identityProvider: LogoutHook | null): RouteSpec[] {
  return [
    ...configRoutes,
    ...healthRoutes,
    ...userRoutes(identityProvider),
    ...userSettingsRoutes,
    ...notificationRoutes,
    ...organizationRoutes,
    ...measurementTypeRoutes,
    ...siteRoutes,
    ...siteEditRoutes,
    ...siteGroupRoutes,
    ...siteBulkRoutes,
    ...siteHealthRoutes,
    ...siteDashboardRoutes,
    ...plumeRoutes,
    ...cameraRoutes,
    ...siteHeatmapRoutes,
    ...organizationUserRoutes,
    ...qubeUserRoutes(identityProvider),
    ...auditRoutes,
    ...chartDataRoutes,
    ...siteMapRoutes,
    ...deviceRoutes,
    ...deviceHealthRoutes,
    ...deviceEditRoutes,
    ...deviceInstallationRoutes,
    ...deviceEventRoutes,
    ...ticketRoutes,
    ...uptimeRoutes,
    ...basemapRoutes,
    ...searchRoutes,
    ...deviceBulkRoutes,
    ...cloudFunctionRoutes,
    ...modelPipelineRoutes,
    ...installWizardRoutes,
    ...sensorConfigurationRoutes,
    ...alarmRoutes,
    ...workflowRoutes,
    ...alarmParameterRoutes,
    ...notificationSubscriptionRoutes,
    ...emissionRoutes,
    ...emissionClassificationRoutes,
    ...emissionTargetRoutes,
    ...siteBaselineRoutes,
    ...exportRoutes,
    ...inspectionRoutes,
    ...integrationRoutes,
    ...sourceRoutes,
    ...structureRoutes,
    ...siteBasemapRoutes,
    ...deploymentPlanRoutes,
    ...apiKeyRoutes,
    ...pullApiRoutes,
    ...ownerRoutes,
  ] as RouteSpec[];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 10 * 1024 * 1024,
    // Unknown query keys are fine; ids are validated by each route's schema.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  });

  const specs = allRouteSpecs(options.identityProvider);
  app.decorate('routeSpecs', specs);
  app.decorate('maintenance', { on: config.maintenance });
  watchEventLoop(app);

  // Framing is allowed only from organizations' configured domains (embedded mode).
  let frameAncestors: { at: number; values: string[] } = { at: 0, values: [] };
  async function currentFrameAncestors(): Promise<string[]> {
    if (Date.now() - frameAncestors.at < FRAME_ANCESTORS_TTL_MS) return frameAncestors.values;
    const rows = await database.query<{ d: string }>(
      `SELECT DISTINCT csp_frame_ancestor_domain AS d FROM organizations
        WHERE deleted_at IS NULL AND csp_frame_ancestor_domain IS NOT NULL AND csp_frame_ancestor_domain <> ''`,
    );
    frameAncestors = { at: Date.now(), values: rows.map((r) => r.d) };
    return frameAncestors.values;
  }
  const connectOrigins = config.builtInOidc ? [] : [new URL(config.oidcIssuer).origin];

  app.addHook('onRequest', async (request, reply) => {
    reply.header(VERSION_HEADER, config.version);
    for (const [k, v] of Object.entries(staticSecurityHeaders)) reply.header(k, v);
    reply.header(
      'content-security-policy',
      buildCsp({ connectOrigins, frameAncestors: await currentFrameAncestors() }),
    );
    if (app.maintenance.on && request.url.startsWith('/api/') && !request.url.startsWith(clientConfigEndpoint.path)) {
      reply.code(503).send({ detail: 'Under Maintenance' });
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DomainError) {
      const answer = httpAnswerOf(error);
      return reply.code(answer.status).send(answer.body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, wrong content type).
      return reply.code(status).send({ detail: error instanceof Error ? error.message : GENERIC_ERROR });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: GENERIC_ERROR });
  });

  // Uploads (bulk CSVs) arrive as multipart; each route sets its own file limits.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  for (const spec of specs) registerRoute(app, spec, options);

  if (options.identityProvider) await options.identityProvider.mount(app);

  const staticDir = config.staticDir;
  const hasClient = staticDir !== null && existsSync(path.join(staticDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated to pick up new versions.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/oidc');
    if (isPage && hasClient) {
      // The client routes every other path (history API).
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found' });
  });

  return app;
}
