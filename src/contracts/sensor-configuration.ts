// Sensor configuration answers (spec 3 §3 'Sensor configuration', §7 currentSensorConfigurations/,
// sensorConfigurationHistory/). A row is a configured sensor, a Qube with its CH4 sensor, or both.
import { z } from 'zod';

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
