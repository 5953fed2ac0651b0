// Export Data (spec 3 §2 'Export Data', §5 'Export forms', §7 'Exports', §9 'Export options'): the seven forms, their
// options and rules with the spec's messages, shared by the forms and the server's download routes.
import { z } from 'zod';
import { isoTime } from './iso-time';
import { WIND_TYPES } from './measurement-type';
import { queryIdSchema } from '@/contracts/bounds';
import { TZDate } from '@date-fns/tz';
import { addDays, addHours, addMonths, addYears, startOfDay, startOfHour, startOfMonth, startOfYear } from 'date-fns';
import { Permission } from './permissions';

export const EXPORT_FORMS = [
  { id: 'alarms', title: 'Export Alarms', permissions: [Permission.ExportModelResults] },
  { id: 'volumes', title: 'Export Volumes', permissions: [Permission.ExportModelResults] },
  { id: 'emissions', title: 'Export Emissions', permissions: [Permission.ExportModelResults] },
  {
    id: 'rollingAverages',
    title: 'Export CH4 Rolling Averages and Baseline',
    permissions: [Permission.ExportModelResults],
  },
  { id: 'deviceData', title: 'Export Device Data', permissions: [Permission.ExportLowPrecisionDeviceData] },
  { id: 'deviceUptime', title: 'Export Device Uptime', permissions: [Permission.ExportUptime] },
  { id: 'siteRate', title: 'Export Site Rate (Deprecated)', permissions: [Permission.ExportModelResults] },
] as const;
export type ExportFormId = (typeof EXPORT_FORMS)[number]['id'];

export const MAX_SITE_CHIPS = 10;

export const EXPORT_MESSAGES = {
  rangeRequired: 'Date range is required',
  rangeOrder: 'The start of the date range must be before its end',
  siteRequired: 'At least one site is required',
  siteGroupRequired: 'At least one site group is required',
  singleSiteRequired: 'Site is required',
  deviceDataTypeRequired: 'Device data type is required',
  samplePeriodRequired: 'Sample period is required',
  samplingMethodRequired: 'Sampling method is required',
  rangeVsSample: 'Date range must be larger than the sample period',
  minimumRange: 'Date range must be at least 1 minute',
  windAverageOnly: 'Wind data can only be exported as averages',
  averagePeriods: 'Averages are exported for 15 minutes, 1 hour or 1 day',
  rawPermission: 'Raw data needs the high-precision export permission',
  rollingRequired: 'At least one rolling average period is required',
  groupByRequired: 'Group by is required',
  timeZoneRequired: 'Time zone is required',
  rangeTooLong: (days: number) => `The date range can be at most ${days} days`,
} as const;

export const SAMPLING_METHODS = [
  { value: 1, label: 'Average' },
  { value: 2, label: 'Maximum' },
] as const;
export const SAMPLING_AVERAGE = 1;
export const SAMPLING_MAXIMUM = 2;

/** Sample periods in minutes. Averages are offered for 15 minutes, 1 hour and 1 day only. */
export const SAMPLE_PERIODS = [
  { minutes: 1, label: '1 Minute' },
  { minutes: 5, label: '5 Minutes' },
  { minutes: 15, label: '15 Minutes' },
  { minutes: 60, label: '1 Hour' },
  { minutes: 1440, label: '1 Day' },
] as const;
export const AVERAGE_SAMPLE_MINUTES = [15, 60, 1440] as const;

export const DEVICE_DATA_TYPES = [
  { key: 'CH4', measurementTypeIds: [1] },
  { key: 'CO', measurementTypeIds: [2] },
  { key: 'CO2', measurementTypeIds: [3] },
  { key: 'H2S', measurementTypeIds: [4] },
  { key: 'NH3', measurementTypeIds: [28] },
  { key: 'NO2', measurementTypeIds: [5] },
  { key: 'PM2', measurementTypeIds: [6] },
  { key: 'SO2', measurementTypeIds: [7] },
  { key: 'VOC', measurementTypeIds: [8] },
  { key: 'Wind', measurementTypeIds: WIND_TYPES },
] as const;
export type DeviceDataType = (typeof DEVICE_DATA_TYPES)[number]['key'];
export const DEVICE_DATA_TYPE_KEYS = DEVICE_DATA_TYPES.map((t) => t.key) as [DeviceDataType, ...DeviceDataType[]];

/** The sample periods a method and type allow: averages of gases only at 15 minutes, 1 hour and 1 day. */
export function samplePeriodOptions(
  method: number | null,
  type: DeviceDataType | null,
): { minutes: number; label: string }[] {
  if (method === SAMPLING_AVERAGE && type !== 'Wind')
    return SAMPLE_PERIODS.filter((p) => (AVERAGE_SAMPLE_MINUTES as readonly number[]).includes(p.minutes));
  return [...SAMPLE_PERIODS];
}

export const VOLUME_GROUP_BY = ['Total', 'Yearly', 'Monthly', 'Daily', 'Hourly'] as const;
export type VolumeGroupBy = (typeof VOLUME_GROUP_BY)[number];

export const ROLLING_AVERAGE_PERIODS = [
  { hours: 1, label: '1 Hour' },
  { hours: 24, label: '1 Day' },
  { hours: 168, label: '7 Day' },
  { hours: 360, label: '15 Day' },
  { hours: 720, label: '30 Day' },
  { hours: 2160, label: '90 Day' },
] as const;

/** The longest range one export may cover (a year and a day, so a calendar year in any zone fits). */
export const MAX_EXPORT_DAYS = 366;
export const MAX_UPTIME_EXPORT_DAYS = 90;

// ---- Query contracts of the download routes (repeated array parameters) ----

const ids = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(queryIdSchema).max(5000),
);
const flag = z.preprocess((v) => v === true || v === 'true', z.boolean());

export const exportScopeSchema = z.object({
  organizationId: queryIdSchema,
  startTime: isoTime,
  endTime: isoTime,
  siteIds: ids.optional(),
  siteGroupIds: ids.optional(),
});
export const volumesQuerySchema = exportScopeSchema.extend({
  groupBy: z.enum(VOLUME_GROUP_BY),
  splitBySourceCategory: flag,
  splitBySourceGroup: flag,
  ianaTimezoneId: z.string().min(1).max(64),
});
export const rollingAveragesQuerySchema = exportScopeSchema.extend({
  rollingAveragePeriods: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number().int()).max(6),
  ),
});
export const deviceDataQuerySchema = exportScopeSchema.extend({
  deviceDataType: z.enum(DEVICE_DATA_TYPE_KEYS),
  samplePeriodMinutes: queryIdSchema.optional(),
  samplingMethod: z.coerce.number().int().optional(),
  raw: flag.optional(),
});
export const siteRateQuerySchema = exportScopeSchema.extend({
  samplePeriodMinutes: queryIdSchema,
  samplingMethod: z.coerce.number().int(),
});

/** The rules a device data request must meet beyond its shape; problems by field. */
export function deviceDataProblems(
  q: {
    startTime: string;
    endTime: string;
    deviceDataType: DeviceDataType | null;
    samplePeriodMinutes?: number | null;
    samplingMethod?: number | null;
    raw?: boolean;
  },
  canExportRaw: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const span = Date.parse(q.endTime) - Date.parse(q.startTime);
  if (!q.deviceDataType) errors.deviceDataType = EXPORT_MESSAGES.deviceDataTypeRequired;
  if (q.raw) {
    if (!canExportRaw) errors.raw = EXPORT_MESSAGES.rawPermission;
    if (q.deviceDataType === 'Wind') errors.samplingMethod = EXPORT_MESSAGES.windAverageOnly;
    if (span < 60_000) errors.dateRange = EXPORT_MESSAGES.minimumRange;
    return errors;
  }
  if (!q.samplingMethod) errors.samplingMethod = EXPORT_MESSAGES.samplingMethodRequired;
  else if (q.deviceDataType === 'Wind' && q.samplingMethod !== SAMPLING_AVERAGE)
    errors.samplingMethod = EXPORT_MESSAGES.windAverageOnly;
  if (!q.samplePeriodMinutes) errors.samplePeriod = EXPORT_MESSAGES.samplePeriodRequired;
  else if (
    !samplePeriodOptions(q.samplingMethod ?? null, q.deviceDataType).some((p) => p.minutes === q.samplePeriodMinutes)
  )
    errors.samplePeriod = EXPORT_MESSAGES.averagePeriods;
  else if (span <= q.samplePeriodMinutes * 60_000) errors.dateRange = EXPORT_MESSAGES.rangeVsSample;
  if (span < 60_000 && !errors.dateRange) errors.dateRange = EXPORT_MESSAGES.minimumRange;
  return errors;
}

// ---- Volume periods in a time zone ----

/** The periods of a volume export: one for Total, else calendar years, months, days or hours in the zone. */
export function volumePeriods(
  groupBy: VolumeGroupBy,
  start: number,
  end: number,
  timeZone: string,
): { start: number; end: number }[] {
  if (groupBy === 'Total') return [{ start, end }];
  const floor = (t: TZDate) =>
    groupBy === 'Yearly'
      ? startOfYear(t)
      : groupBy === 'Monthly'
        ? startOfMonth(t)
        : groupBy === 'Daily'
          ? startOfDay(t)
          : startOfHour(t);
  const next = (t: TZDate) =>
    groupBy === 'Yearly'
      ? addYears(t, 1)
      : groupBy === 'Monthly'
        ? addMonths(t, 1)
        : groupBy === 'Daily'
          ? addDays(t, 1)
          : addHours(t, 1);
  const out: { start: number; end: number }[] = [];
  for (let t = floor(new TZDate(start, timeZone)); t.getTime() < end; t = next(t))
    out.push({ start: Math.max(start, t.getTime()), end: Math.min(end, next(t).getTime()) });
  return out;
}

/** '2026-03-01T00:00:00-06:00': a period start in the export's zone, with its offset. */
export function zonedIso(time: number, timeZone: string): string {
  const t = new TZDate(time, timeZone);
  const offset = -t.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}${sign}${hh}:${mm}`;
}

/** The rolling mean of hourly values over `hours`, for each hour from `firstIndex` on (values before it are lookback). */
export function rollingMeans(hourly: readonly number[], hours: number, firstIndex: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < hourly.length; i++) {
    sum += hourly[i]!;
    if (i >= hours) sum -= hourly[i - hours]!;
    if (i >= firstIndex) out.push(sum / Math.min(hours, i + 1));
  }
  return out;
}
