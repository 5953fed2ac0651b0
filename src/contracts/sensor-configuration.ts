// Sensor configuration answers (spec 3 §3 'Sensor configuration', §7 currentSensorConfigurations/,
// sensorConfigurationHistory/). A row is a configured sensor, a Qube with its CH4 sensor, or both.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { Permission } from '@/domain/permissions';
import { sensorBulkAnswerSchema } from '@/domain/sensor-configuration';

const iso = z.string();

export const sensorConfigurationRowSchema = z.object({
  sensorSerialNumber: z.string().nullable(),
  versionId: z.number().int().nullable(),
  createdAt: iso.nullable(),
  coefficients: z.string().nullable(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  thirdPartyId: z.string().nullable(),
  siteName: z.string().nullable(),
  particleOnlineStatus: z.boolean().nullable(),
  syncSuccess: z.boolean().nullable(),
  syncError: z.string().nullable(),
  syncTime: iso.nullable(),
  deviceConfirmedVersionId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
});
export type SensorConfigurationRow = z.infer<typeof sensorConfigurationRowSchema>;

/** One version in a history: what was saved, by whom, and its last sync to the device it was sent to. */
export const sensorConfigurationHistoryRowSchema = sensorConfigurationRowSchema.extend({
  versionId: z.number().int(),
  sensorSerialNumber: z.string(),
  createdAt: iso,
  coefficients: z.string(),
});
export type SensorConfigurationHistoryRow = z.infer<typeof sensorConfigurationHistoryRowSchema>;

export const rmxResultSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  success: z.boolean(),
  error: z.string().nullable(),
});
export type RmxResult = z.infer<typeof rmxResultSchema>;

const ACCESS = [Permission.SensorConfiguration];
const orgQuery = z.object({ organizationId: queryIdSchema });

export const currentSensorConfigurationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/sensorConfiguration/currentSensorConfigurations/',
  access: ACCESS,
  query: orgQuery,
  response: z.array(sensorConfigurationRowSchema),
});
export const addSensorConfigurationEndpoint = endpoint({
  method: 'POST',
  path: '/api/sensorConfiguration/AddSensorConfiguration/',
  access: ACCESS,
  body: z.object({
    organizationId: idSchema,
    sensorSerialNumber: z.string().max(64),
    coefficients: z.string().max(2000),
  }),
  response: z.object({ versionId: z.number().int(), added: z.boolean() }),
});
export const sensorConfigurationTemplateEndpoint = endpoint({
  method: 'GET',
  path: '/api/sensorConfiguration/template/',
  access: ACCESS,
  answer: 'bytes',
});
export const bulkUploadSensorConfigurationsEndpoint = endpoint({
  method: 'POST',
  path: '/api/sensorConfiguration/bulkUploadSensorConfigurations/:organizationId',
  access: ACCESS,
  params: z.object({ organizationId: queryIdSchema }),
  response: sensorBulkAnswerSchema,
});
export const sensorConfigurationHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/sensorConfiguration/sensorConfigurationHistory/',
  access: ACCESS,
  query: orgQuery.extend({ deviceId: queryIdSchema.optional(), sensorSerialNumber: z.string().max(64).optional() }),
  response: z.array(sensorConfigurationHistoryRowSchema),
});
export const setRmxCoefficientsEndpoint = endpoint({
  method: 'POST',
  path: '/api/sensorConfiguration/setRmxCoefficients/',
  access: ACCESS,
  body: z.object({ organizationId: idSchema, deviceIds: z.array(idSchema).min(1).max(500) }),
  response: z.array(rmxResultSchema),
});
