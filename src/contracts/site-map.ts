// The site dashboard map's data (spec 3 §3 'Rose chart datum', 'Wind data'): concentration rose counts per installation,
// and the site's wind per installation averaged to frames.
import { z } from 'zod';
import { roseGas } from '@/domain/site-map';
import { endpoint } from './endpoint';
import { parsableTime } from '@/domain/iso-time';
import { siteRangeQuerySchema } from './site-dashboard';

/** GET /api/data/roseChartData/ (siteId, measurementTypeId, startTime, endTime): non-zero cells only. */
export const roseChartDatumSchema = z.object({
  deviceInstallationId: z.number().int(),
  /** 0 to 15, sector 0 centred on north: the direction the wind blew from. */
  directionIndex: z.number().int(),
  severity: z.number().int(),
  /** Readings in that sector and severity interval. */
  value: z.number(),
});
export type RoseChartDatum = z.infer<typeof roseChartDatumSchema>;

/** GET /api/data/siteWindData/ (siteId, startTime, endTime): each stay's wind, averaged per period (periodMs). */
export const siteWindDataSchema = z.object({
  periodMs: z.number().int(),
  installations: z.array(
    z.object({
      deviceInstallationId: z.number().int(),
      location: z.object({ lat: z.number(), lng: z.number() }),
      wind: z.array(z.object({ time: z.number(), windDirection: z.number(), windSpeed: z.number() })),
    }),
  ),
});
export type SiteWindData = z.infer<typeof siteWindDataSchema>;

export const roseChartDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/roseChartData/',
  access: 'authenticated',
  query: siteRangeQuerySchema.extend({
    measurementTypeId: z.coerce
      .number()
      .int()
      .refine((id) => roseGas(id) !== null, 'The measurement type must be a gas with legend thresholds'),
  }),
  response: z.array(roseChartDatumSchema),
});

export const siteWindDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/siteWindData/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: siteWindDataSchema,
});

export const worldBasemapEndpoint = endpoint({
  method: 'GET',
  path: '/api/map/basemap/',
  access: 'public',
  answer: 'bytes',
});

/** GET /api/data/siteWindTrail/ (siteId, time): each stay's one-minute wind over the trail's 40 minutes up to the time. */
export const siteWindTrailEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/siteWindTrail/',
  access: 'authenticated',
  query: siteRangeQuerySchema.pick({ organizationId: true, siteId: true }).extend({ time: parsableTime }),
  response: siteWindDataSchema,
});
