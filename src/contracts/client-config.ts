// GET /api/config/: what the browser needs before sign-in (public).
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';

export const clientConfigSchema = z.object({
  oidcIssuer: z.string(),
  oidcClientId: z.string(),
  /** Scopes the client asks for; offline_access only where the provider issues refresh tokens. */
  oidcScope: z.string(),
  /** The API's resource indicator, sent as `resource` so access tokens are JWTs for the API. */
  apiAudience: z.string(),
  environmentName: z.string(),
  isProduction: z.boolean(),
  maintenance: z.boolean(),
  version: z.string(),
  supportEmail: z.string(),
  /** Raster tiles for maps ({z}/{x}/{y}); null draws the offline basemap the server ships. */
  mapTileUrl: z.string().nullable(),
  /** A MapLibre style JSON (MAP_STYLE_URL): vector or satellite basemaps with their own attribution; wins over mapTileUrl. */
  mapStyleUrl: z.string().nullable(),
  mapTileAttribution: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientConfigEndpoint = endpoint({
  method: 'GET',
  path: '/api/config/',
  access: 'public',
  response: clientConfigSchema,
});

/** Response header carrying the dashboard version (spec 1 §7), read by the new-version banner. */
export const VERSION_HEADER = 'x-dashboard-version';
