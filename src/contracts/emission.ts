// Emission calls (spec 3 §7 'Emissions', 'Emission targets'): their query parameters and answers.
import { z } from 'zod';
import { isoTime } from '@/domain/iso-time';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { baselineCreateSchema, baselineInputSchema } from '@/domain/site-baseline';
import { BUCKET_INTERVALS } from '@/domain/emission';
import { Permission } from '@/domain/permissions';
import { siteFilterSchema } from '@/domain/site-filter';

const flag = z.preprocess((v) => v === true || v === 'true', z.boolean());

export const emissionWindowQuerySchema = z.object({
  organizationId: queryIdSchema,
  startTime: isoTime,
  endTime: isoTime,
  siteFilter: siteFilterSchema.optional(),
});
export type EmissionWindowQuery = z.infer<typeof emissionWindowQuerySchema>;

export const emissionPeriodQuerySchema = emissionWindowQuerySchema.extend({
  bucketInterval: z.enum(BUCKET_INTERVALS),
  ianaTimezoneId: z.string().min(1).max(64),
  endTimeIsInCurrentPeriod: flag.optional(),
  groupByAlarmLevel: flag.optional(),
  groupBySite: flag.optional(),
  groupBySourceCategory: flag.optional(),
});
export type EmissionPeriodQuery = z.infer<typeof emissionPeriodQuerySchema>;

export const emissionRollupSchema = z.object({
  siteId: z.number(),
  siteName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  sourceCategoryId: z.number().nullable(),
  sourceCategoryName: z.string(),
  totalCount: z.number(),
  totalVolume: z.number(),
  averageEmissionRate: z.number(),
});
export type EmissionRollup = z.infer<typeof emissionRollupSchema>;

export const emissionTotalSchema = z.object({
  periodName: z.string(),
  year: z.number(),
  startTime: isoTime,
  endTime: isoTime,
  totalEmissions: z.number(),
  projectedEmissions: z.number().nullable(),
  targetEmissions: z.number().nullable(),
  baseline: z.number().nullable(),
  normalizedEmissionRate: z.number().nullable(),
  deltaPreviousPercent: z.number().nullable(),
  siteCount: z.number(),
  alarmCountHi: z.number(),
  alarmCountHiHi: z.number(),
  alarmCountCritical: z.number(),
});
export type EmissionTotal = z.infer<typeof emissionTotalSchema>;

export const periodGroupedEmissionSchema = z.object({
  periodName: z.string(),
  year: z.number(),
  totalEmissions: z.number(),
  alarmLevel: z.number().nullable().optional(),
  siteName: z.string().nullable().optional(),
  sourceCategoryName: z.string().nullable().optional(),
});
export type PeriodGroupedEmission = z.infer<typeof periodGroupedEmissionSchema>;

export const siteEmissionStatusSchema = z.object({
  siteId: z.number(),
  siteName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  emissionRatio: z.number().nullable(),
  averageRate: z.number(),
  totalVolume: z.number(),
  rateDelta: z.number().nullable(),
  baselineRate: z.number().nullable(),
  hiAlarmCount: z.number(),
  hiHiAlarmCount: z.number(),
  criticalAlarmCount: z.number(),
});
export type SiteEmissionStatusRow = z.infer<typeof siteEmissionStatusSchema>;

export const normalizedRatePointSchema = z.object({ time: isoTime, normalizedRate: z.number().nullable() });
export const normalizedRateSchema = z.object({
  points: z.array(normalizedRatePointSchema),
  normalizedRate: z.number().nullable(),
  siteCount: z.number(),
});
export type NormalizedRate = z.infer<typeof normalizedRateSchema>;

export const sourceCategoryOptionSchema = z.object({ id: z.number(), name: z.string() });

export const siteFilterOptionsQuerySchema = z.object({
  organizationId: queryIdSchema,
  filterType: z.enum([
    'site',
    'siteGroup',
    'businessUnit',
    'assetArea',
    'country',
    'stateProvince',
    'regulation',
    'regulatorySiteType',
    'genericSiteType',
    'basin',
    'industrySegment',
    'fluidType',
  ]),
  includeDeletedSites: flag.optional(),
});
export const siteFilterOptionSchema = z.object({ id: z.number(), name: z.string(), deleted: z.boolean().optional() });

export const emissionTargetRowSchema = z.object({
  siteId: z.number(),
  id: z.number().nullable(),
  name: z.string(),
  alias: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  targetVolumePerMonth: z.number().nullable(),
});
export type EmissionTargetRow = z.infer<typeof emissionTargetRowSchema>;
export const emissionTargetUploadAnswerSchema = z.object({
  count: z.number(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const dailyVolumeSchema = z.object({
  startTime: z.string(),
  includedVolume: z.number(),
  excludedVolume: z.number(),
  rate: z.number(),
});
export const baselineCalculationSchema = z.object({
  baseline: z.number(),
  sevenDayThreshold: z.number(),
  ninetyDayThreshold: z.number(),
  baselineIsMaxForSiteType: z.boolean(),
  dailyVolumes: z.array(dailyVolumeSchema),
});
export type BaselineCalculationAnswer = z.infer<typeof baselineCalculationSchema>;

export const siteBaselineSchema = baselineCalculationSchema.extend({
  id: z.number(),
  siteId: z.number(),
  siteName: z.string(),
  baselineType: z.number(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  yearlyEmissionInventory: z.number().nullable(),
  baselineRange: z.array(z.string()).nullable(),
  baselineStartDate: z.string().nullable(),
  activities: z.array(z.object({ dateRange: z.array(z.string().nullable()), comment: z.string() })),
  inspectionDate: z.string().nullable(),
  inspectionComments: z.string().nullable(),
  epaSiteType: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type SiteBaseline = z.infer<typeof siteBaselineSchema>;

export const siteBaselineListRowSchema = z.object({
  siteId: z.number(),
  siteName: z.string(),
  isEpaRegulated: z.boolean(),
  regulatorySiteTypeName: z.string().nullable(),
  baselineId: z.number().nullable(),
  baselineType: z.number().nullable(),
  effectiveFrom: z.string().nullable(),
  baseline: z.number().nullable(),
});
export type SiteBaselineListRow = z.infer<typeof siteBaselineListRowSchema>;

export const emissionRollupsEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/emissionRollups/',
  access: 'authenticated',
  query: emissionWindowQuerySchema,
  response: z.array(emissionRollupSchema),
});

export const emissionTotalsEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/emissionTotals/',
  access: 'authenticated',
  query: emissionPeriodQuerySchema,
  response: z.array(emissionTotalSchema),
});

export const periodEmissionRollupsEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/getPeriodEmissionRollups/',
  access: 'authenticated',
  query: emissionPeriodQuerySchema,
  response: z.array(periodGroupedEmissionSchema),
});

export const siteEmissionStatusesEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/getSiteEmissionStatuses/',
  access: 'authenticated',
  query: emissionWindowQuerySchema,
  response: z.array(siteEmissionStatusSchema),
});

export const normalizedEmissionRateEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissions/normalizedEmissionRate/',
  access: 'authenticated',
  query: emissionWindowQuerySchema.extend({ ianaTimezoneId: z.string().min(1).max(64).optional() }),
  response: normalizedRateSchema,
});

export const sourceCategoryOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/sourceCategory/options/',
  access: 'authenticated',
  response: z.array(sourceCategoryOptionSchema),
});

export const siteFilterOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteFilter/filterOptions/',
  access: 'authenticated',
  query: siteFilterOptionsQuerySchema,
  response: z.array(siteFilterOptionSchema),
});

// Site baselines (spec 3 §7 'Site baselines').
const baselineAccess = [Permission.SiteBaselineAdministration];
const orgQuery = z.object({ organizationId: queryIdSchema });
const idParams = z.object({ id: queryIdSchema });

export const calculateBaselineEndpoint = endpoint({
  method: 'POST',
  path: '/api/siteBaseline/calculate/',
  access: baselineAccess,
  body: baselineInputSchema,
  response: baselineCalculationSchema,
});

export const createBaselineEndpoint = endpoint({
  method: 'POST',
  path: '/api/siteBaseline/create/',
  access: baselineAccess,
  body: baselineCreateSchema,
  response: siteBaselineSchema,
});

export const editBaselineEndpoint = endpoint({
  method: 'POST',
  path: '/api/siteBaseline/edit/',
  access: baselineAccess,
  body: z.object({
    organizationId: idSchema,
    id: idSchema,
    effectiveFrom: z.iso.datetime({ offset: true }).nullable(),
    effectiveTo: z.iso.datetime({ offset: true }).nullable(),
  }),
  response: siteBaselineSchema,
});

export const endBaselineEndpoint = endpoint({
  method: 'POST',
  path: '/api/siteBaseline/end/:id',
  access: baselineAccess,
  query: orgQuery,
  params: idParams,
  response: siteBaselineSchema,
});

export const deleteBaselineEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/siteBaseline/delete/:id',
  access: baselineAccess,
  query: orgQuery,
  params: idParams,
  response: siteBaselineSchema,
});

export const restoreBaselineEndpoint = endpoint({
  method: 'POST',
  path: '/api/siteBaseline/restore/',
  access: baselineAccess,
  body: z.object({ organizationId: idSchema, id: idSchema }),
  response: siteBaselineSchema,
});

export const baselineDetailsEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteBaseline/details/:id',
  access: baselineAccess,
  query: orgQuery,
  params: idParams,
  response: siteBaselineSchema,
});

export const siteBaselineHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteBaseline/siteHistory/',
  access: baselineAccess,
  query: orgQuery.extend({ siteId: queryIdSchema }),
  response: z.array(siteBaselineSchema),
});

export const baselineListEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteBaseline/list/',
  access: baselineAccess,
  query: orgQuery,
  response: z.array(siteBaselineListRowSchema),
});

export const baselineStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteBaseline/status',
  access: 'authenticated',
  query: orgQuery,
  response: z.object({ hasActiveBaselines: z.boolean() }),
});

export const siteBaselinesEndpoint = endpoint({
  method: 'GET',
  path: '/api/data/siteBaselines',
  access: 'authenticated',
  query: orgQuery.extend({
    siteId: queryIdSchema,
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
  }),
  response: z.array(
    z.object({ effectiveFrom: z.string(), effectiveTo: z.string().nullable(), baselineRate: z.number() }),
  ),
});

// CH4 emission targets (spec 3 §7 'Emission targets'): the grid, the CSV template, the bulk upsert and delete.
export const emissionTargetListEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissionTargets/getEmissionTargets',
  access: [Permission.EmissionTargetEdit],
  query: orgQuery,
  response: z.array(emissionTargetRowSchema),
});

export const emissionTargetTemplateEndpoint = endpoint({
  method: 'GET',
  path: '/api/emissionTargets/template/',
  access: [Permission.EmissionTargetEdit],
  query: orgQuery,
  answer: 'bytes',
});

export const bulkUpsertEmissionTargetsEndpoint = endpoint({
  method: 'POST',
  path: '/api/emissionTargets/bulkUpsertEmissionTargets/:organizationId',
  access: [Permission.EmissionTargetEdit],
  params: z.object({ organizationId: queryIdSchema }),
  response: emissionTargetUploadAnswerSchema,
});

export const deleteEmissionTargetEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/emissionTargets/delete/:id',
  access: [Permission.EmissionTargetEdit],
  query: orgQuery,
  params: z.object({ id: queryIdSchema }),
  response: z.object({ id: z.number() }),
});
