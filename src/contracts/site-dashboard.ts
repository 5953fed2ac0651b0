// The single-site dashboard's data (spec 3 §2 'Single-site dashboard', §3 'Wind data', spec 2 §7 'Site helpers'):
// the site with its list row's fields, the devices that stood there over a range, its sources, its emissions and its
// modelled rate.
import { z } from 'zod';
import { parsableTime } from '@/domain/iso-time';
import { queryIdSchema } from './bounds';
import { endpoint } from './endpoint';
import { siteListRowSchema } from './site';

/** A time the server parses (ISO 8601, or anything Date.parse reads). */
const siteQuery = z.object({ organizationId: queryIdSchema, siteId: queryIdSchema });
/** One site over [startTime, endTime): the dashboard's and its map's calls. */
export const siteRangeQuerySchema = siteQuery.extend({ startTime: parsableTime, endTime: parsableTime });

const iso = z.string();
const latLng = z.object({ lat: z.number(), lng: z.number() });

/** GET /api/site/siteDetail/ (siteId): a deleted site answers 410, another organization's 404. */
export const siteDetailSchema = siteListRowSchema.extend({
  modelProcessedUpTo: iso.nullable(),
});
export type SiteDetail = z.infer<typeof siteDetailSchema>;

/** GET /api/site/siteDashboardDevices/ (siteId, startTime, endTime): every stay of a device at the site in the range. */
export const siteDeviceStaySchema = z.object({
  installationId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceType: z.enum(['Qube', 'QubeLite', 'QubeCamera']),
  location: latLng,
  startTime: iso,
  endTime: iso.nullable(),
  /** DeviceInstallationType: Active 0, Quarantine 1, QuarantineWind 2. */
  deviceInstallationType: z.number().int(),
  quarantinedAt: iso.nullable(),
  /** Measurement types the device stored data for within the stay and the range. */
  measurementTypeIds: z.array(z.number().int()),
});
export type SiteDeviceStay = z.infer<typeof siteDeviceStaySchema>;

/** GET /api/site/siteSources/ (siteId): the site's emission sources, deleted ones flagged. */
export const siteSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: latLng,
  sourceCategoryId: z.number().int().nullable(),
  /** 'Uncategorized' when the source has no category (spec 3 §3). */
  sourceCategoryName: z.string(),
  sourceGroupName: z.string().nullable(),
  deleted: z.boolean(),
});
export type SiteSource = z.infer<typeof siteSourceSchema>;

/** GET /api/emissions/siteEmissions/ (siteId, startTime, endTime): emissions overlapping the range, oldest first. */
export const siteEmissionSchema = z.object({
  id: z.number().int(),
  sourceId: z.number().int().nullable(),
  sourceName: z.string().nullable(),
  sourceCategoryName: z.string(),
  startTime: iso,
  /** Empty while the pipeline is still processing it (spec 3 §4). */
  endTime: iso.nullable(),
  /** kg of CH4 over the whole emission, and kg/h. */
  totalVolume: z.number(),
  rate: z.number(),
  /** AlarmLevel reached (Hi 0, HiHi 1, Critical 2), or null. */
  severity: z.number().int().nullable(),
  classification: z.enum(['Fugitive', 'IncompleteCombustion', 'Venting', 'NothingFound']).nullable(),
  /** The modelling pipeline's bounds of the rate (kg/h) and the probability that the source is the emitter; null for emissions it did not write. */
  rateLower: z.number().nullable(),
  rateUpper: z.number().nullable(),
  probability: z.number().nullable(),
  /** PlumeStatus of its simulated plume (Saved 0, InProgress 1, Failed 2), null when none was asked for. */
  plumeStatus: z.number().int().nullable(),
});
export type SiteEmission = z.infer<typeof siteEmissionSchema>;

/** GET /api/data/siteRateData/ (siteId, startTime, endTime): the modelled CH4 rate (kg/h) with its bounds, ascending. */
export const siteRatePointSchema = z.object({
  time: z.number(),
  rate: z.number(),
  lowerBound: z.number(),
  upperBound: z.number(),
});
export type SiteRatePoint = z.infer<typeof siteRatePointSchema>;

/** Rolling average periods of the Site rate average (spec 3 §7 siteRateAverage), in hours. */
export const SITE_RATE_AVERAGE_PERIOD_HOURS = [1, 24, 168, 360, 720, 2160] as const;

const averagePointSchema = z.object({ time: z.number(), averageRate: z.number() });
/** A source's point also carries the rolling means of its lower and upper bounds (the source view's bands). */
const sourceAveragePointSchema = averagePointSchema.extend({ averageLower: z.number(), averageUpper: z.number() });

/**
 * GET /api/data/siteRateAverage/ (siteId, startTime, endTime, rollingAveragePeriod): rolling means (kg/h) of the
 * modelled site rate and of each source's rate at each 15-minute step (each hour for periods of a day or more).
 */
export const siteRateAverageSchema = z.object({
  averageSiteRates: z.array(averagePointSchema),
  sources: z.array(
    z.object({
      sourceId: z.number().int(),
      sourceName: z.string(),
      sourceCategoryId: z.number().int().nullable(),
      averageSourceRates: z.array(sourceAveragePointSchema),
    }),
  ),
  modelProcessedUpTo: iso.nullable(),
});
export type SiteRateAverage = z.infer<typeof siteRateAverageSchema>;

export const siteDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteDetail/',
  access: 'authenticated',
  query: siteQuery,
  response: siteDetailSchema,
});

export const siteDashboardDevicesEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteDashboardDevices/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: z.array(siteDeviceStaySchema),
});

export const siteSourcesEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteSources/',
  access: 'authenticated',
  query: siteQuery,
  response: z.array(siteSourceSchema),
});

export const siteEmissionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/siteEmissions/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: z.array(siteEmissionSchema),
});

export const siteRateDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/siteRateData/',
  access: 'authenticated',
  query: siteRangeQuerySchema,
  response: z.array(siteRatePointSchema),
});

export const siteRateAverageEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/siteRateAverage/',
  access: 'authenticated',
  query: siteQuery.extend({
    startTime: parsableTime.optional(),
    endTime: parsableTime.optional(),
    rollingAveragePeriod: z.union([z.string(), z.number()]),
  }),
  response: siteRateAverageSchema,
});

/**
 * GET /api/emissions/emissionLocalization/ (emissionId): the emission's candidate sources, most likely first. The
 * emission's own source carries the probability the pipeline stored for it; the runner-ups are the site's other
 * sources by their mean localization probability over the emission's steps (sources emitting themselves then are
 * left out: they are not alternatives). Another organization's emission answers 404.
 */
export const emissionCandidateSchema = z.object({
  sourceId: z.number().int(),
  sourceName: z.string(),
  location: latLng,
  /** Null for the emission's own source when the pipeline did not write the emission. */
  probability: z.number().nullable(),
  mostLikely: z.boolean(),
});
export type EmissionCandidate = z.infer<typeof emissionCandidateSchema>;

export const emissionLocalizationSchema = z.object({
  emissionId: z.number().int(),
  siteId: z.number().int(),
  startTime: iso,
  endTime: iso.nullable(),
  candidates: z.array(emissionCandidateSchema),
});
export type EmissionLocalization = z.infer<typeof emissionLocalizationSchema>;

export const emissionLocalizationEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/emissionLocalization/',
  access: 'authenticated',
  query: z.object({ organizationId: queryIdSchema, emissionId: queryIdSchema }),
  response: emissionLocalizationSchema,
});
