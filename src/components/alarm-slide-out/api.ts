// Alarm and workflow calls of the slide-out (spec 2 §7 'Alarms', 'Workflow').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { alarmCommentSchema, alarmSchema, contributingSourceSchema, workflowSchema } from '@/contracts/alarm';
import { rootCauseSchema } from '@/contracts/emission-classification';
import type { LdarForm } from '@/domain/alarms';

export const alarmWithOrganizationSchema = alarmSchema.extend({ organizationId: z.number().int() });

export const useAlarm = (encodedId: string) =>
  useQuery({
    queryKey: ['alarm', encodedId],
    queryFn: () => apiRequest(`/api/alarm/alarm/${encodeURIComponent(encodedId)}`, alarmWithOrganizationSchema),
    retry: false,
  });

export const useWorkflow = (organizationId: number, id: number) =>
  useQuery({
    queryKey: ['workflow', organizationId, id],
    queryFn: () => apiRequest('/api/workflow/get', workflowSchema, { query: { organizationId, id } }),
  });

export const useRootCauses = () =>
  useQuery({
    queryKey: ['rootCauses'],
    queryFn: () => apiRequest('/api/workflow/listRootCauses', z.array(rootCauseSchema)),
    staleTime: 10 * 60_000,
  });

export const useTopSources = (encodedId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['alarmSources', encodedId],
    queryFn: () =>
      apiRequest('/api/alarm/topContributingSourcesForAlarm/', z.array(contributingSourceSchema), {
        query: { encodedAlarmId: encodedId },
      }),
    enabled,
  });

/** Everything an alarm change can alter: the alarm, its list, its workflow and the workflow's history. */
function useInvalidateAlarm() {
  const qc = useQueryClient();
  return () =>
    Promise.all(['alarm', 'alarms', 'workflow', 'audit'].map((key) => qc.invalidateQueries({ queryKey: [key] })));
}

export function useAddComment() {
  const invalidate = useInvalidateAlarm();
  return useMutation({
    mutationFn: (body: { organizationId: number; alarmId: number; content: string }) =>
      apiRequest('/api/alarm/addAlarmComment/', alarmCommentSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useWorkflowAction() {
  const invalidate = useInvalidateAlarm();
  return useMutation({
    mutationFn: ({
      action,
      id,
      organizationId,
    }: {
      action: 'acknowledge' | 'unacknowledge' | 'convertBasicToLdar' | 'convertLdarToBasic';
      id: number;
      organizationId: number;
    }) => apiRequest(`/api/workflow/${action}/${id}`, workflowSchema, { method: 'POST', body: { organizationId } }),
    onSuccess: invalidate,
  });
}

export function useEditLdar() {
  const invalidate = useInvalidateAlarm();
  return useMutation({
    mutationFn: (body: LdarForm & { organizationId: number; id: number; version: number }) =>
      apiRequest('/api/workflow/editLdar', workflowSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
