// Device uptime answers (spec 2 §3 'Uptime', §7 /api/uptime/...).
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { gridQuerySchema } from '@/domain/grid-query';
import { Permission } from '@/domain/permissions';
import { UP_STATUSES } from '@/domain/enums';
import { uptimeSummarySchema } from '@/domain/uptime';

export const uptimeRowSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  organizationName: z.string(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  freshdeskTickets: z.array(z.object({ id: z.number().int(), status: z.number().int() })),
  values: z.array(z.object({ time: z.string(), upStatus: z.enum(UP_STATUSES) })),
  summary: uptimeSummarySchema,
});
export type UptimeRow = z.infer<typeof uptimeRowSchema>;

export const uptimeOverviewSchema = z.object({
  uptimeByPeriod: z.array(z.object({ time: z.string(), summary: uptimeSummarySchema })),
  summary: uptimeSummarySchema,
});
export type UptimeOverview = z.infer<typeof uptimeOverviewSchema>;

export const uptimeGridAnswerSchema = z.object({
  rows: z.array(uptimeRowSchema),
  totalRows: z.number().int(),
  lastRow: z.number().int(),
});

const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(queryIdSchema).max(5000));
/** The organizations (and sites) and the range an uptime answer covers. */
export const uptimeScopeSchema = z.object({
  fromTime: z.iso.datetime({ offset: true }),
  toTime: z.iso.datetime({ offset: true }),
  organizationIds: ids,
  siteIds: ids,
});
export const UPTIME_GRID_FIELDS = [
  'deviceName',
  'organizationName',
  'siteName',
  'freshdeskTickets',
  'uptimePercentage',
] as const;

export const uptimeOverviewEndpoint = endpoint({
  method: 'GET',
  path: '/api/uptime/deviceUpOverview/',
  access: [Permission.DeviceUptimeView],
  query: uptimeScopeSchema,
  response: uptimeOverviewSchema,
});
export const uptimeStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/uptime/deviceUpStatus/',
  access: [Permission.DeviceUptimeView],
  query: gridQuerySchema(UPTIME_GRID_FIELDS).and(uptimeScopeSchema),
  response: uptimeGridAnswerSchema,
});
