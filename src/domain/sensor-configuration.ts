// Sensor configurations (spec 3 §2 'Sensor Configurations', §3 'Sensor configuration', §5, §7, §8): the coefficients
// a Qube's CH4 (RMX) sensor runs with. Every save is a new version; a device confirms the version it runs.
import { z } from 'zod';
import type { CsvColumn } from './csv-column';

export const MAX_COEFFICIENTS = 16;
export const SENSOR_CONFIGURATION_MESSAGES = {
  serialRequired: 'Sensor serial number is required',
  serialDigits: 'Must be 8 digits long',
  coefficientsRequired: 'Coefficients are required',
  coefficientsNumbers: 'Coefficients must be numbers separated by commas',
  coefficientsTooMany: `At most ${MAX_COEFFICIENTS} coefficients`,
  otherOrganization: 'This sensor is fitted to a device of another organization',
} as const;

export const sensorConfigurationAdded = 'Sensor configuration added';
export const sensorConfigurationEdited = 'Sensor configuration edited';
export const sensorConfigurationsUpdated = (n: number) => `${n} sensor configuration(s) updated`;

/** The numbers of a coefficients text ('1.02, -0.004 1.7e-5': commas, semicolons or spaces between), or null. */
export function parseCoefficients(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) return null;
  const numbers = parts.map((p) => (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(p) ? Number(p) : NaN));
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** The one way coefficients are stored and sent: numbers joined by ', ' as typed (no rounding). */
export function normalizeCoefficients(text: string): string {
  return text
    .split(/[\s,;]+/)
    .filter((p) => p !== '')
    .join(', ');
}

/** Null when valid, otherwise the message for the coefficients field. */
export function coefficientsProblem(text: string): string | null {
  if (text.trim() === '') return SENSOR_CONFIGURATION_MESSAGES.coefficientsRequired;
  const numbers = parseCoefficients(text);
  if (!numbers) return SENSOR_CONFIGURATION_MESSAGES.coefficientsNumbers;
  return numbers.length > MAX_COEFFICIENTS ? SENSOR_CONFIGURATION_MESSAGES.coefficientsTooMany : null;
}

export function serialProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return SENSOR_CONFIGURATION_MESSAGES.serialRequired;
  return /^\d{8}$/.test(t) ? null : SENSOR_CONFIGURATION_MESSAGES.serialDigits;
}

export const sensorConfigurationFormSchema = z
  .object({ sensorSerialNumber: z.string().max(64), coefficients: z.string().max(2000) })
  .superRefine((v, ctx) => {
    const serial = serialProblem(v.sensorSerialNumber);
    if (serial) ctx.addIssue({ code: 'custom', path: ['sensorSerialNumber'], message: serial });
    const coefficients = coefficientsProblem(v.coefficients);
    if (coefficients) ctx.addIssue({ code: 'custom', path: ['coefficients'], message: coefficients });
  });
export type SensorConfigurationForm = z.infer<typeof sensorConfigurationFormSchema>;

export const SENSOR_CONFIGURATION_COLUMNS: readonly CsvColumn[] = [
  {
    key: 'sensorSerialNumber',
    header: 'Sensor Serial Number',
    required: true,
    aliases: ['sensorSerialNumber', 'Serial Number'],
  },
  { key: 'coefficients', header: 'Coefficients', required: true, aliases: ['coefficients'] },
];
export const SENSOR_CONFIGURATION_MAX_ROWS = 5000;

/** The bulk upload's answer: how many sensors got a new version, or the file's problems by row (nothing changed). */
export const sensorBulkAnswerSchema = z.object({
  count: z.number().int(),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const SENSOR_QUICK_FILTERS = [
  'Devices Not Configured',
  'Unconfirmed Synced Coefficients',
  'Sensors Not Associated',
] as const;
export type SensorQuickFilter = (typeof SENSOR_QUICK_FILTERS)[number];

export interface SensorRowState {
  versionId: number | null;
  deviceId: number | null;
  syncSuccess: boolean | null;
  deviceConfirmedVersionId: number | null;
}

/** Not configured: a device whose sensor has no configuration. Unconfirmed: the latest version reached the device
 *  but the device does not report running it. Not associated: a configured sensor no Qube carries. */
export function matchesSensorFilter(filter: SensorQuickFilter, row: SensorRowState): boolean {
  if (filter === 'Devices Not Configured') return row.deviceId !== null && row.versionId === null;
  if (filter === 'Unconfirmed Synced Coefficients')
    return row.deviceId !== null && row.syncSuccess === true && row.deviceConfirmedVersionId !== row.versionId;
  return row.deviceId === null;
}

/** The device-cloud function that loads coefficients, and its argument: the version the device confirms, then the numbers. */
export const SET_RMX_FUNCTION = 'setRMXCoefficients';
export const rmxArgument = (versionId: number, coefficients: string) =>
  `version=${versionId};coefficients=${normalizeCoefficients(coefficients).replace(/, /g, ',')}`;
export function readRmxArgument(argument: string): { versionId: number; coefficients: number[] } | null {
  const m = /^version=(\d+);coefficients=([^;]+)$/.exec(argument);
  const coefficients = m ? parseCoefficients(m[2]!) : null;
  return m && coefficients ? { versionId: Number(m[1]), coefficients } : null;
}

/** Why 'Set RMX Coefficients' is not offered for a row, or null when it is. */
export function rmxBlocked(row: {
  deviceId: number | null;
  versionId: number | null;
  particleOnlineStatus: boolean | null;
}): string | null {
  if (row.deviceId === null) return 'The sensor is not fitted to a Qube';
  if (row.versionId === null) return 'The sensor has no configuration yet';
  return row.particleOnlineStatus === true ? null : 'The device is offline';
}
