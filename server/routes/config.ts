import { clientConfigSchema } from '@/contracts/client-config';
import { defineLegacyRoute } from '../http/define-route';

export const configRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/config/',
    access: 'public',
    orgScope: false,
    summary: 'What the browser needs before sign-in',
    response: clientConfigSchema,
    handler: async ({ config }) => ({
      oidcIssuer: config.oidcIssuer,
      oidcClientId: config.oidcClientId,
      // The built-in provider issues rotating refresh tokens; external ones get the spec's 'email openid'.
      oidcScope: config.builtInOidc ? 'openid email api' : 'openid email',
      apiAudience: config.apiAudience,
      environmentName: config.envName,
      isProduction: config.envName.toLowerCase() === 'production',
      maintenance: config.maintenance,
      version: config.version,
      supportEmail: config.supportEmail,
      mapTileUrl: config.mapTileUrl,
      mapStyleUrl: config.mapStyleUrl,
      mapTileAttribution: config.mapTileAttribution,
    }),
  }),
];
