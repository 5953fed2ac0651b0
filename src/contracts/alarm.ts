// Alarm answers (spec 2 §3 'Alarm', 'Alarm comment', 'Workflow', 'Contributing source').
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { emissionWindowQuerySchema } from '@/contracts/emission';
import { endpoint } from '@/contracts/endpoint';
import { ALARM_FIELDS, ALARM_QUICK_FILTERS, COMMENT_MAX } from '@/domain/alarm';
import { EVENT_LOG_TOP } from '@/domain/emission';
import { gridQuerySchema } from '@/domain/grid-query';
import { Permission } from '@/domain/permissions';

const iso = z.string();

export const alarmCommentSchema = z.object({
  id: z.number().int(),
  alarmId: z.number().int(),
  content: z.string(),
  createdAt: iso,
  email: z.string(),
  userId: z.number().int().nullable(),
});
export type AlarmComment = z.infer<typeof alarmCommentSchema>;

export const alarmSchema = z.object({
  id: z.number().int(),
  encodedId: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  siteAlias: z.string().nullable(),
  siteGroupNames: z.array(z.string()),
  level: z.number().int(),
  alarmType: z.number().int(),
  measurementTypeId: z.number().int(),
  calculationMethod: z.number().int().nullable(),
  startTime: iso,
  endTime: iso.nullable(),
  maxValue: z.number().nullable(),
  totalVolume: z.number().nullable(),
  hiThreshold: z.number().nullable(),
  hiHiThreshold: z.number().nullable(),
  criticalThreshold: z.number().nullable(),
  slidingWindowSizeInHours: z.number().nullable(),
  device: z.string().nullable(),
  deviceType: z.string().nullable(),
  mostProbableSource: z.string().nullable(),
  topEmittingSource: z.string().nullable(),
  alarmComments: z.array(alarmCommentSchema),
  workflowId: z.number().int(),
  workflowType: z.number().int(),
  workflowResolvedAt: iso.nullable(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmListAnswerSchema = z.object({
  rows: z.array(alarmSchema),
  totalRows: z.number().int(),
  lastRow: z.number().int(),
});

export const contributingSourceSchema = z.object({ sourceName: z.string(), totalVolume: z.number() });

export const workflowSchema = z.object({
  id: z.number().int(),
  workflowType: z.number().int(),
  createdAt: iso,
  resolvedAt: iso.nullable(),
  resolvedBy: z.string().nullable(),
  contributingEmissionClassified: z.boolean(),
  version: z.number().int(),
  basicWorkflowModel: z.object({ acknowledgedAt: iso.nullable() }).nullable(),
  ldarWorkflowModel: z
    .object({
      classification: z.string().nullable(),
      rootCauseId: z.number().int().nullable(),
      repairRequired: z.boolean().nullable(),
      repairType: z.number().int().nullable(),
      repairCompleted: iso.nullable(),
      resolvedAt: iso.nullable(),
    })
    .nullable(),
});
export type Workflow = z.infer<typeof workflowSchema>;

const alarmListQuerySchema = gridQuerySchema(ALARM_FIELDS, ALARM_QUICK_FILTERS).and(
  z.object({ organizationId: queryIdSchema }),
);
/** The Alarms grid's blocks (spec 2 §7 listAlarms/); alarms/ is the same list under its older name. */
export const alarmListEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/listAlarms/',
  access: 'authenticated',
  query: alarmListQuerySchema,
  response: alarmListAnswerSchema,
});
export const alarmListAliasEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarms/',
  access: 'authenticated',
  query: alarmListQuerySchema,
  response: alarmListAnswerSchema,
});
export const evaluateSiteEndpoint = endpoint({
  method: 'POST',
  path: '/api/alarm/evaluateSite/',
  access: [Permission.AlarmAdministration],
  body: z.object({
    organizationId: idSchema,
    siteId: idSchema,
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
  }),
  response: z.object({ alarmsRaised: z.number().int() }),
});
export const recentAlarmsEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/recentAlarms/',
  access: 'authenticated',
  query: emissionWindowQuerySchema.extend({
    top: z.coerce.number().int().min(1).max(EVENT_LOG_TOP).default(EVENT_LOG_TOP),
  }),
  response: z.array(alarmSchema),
});
export const alarmEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/alarm/:encodedId',
  access: 'authenticated',
  params: z.object({ encodedId: z.string().max(16) }),
  response: alarmSchema.extend({ organizationId: z.number().int() }),
});
export const topContributingSourcesEndpoint = endpoint({
  method: 'GET',
  path: '/api/alarm/topContributingSourcesForAlarm/',
  access: 'authenticated',
  query: z.object({ encodedAlarmId: z.string().max(16) }),
  response: z.array(contributingSourceSchema),
});
export const addAlarmCommentEndpoint = endpoint({
  method: 'POST',
  path: '/api/alarm/addAlarmComment/',
  access: 'authenticated',
  body: z.object({ organizationId: idSchema, alarmId: idSchema, content: z.string().max(COMMENT_MAX) }),
  response: alarmCommentSchema,
});
