// Alarm answers (spec 2 §3 'Alarm', 'Alarm comment', 'Workflow', 'Contributing source').
import { z } from 'zod';

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
