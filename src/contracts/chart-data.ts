// Chart data (spec 2 §7 'Chart data'): raw, sampled and averaged series of one device and measurement type, wind per
// installation and the closest time with data (JSON, or Arrow IPC by Accept); and the ingestion path devices, the seed
// and the simulator write through.
import { z } from 'zod';
import { parsableTime } from '@/domain/iso-time';
import { AVERAGING_PERIODS_MINUTES } from '@/domain/chart-data';
import { MEASUREMENT_TYPES } from '@/domain/measurement-type';
import { Permission } from '@/domain/permissions';
import { idSchema, queryIdSchema } from './bounds';
import { endpoint } from './endpoint';

const KNOWN_TYPES = new Set(MEASUREMENT_TYPES.map((m) => m.id));
const access = [Permission.DeviceAdministration, Permission.DeviceView] as const;

const rangeQuery = z.object({
  organizationId: queryIdSchema,
  deviceId: queryIdSchema,
  startTime: parsableTime,
  endTime: parsableTime,
});
const seriesQuery = rangeQuery.extend({
  measurementTypeId: z.coerce
    .number()
    .int()
    .refine((id) => KNOWN_TYPES.has(id), 'Unknown measurement type'),
});

const sampleSchema = z.object({
  deviceId: idSchema,
  measurementTypeId: z
    .number()
    .int()
    .refine((id) => KNOWN_TYPES.has(id), 'Unknown measurement type'),
  time: parsableTime,
  value: z.number().finite(),
});

export const deviceRawDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/deviceRawData/',
  access: access,
  query: seriesQuery,
  answer: 'bytes',
});

export const deviceSampledDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/deviceSampledData/',
  access: access,
  query: seriesQuery.extend({ samplePeriod: z.coerce.number().int().min(1).max(1440) }),
  answer: 'bytes',
});

export const deviceAveragedDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/deviceAveragedData/',
  access: access,
  query: seriesQuery.extend({
    averagingPeriod: z.coerce
      .number()
      .int()
      .refine(
        (p) => (AVERAGING_PERIODS_MINUTES as readonly number[]).includes(p),
        'The averaging period must be 15, 60 or 1440 minutes',
      ),
    timeZone: z.string().max(64).optional(),
  }),
  answer: 'bytes',
});

export const deviceWindDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/deviceWindData/',
  access: access,
  query: rangeQuery
    .extend({
      samplePeriod: z.coerce.number().int().min(1).max(1440).optional(),
      averagingPeriod: z.coerce
        .number()
        .int()
        .refine(
          (p) => (AVERAGING_PERIODS_MINUTES as readonly number[]).includes(p),
          'The averaging period must be 15, 60 or 1440 minutes',
        )
        .optional(),
      timeZone: z.string().max(64).optional(),
    })
    .refine((q) => q.samplePeriod === undefined || q.averagingPeriod === undefined, {
      message: 'Choose a sample period or an averaging period, not both',
      path: ['averagingPeriod'],
    }),
  answer: 'bytes',
});

export const closestTimeWithDataEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/closestTimeWithData/',
  access: 'authenticated',
  query: z.discriminatedUnion('dataType', [
    rangeQuery.extend({
      dataType: z.enum(['sampled', 'wind']),
      measurementTypeId: z.coerce.number().int().optional(),
    }),
    rangeQuery.omit({ deviceId: true }).extend({ dataType: z.literal('site-rate'), siteId: queryIdSchema }),
  ]),
  response: z.object({ startTime: z.string().nullable(), endTime: z.string().nullable() }),
});

export const ingestEndpoint = endpoint({
  method: 'POST',
  path: '/api/data/ingest/',
  access: [Permission.DeviceAdministration],
  body: z.object({ organizationId: idSchema, samples: z.array(sampleSchema).min(1).max(100_000) }),
  response: z.object({ samples: z.number().int(), chunks: z.number().int(), alarmsRaised: z.number().int() }),
});

export const ingestSiteRatesEndpoint = endpoint({
  method: 'POST',
  path: '/api/data/ingestSiteRates/',
  access: [Permission.DeviceAdministration],
  body: z.object({
    organizationId: idSchema,
    siteId: idSchema,
    rates: z
      .array(
        z.object({
          time: z.iso.datetime({ offset: true }),
          rate: z.number().finite().min(0),
          lower: z.number().finite().min(0),
          upper: z.number().finite().min(0),
        }),
      )
      .min(1)
      .max(50_000),
  }),
  response: z.object({ stored: z.number().int(), alarmsRaised: z.number().int() }),
});
