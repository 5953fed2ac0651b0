// Alarm parameter answers (spec 2 §3 'Alarm parameter template', 'Site alarm parameter', 'History rows').
import { z } from 'zod';

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
