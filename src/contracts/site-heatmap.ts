// The site dashboard's CH4 heatmap (spec 3 §2 'CH4 heatmap'; modelling.md §1.8): the time-mean modelled CH4
// enhancement over a range on a grid over the site, or where the model is blocked or has no rates, each device's mean
// enhancement for the browser to interpolate (the measured fallback). Any member of the site's organization reads.
import { z } from 'zod';
import { endpoint } from './endpoint';
import { siteRangeQuerySchema } from './site-dashboard';

export const HEATMAP_KINDS = ['modelled', 'measured', 'none'] as const;

const latLng = z.object({ lat: z.number(), lng: z.number() });

export const heatmapDeviceSchema = z.object({
  deviceId: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  /** Metres east and north of the grid's south-west corner. */
  east: z.number(),
  north: z.number(),
  /** The device's CH4 mean over the range minus the site's background (never below 0). */
  enhancementPpm: z.number(),
});

export const siteHeatmapSchema = z.object({
  kind: z.enum(HEATMAP_KINDS),
  /** Why the measured variant (or nothing) is shown; null for the modelled one. */
  reason: z.string().nullable(),
  /** The grid: size × size cells over bounds, widthM × heightM metres. Null when the site has no sources or devices. */
  bounds: z.object({ southWest: latLng, northEast: latLng }).nullable(),
  size: z.number().int(),
  widthM: z.number(),
  heightM: z.number(),
  /** Modelled: base64 of size² Float32 little-endian ppm, row 0 the north edge, x running east. */
  values: z.string().nullable(),
  maxPpm: z.number(),
  /** Modelled hours the mean covers (the days' tiles weighted by their share in the range). */
  hours: z.number(),
  devices: z.array(heatmapDeviceSchema),
  /** The background subtracted from the devices' means: the site's 5th percentile of one-minute CH4. */
  backgroundPpm: z.number().nullable(),
  /** UTC days (YYYY-MM-DD) whose tiles are still being computed; the answer leaves them out until they are ready. */
  computingDays: z.array(z.string()),
});
export type SiteHeatmap = z.infer<typeof siteHeatmapSchema>;

export const siteHeatmapEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteHeatmap/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: siteHeatmapSchema,
});
