// Alarm parameter calls (spec 2 §7): templates and site parameters.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import {
  parameterEditEndpoint,
  parameterHistoryEndpoint,
  saveParameterEditEndpoint,
  siteAlarmParametersEndpoint,
  templateDeleteEndpoint,
  templateEditEndpoint,
  templateHistoryEndpoint,
  templateListEndpoint,
  templateRestoreEndpoint,
} from '@/contracts/alarm-parameter';
import type { AlarmDetailForm } from '@/domain/alarm-parameter';

export const useSiteAlarmParameters = (organizationId: number) =>
  useQuery(endpointQuery(siteAlarmParametersEndpoint, { query: { organizationId } }));

export const useTemplates = (organizationId: number, showDeleted: boolean) =>
  useQuery(endpointQuery(templateListEndpoint, { query: { organizationId, showDeleted } }));

export const useParameterEdit = (
  organizationId: number,
  siteId: number,
  alarmType: number,
  measurementTypeId: number,
) =>
  useQuery({
    ...endpointQuery(parameterEditEndpoint, { query: { organizationId, siteId, alarmType, measurementTypeId } }),
    staleTime: 0,
    gcTime: 0,
  });

export const useParameterHistory = (
  organizationId: number,
  of: { kind: 'template' | 'parameter'; id: number } | null,
) =>
  useQuery({
    ...(of?.kind === 'template'
      ? endpointQuery(templateHistoryEndpoint, { query: { organizationId, id: of.id } })
      : endpointQuery(parameterHistoryEndpoint, { query: { organizationId, alarmParameterId: of?.id ?? 0 } })),
    enabled: of !== null,
    staleTime: 0,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [
        siteAlarmParametersEndpoint,
        templateListEndpoint,
        parameterEditEndpoint,
        templateHistoryEndpoint,
        parameterHistoryEndpoint,
      ].map((e) => qc.invalidateQueries({ queryKey: endpointKey(e) })),
    );
}

export interface TemplateSave {
  organizationId: number;
  id: number;
  name: string;
  alarmType: number | null;
  measurementTypeId: number | null;
  detail: AlarmDetailForm;
}

export function useSaveTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TemplateSave) => callEndpoint(templateEditEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useTemplateAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      action,
      id,
      organizationId,
    }: {
      action: 'Delete' | 'Restore';
      id: number;
      organizationId: number;
    }) =>
      callEndpoint(action === 'Delete' ? templateDeleteEndpoint : templateRestoreEndpoint, {
        params: { id },
        body: { organizationId },
      }),
    onSuccess: invalidate,
  });
}

export interface ParameterSave {
  id: number;
  status: number;
  alarmParameterTemplateId: number | null;
  alarmDeviceType: number | null;
  deviceIds: number[];
  detail: AlarmDetailForm;
}

export function useSaveParameters() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: {
      organizationId: number;
      siteId: number;
      alarmType: number;
      measurementTypeId: number;
      parameters: ParameterSave[];
    }) => callEndpoint(saveParameterEditEndpoint, { body }),
    onSuccess: invalidate,
  });
}
