// API key calls (spec 3 §7 'API keys') and the Pull API the keys open. PULL_API_ENDPOINTS is the one definition of
// the Pull API: the server registers a route from each entry and the API Documentation dialog is drawn from them.
import { z } from 'zod';
import { isoTime } from '@/domain/iso-time';
import { queryIdSchema } from '@/contracts/bounds';
import { endpoint as declareEndpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { apiKeyFormSchema, PULL_API_MAX_DAYS, type ApiEndpointCategory } from '@/domain/api-key';
import { DEVICE_DATA_TYPE_KEYS, VOLUME_GROUP_BY } from '@/domain/export';

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  apiEndpoints: z.array(z.string()),
  siteGroupIds: z.array(z.number().int()),
  canAccessAllSites: z.boolean(),
  canAccessHighFrequencyData: z.boolean(),
  ch4RateDisplayUnitId: z.number().int(),
  ch4VolumeDisplayUnitId: z.number().int(),
  speedDisplayUnitId: z.number().int(),
  organizationId: z.number().int(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  siteGroups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The first characters of the key, to tell keys apart; never the whole key. */
  keyPrefix: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/apiKey/apiKeyEdit/: the saved key, and on creation only the key itself (spec 3 §7). */
export const apiKeyEditAnswerSchema = apiKeySchema.extend({ apiKey: z.string().optional() });
export const apiKeyEditBodySchema = apiKeyFormSchema;

const id = queryIdSchema;
export const apiKeyIdQuerySchema = z.object({ organizationId: id, apiKeyId: id });
export const deleteApiKeyQuerySchema = z.object({ organizationId: id, id });
export const apiKeyListQuerySchema = z.object({ organizationId: id });

// The /integrations route's permission (spec 1 §2) opens every API key call.
const keyAccess = [Permission.IntegrationAdministration];

export const apiKeyListEndpoint = declareEndpoint({
  method: 'GET',
  path: '/api/apiKey/getApiKeys/',
  access: keyAccess,
  query: apiKeyListQuerySchema,
  response: z.array(apiKeySchema),
});
export const apiKeyEndpoint = declareEndpoint({
  method: 'GET',
  path: '/api/apiKey/apiKeyEdit/',
  access: keyAccess,
  query: apiKeyIdQuerySchema,
  response: apiKeySchema,
});
export const apiKeyEditEndpoint = declareEndpoint({
  method: 'POST',
  path: '/api/apiKey/apiKeyEdit/',
  access: keyAccess,
  body: apiKeyEditBodySchema,
  response: apiKeyEditAnswerSchema,
});
export const deleteApiKeyEndpoint = declareEndpoint({
  method: 'DELETE',
  path: '/api/apiKey/deleteApiKey/',
  access: keyAccess,
  query: deleteApiKeyQuerySchema,
  response: z.object({ id: z.number().int() }),
});

// ---- The Pull API ----

const startTime = isoTime.describe('Start of the time range (ISO 8601 with offset), inclusive');
const endTime = isoTime.describe('End of the time range (ISO 8601 with offset), exclusive');
const siteIdOptional = id.optional().describe("One site's id; all the key's sites when absent");
const siteIdRequired = id.describe("The site's id (from /sites)");

const unitsSchema = z.object({ ch4Rate: z.string(), ch4Volume: z.string(), speed: z.string() });
const answer = <T extends z.ZodType>(row: T) => z.object({ units: unitsSchema, data: z.array(row) });

export const pullSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  siteGroups: z.array(z.string()),
});
export const pullAlarmSchema = z.object({
  id: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  level: z.string(),
  alarmType: z.string(),
  measurementType: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  maxValue: z.number().nullable(),
  maxValueUnit: z.string(),
  totalVolume: z.number().nullable(),
  workflowResolvedAt: z.string().nullable(),
});
export const pullAlarmStateSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  unresolvedAlarmCount: z.number().int(),
  highestUnresolvedLevel: z.string().nullable(),
  latestAlarmStartTime: z.string().nullable(),
});
export const pullEmissionSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  source: z.string(),
  sourceGroup: z.string().nullable(),
  sourceCategory: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  totalVolume: z.number(),
  rate: z.number(),
  severity: z.string().nullable(),
  classification: z.string().nullable(),
  rootCause: z.string().nullable(),
});
export const pullEmissionRateSchema = z.object({
  time: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  rate: z.number(),
  baseline: z.number().nullable(),
});
export const pullSiteRateSchema = z.object({
  time: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  rate: z.number(),
  lowerBound: z.number(),
  upperBound: z.number(),
});
export const pullVolumeSchema = z.object({
  periodStart: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  volume: z.number(),
});
export const pullMeasurementSchema = z.object({ time: z.string(), deviceName: z.string(), value: z.number() });
export const pullWindSchema = z.object({
  time: z.string(),
  deviceName: z.string(),
  windDirection: z.number(),
  windSpeed: z.number(),
});
const resolution = z.string().describe("'Raw' for keys with High Frequency Data, else '15 Minute Average'");

const MEASUREMENT_TYPES = DEVICE_DATA_TYPE_KEYS.filter((k) => k !== 'Wind') as [
  Exclude<(typeof DEVICE_DATA_TYPE_KEYS)[number], 'Wind'>,
  ...Exclude<(typeof DEVICE_DATA_TYPE_KEYS)[number], 'Wind'>[],
];

const units = { ch4Rate: 'kg/h', ch4Volume: 'kg', speed: 'km/h' };

export interface PullEndpoint<Q extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  category: ApiEndpointCategory;
  path: string;
  summary: string;
  query: Q;
  /** Longest time range accepted, in days (sampled and raw), for endpoints over a range. */
  maxDays?: { sampled: number; raw: number };
  response: R;
  /** An answer as the endpoint gives it (a test parses it with the response schema, so it cannot drift). */
  example: z.infer<R>;
}

/** A Pull API entry is also the registry's endpoint: GET, called with an API key, answering JSON. */
const endpoint = <Q extends z.ZodObject, R extends z.ZodType>(e: PullEndpoint<Q, R>) => ({
  ...e,
  ...declareEndpoint({ method: 'GET', path: e.path, access: 'apiKey', query: e.query, response: e.response }),
});

export const PULL_API_BASE = '/api/pull/v1';

export const PULL_API_ENDPOINTS = {
  sites: endpoint({
    category: 'Sites',
    path: `${PULL_API_BASE}/sites`,
    summary: "The key's sites (every live site of the organization, or those of its site groups)",
    query: z.object({}),
    response: answer(pullSiteSchema),
    example: {
      units,
      data: [{ id: 12, name: 'Pad 1', alias: 'P1', latitude: 31.9, longitude: -102.1, siteGroups: ['Permian'] }],
    },
  }),
  alarms: endpoint({
    category: 'Alarms',
    path: `${PULL_API_BASE}/alarms`,
    summary: 'Alarms that started in the range, oldest first; emission alarm values in the key units',
    query: z.object({ startTime, endTime, siteId: siteIdOptional }),
    maxDays: { sampled: PULL_API_MAX_DAYS.events, raw: PULL_API_MAX_DAYS.events },
    response: answer(pullAlarmSchema),
    example: {
      units,
      data: [
        {
          id: 'QTEyMw',
          siteId: 12,
          siteName: 'Pad 1',
          level: 'HI',
          alarmType: 'Emission Rate',
          measurementType: 'CH4',
          startTime: '2026-01-01T10:00:00.000Z',
          endTime: '2026-01-01T11:00:00.000Z',
          maxValue: 4.2,
          maxValueUnit: 'kg/h',
          totalVolume: null,
          workflowResolvedAt: null,
        },
      ],
    },
  }),
  alarmState: endpoint({
    category: 'Alarm State',
    path: `${PULL_API_BASE}/alarmState`,
    summary: 'Per site: how many alarms are unresolved, the highest unresolved level and the latest alarm',
    query: z.object({ siteId: siteIdOptional }),
    response: answer(pullAlarmStateSchema),
    example: {
      units,
      data: [
        {
          siteId: 12,
          siteName: 'Pad 1',
          unresolvedAlarmCount: 2,
          highestUnresolvedLevel: 'HI-HI',
          latestAlarmStartTime: '2026-01-01T10:00:00.000Z',
        },
      ],
    },
  }),
  emissions: endpoint({
    category: 'Emissions',
    path: `${PULL_API_BASE}/emissions`,
    summary: 'Emissions that started in the range, with volume and rate in the key units',
    query: z.object({ startTime, endTime, siteId: siteIdOptional }),
    maxDays: { sampled: PULL_API_MAX_DAYS.events, raw: PULL_API_MAX_DAYS.events },
    response: answer(pullEmissionSchema),
    example: {
      units,
      data: [
        {
          id: 881,
          siteId: 12,
          siteName: 'Pad 1',
          source: 'Tank 1',
          sourceGroup: 'Tanks',
          sourceCategory: 'Storage Tank',
          startTime: '2026-01-01T10:00:00.000Z',
          endTime: '2026-01-01T12:00:00.000Z',
          totalVolume: 3.4,
          rate: 1.7,
          severity: 'HI',
          classification: 'Venting',
          rootCause: null,
        },
      ],
    },
  }),
  emissionRates: endpoint({
    category: 'Emission Rates',
    path: `${PULL_API_BASE}/emissionRates`,
    summary: "Each site's mean CH4 emission rate per hour (from its emissions) and the baseline in force",
    query: z.object({ startTime, endTime, siteId: siteIdOptional }),
    maxDays: { sampled: PULL_API_MAX_DAYS.series, raw: PULL_API_MAX_DAYS.series },
    response: answer(pullEmissionRateSchema),
    example: {
      units,
      data: [{ time: '2026-01-01T10:00:00.000Z', siteId: 12, siteName: 'Pad 1', rate: 0.8, baseline: 0.5 }],
    },
  }),
  siteRates: endpoint({
    category: 'Site Rates',
    path: `${PULL_API_BASE}/siteRates`,
    summary: "A site's modelled CH4 rate with its bounds, 15-minute averages",
    query: z.object({ startTime, endTime, siteId: siteIdRequired }),
    maxDays: { sampled: PULL_API_MAX_DAYS.series, raw: PULL_API_MAX_DAYS.series },
    response: answer(pullSiteRateSchema),
    example: {
      units,
      data: [
        {
          time: '2026-01-01T10:00:00.000Z',
          siteId: 12,
          siteName: 'Pad 1',
          rate: 0.9,
          lowerBound: 0.6,
          upperBound: 1.3,
        },
      ],
    },
  }),
  volumes: endpoint({
    category: 'Volumes',
    path: `${PULL_API_BASE}/volumes`,
    summary: "Each site's CH4 volume per period (an emission crossing a period edge counts its share)",
    query: z.object({
      startTime,
      endTime,
      siteId: siteIdOptional,
      groupBy: z
        .enum(VOLUME_GROUP_BY)
        .default('Daily')
        .describe(`Period: ${VOLUME_GROUP_BY.join(', ')} (default Daily)`),
      timeZone: z
        .string()
        .min(1)
        .max(64)
        .default('UTC')
        .describe('IANA time zone the periods are cut in (default UTC)'),
    }),
    maxDays: { sampled: PULL_API_MAX_DAYS.events, raw: PULL_API_MAX_DAYS.events },
    response: answer(pullVolumeSchema),
    example: {
      units,
      data: [{ periodStart: '2026-01-01T00:00:00.000Z', siteId: 12, siteName: 'Pad 1', volume: 14.2 }],
    },
  }),
  measurements: endpoint({
    category: 'Measurements',
    path: `${PULL_API_BASE}/measurements`,
    summary:
      'A gas measured by each device at a site while it stood there (concentrations in ppm, NO2 and SO2 in ppb, PM2.5 in µg/m³)',
    query: z.object({
      startTime,
      endTime,
      siteId: siteIdRequired,
      measurementType: z.enum(MEASUREMENT_TYPES).describe(`One of ${MEASUREMENT_TYPES.join(', ')}`),
    }),
    maxDays: { sampled: PULL_API_MAX_DAYS.series, raw: PULL_API_MAX_DAYS.rawSeries },
    response: answer(pullMeasurementSchema).extend({ resolution, unit: z.string() }),
    example: {
      units,
      resolution: '15 Minute Average',
      unit: 'ppm',
      data: [{ time: '2026-01-01T10:00:00.000Z', deviceName: 'QB-1042', value: 2.1 }],
    },
  }),
  wind: endpoint({
    category: 'Wind',
    path: `${PULL_API_BASE}/wind`,
    summary: 'Wind direction (degrees) and speed (key unit) measured by each device at a site',
    query: z.object({ startTime, endTime, siteId: siteIdRequired }),
    maxDays: { sampled: PULL_API_MAX_DAYS.series, raw: PULL_API_MAX_DAYS.rawSeries },
    response: answer(pullWindSchema).extend({ resolution }),
    example: {
      units,
      resolution: '15 Minute Average',
      data: [{ time: '2026-01-01T10:00:00.000Z', deviceName: 'QB-1042', windDirection: 220.5, windSpeed: 12.4 }],
    },
  }),
} as const;
export type PullEndpointName = keyof typeof PULL_API_ENDPOINTS;

/** A query parameter as the documentation lists it. */
export interface PullParameter {
  name: string;
  required: boolean;
  description: string;
}

/** The parameters of an endpoint, read from its query schema. */
export function pullParameters(e: { query: z.ZodObject }): PullParameter[] {
  return Object.entries(e.query.shape).map(([name, schema]) => {
    const s = schema as z.ZodType;
    return { name, required: !s.safeParse(undefined).success, description: s.description ?? '' };
  });
}
