// Device uptime answers (spec 2 §3 'Uptime', §7 /api/uptime/...).
import { z } from 'zod';
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
