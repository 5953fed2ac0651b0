import { clientConfigEndpoint } from '@/contracts/client-config';
import { defineRoute } from '../http/define-route';

export const configRoutes = [
  defineRoute(clientConfigEndpoint, {
    orgScope: false,
    summary: 'What the browser needs before sign-in',
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
