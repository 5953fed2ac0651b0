// Alarm and workflow calls of the slide-out (spec 2 §7 'Alarms', 'Workflow').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointQuery } from '@/api/endpoint-client';
import { addAlarmCommentEndpoint, alarmEndpoint, topContributingSourcesEndpoint } from '@/contracts/alarm';
import { auditEndpoints } from '@/contracts/audit';
import {
  editLdarEndpoint,
  rootCauseListEndpoint,
  workflowActionEndpoints,
  workflowEndpoint,
  type WorkflowAction,
} from '@/contracts/workflow';
import type { LdarForm } from '@/domain/alarm';
import { CLASSIFICATIONS } from '@/domain/enums';

export const useAlarm = (encodedId: string) =>
  useQuery({ ...endpointQuery(alarmEndpoint, { params: { encodedId } }), retry: false });

export const useWorkflow = (organizationId: number, id: number) =>
  useQuery(endpointQuery(workflowEndpoint, { query: { organizationId, id } }));

export const useRootCauses = () => useQuery({ ...endpointQuery(rootCauseListEndpoint), staleTime: 10 * 60_000 });

export const useTopSources = (encodedId: string, enabled: boolean) =>
  useQuery({ ...endpointQuery(topContributingSourcesEndpoint, { query: { encodedAlarmId: encodedId } }), enabled });

/** Everything an alarm change can alter: the alarm, its list, its workflow and the workflow's history. */
function useInvalidateAlarm() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [areaKey(alarmEndpoint), areaKey(workflowEndpoint), areaKey(auditEndpoints.workflow)].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
}

export function useAddComment() {
  const invalidate = useInvalidateAlarm();
  return useMutation({
    mutationFn: (body: { organizationId: number; alarmId: number; content: string }) =>
      callEndpoint(addAlarmCommentEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useWorkflowAction() {
  const invalidate = useInvalidateAlarm();
  return useMutation({
    mutationFn: ({ action, id, organizationId }: { action: WorkflowAction; id: number; organizationId: number }) =>
      callEndpoint(workflowActionEndpoints[action], { params: { id }, body: { organizationId } }),
    onSuccess: invalidate,
  });
}

export function useEditLdar() {
  const invalidate = useInvalidateAlarm();
  return useMutation({
    // The form's classification comes from the CLASSIFICATIONS select, so it is one of them or none.
    mutationFn: ({ classification, ...rest }: LdarForm & { organizationId: number; id: number; version: number }) =>
      callEndpoint(editLdarEndpoint, {
        body: { ...rest, classification: CLASSIFICATIONS.find((c) => c === classification) ?? null },
      }),
    onSuccess: invalidate,
  });
}
