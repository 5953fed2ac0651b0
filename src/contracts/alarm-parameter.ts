// Alarm parameter answers (spec 2 §3 'Alarm parameter template', 'Site alarm parameter', 'History rows').
import { z } from 'zod';
import { idOrNewSchema, idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';

const iso = z.string();

export const alarmDetailSchema = z.object({
  calculationMethod: z.number().int().nullable(),
  hiThreshold: z.number().nullable(),
  hiHiThreshold: z.number().nullable(),
  criticalThreshold: z.number().nullable(),
  slidingWindowSizeInHours: z.number().nullable(),
  resetEvaluationPeriodInHours: z.number().nullable(),
  triggersLdarWorkflow: z.boolean(),
});

export const alarmParameterTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alarmType: z.number().int(),
  measurementTypeId: z.number().int(),
  detail: alarmDetailSchema,
  siteReferenceCount: z.number().int(),
  siteReferenceNames: z.array(z.string()),
  deletedAt: iso.nullable(),
  organizationId: z.number().int(),
});
export type AlarmParameterTemplate = z.infer<typeof alarmParameterTemplateSchema>;

export const siteAlarmParameterSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  alarmType: z.number().int(),
  measurementTypeId: z.number().int(),
  status: z.number().int(),
  alarmParameterTemplateId: z.number().int().nullable(),
  alarmParameterTemplateName: z.string().nullable(),
  alarmDeviceType: z.number().int().nullable(),
  deviceIds: z.array(z.number().int()),
  deviceNames: z.array(z.string()),
  detail: alarmDetailSchema,
  createdAt: iso,
  deletedAt: iso.nullable(),
  warnings: z.array(z.string()),
});
export type SiteAlarmParameter = z.infer<typeof siteAlarmParameterSchema>;

export const siteAlarmParametersRowSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  businessUnit: z.string().nullable(),
  assetArea: z.string().nullable(),
  siteGroups: z.array(z.string()),
  /** Measurement type ids of the gas sensors installed at the site. */
  sensors: z.array(z.number().int()),
  canCalculateEmissionRate: z.boolean(),
  alarmParameters: z.array(siteAlarmParameterSchema),
  alarmParameterWarnings: z.array(z.string()),
});
export type SiteAlarmParametersRow = z.infer<typeof siteAlarmParametersRowSchema>;

export const alarmParameterEditSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  alarmType: z.number().int(),
  measurementTypeId: z.number().int(),
  sensorPresent: z.boolean(),
  parameters: z.array(siteAlarmParameterSchema),
  devices: z.array(z.object({ id: z.number().int(), name: z.string(), deviceType: z.string() })),
});
export type AlarmParameterEdit = z.infer<typeof alarmParameterEditSchema>;

export const parameterHistoryRowSchema = z.object({
  effectiveFrom: iso,
  dateEnded: iso.nullable(),
  alarmType: z.number().int(),
  measurementTypeId: z.number().int(),
  detail: alarmDetailSchema,
  changedBy: z.string(),
  status: z.number().int().optional(),
  deviceType: z.number().int().nullable().optional(),
  deviceNames: z.array(z.string()).optional(),
  templateName: z.string().nullable().optional(),
});
export type ParameterHistoryRow = z.infer<typeof parameterHistoryRowSchema>;

const ACCESS = [Permission.AlarmAdministration];

const templateBodySchema = z.object({
  organizationId: idSchema,
  id: idOrNewSchema,
  name: z.string().max(1000),
  alarmType: z.number().int().min(0).max(2).nullable(),
  measurementTypeId: z.number().int().nullable(),
  detail: alarmDetailSchema,
});

const parameterItemSchema = z.object({
  id: idOrNewSchema,
  status: z.number().int().min(0).max(1),
  alarmParameterTemplateId: idSchema.nullable(),
  alarmDeviceType: z.number().int().min(0).max(3).nullable(),
  deviceIds: z.array(idSchema).max(500),
  detail: alarmDetailSchema,
});

export const templateListEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarmParameterTemplateList/',
  access: ACCESS,
  query: z.object({ organizationId: queryIdSchema, showDeleted: z.enum(['true', 'false']).optional() }),
  response: z.array(alarmParameterTemplateSchema),
});
export const templateEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarmParameterTemplateEdit/',
  access: ACCESS,
  query: z.object({ organizationId: queryIdSchema, id: queryIdSchema }),
  response: alarmParameterTemplateSchema,
});
export const templateEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/alarm/alarmParameterTemplateEdit/',
  access: ACCESS,
  body: templateBodySchema,
  response: alarmParameterTemplateSchema,
});
export const templateHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarmParameterTemplateHistoryList/',
  access: ACCESS,
  query: z.object({ organizationId: queryIdSchema, id: queryIdSchema }),
  response: z.array(parameterHistoryRowSchema),
});
export const siteAlarmParametersEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/siteAlarmParametersList/',
  access: ACCESS,
  query: z.object({ organizationId: queryIdSchema }),
  response: z.array(siteAlarmParametersRowSchema),
});
export const parameterEditEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarmParameterEdit/',
  access: ACCESS,
  query: z.object({
    organizationId: queryIdSchema,
    siteId: queryIdSchema,
    alarmType: z.coerce.number().int().min(0).max(2),
    measurementTypeId: queryIdSchema,
  }),
  response: alarmParameterEditSchema,
});
export const saveParameterEditEndpoint = endpoint({
  method: 'POST',
  path: '/api/alarm/alarmParameterEdit/',
  access: ACCESS,
  body: z.object({
    organizationId: idSchema,
    siteId: idSchema,
    alarmType: z.number().int().min(0).max(2),
    measurementTypeId: idSchema,
    parameters: z.array(parameterItemSchema).max(50),
  }),
  response: alarmParameterEditSchema.shape.parameters,
});
export const parameterHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarmParameterHistoryList/',
  access: ACCESS,
  query: z.object({ organizationId: queryIdSchema, alarmParameterId: queryIdSchema }),
  response: z.array(parameterHistoryRowSchema),
});
const templateActionEndpoint = (action: 'Delete' | 'Restore') =>
  endpoint({
    method: 'POST',
    path: `/api/alarm/alarmParameterTemplate${action}/:id`,
    access: ACCESS,
    params: z.object({ id: queryIdSchema }),
    body: z.object({ organizationId: idSchema }),
    response: alarmParameterTemplateSchema,
  });
export const templateDeleteEndpoint = templateActionEndpoint('Delete');
export const templateRestoreEndpoint = templateActionEndpoint('Restore');
