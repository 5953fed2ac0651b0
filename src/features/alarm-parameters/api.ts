// Alarm parameter calls (spec 2 §7): templates and site parameters.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import {
  alarmParameterEditSchema,
  alarmParameterTemplateSchema,
  parameterHistoryRowSchema,
  siteAlarmParametersRowSchema,
} from '@/contracts/alarm-parameters';
import type { AlarmDetailForm } from '@/domain/alarm-parameters';

export const useSiteAlarmParameters = (organizationId: number) =>
  useQuery({
    queryKey: ['siteAlarmParameters', organizationId],
    queryFn: () =>
      apiRequest('/api/alarm/siteAlarmParametersList/', z.array(siteAlarmParametersRowSchema), {
        query: { organizationId },
      }),
  });

export const useTemplates = (organizationId: number, showDeleted: boolean) =>
  useQuery({
    queryKey: ['alarmTemplates', organizationId, showDeleted],
    queryFn: () =>
      apiRequest('/api/alarm/alarmParameterTemplateList/', z.array(alarmParameterTemplateSchema), {
        query: { organizationId, showDeleted },
      }),
  });

export const useParameterEdit = (
  organizationId: number,
  siteId: number,
  alarmType: number,
  measurementTypeId: number,
) =>
  useQuery({
    queryKey: ['alarmParameterEdit', organizationId, siteId, alarmType, measurementTypeId],
    queryFn: () =>
      apiRequest('/api/alarm/alarmParameterEdit/', alarmParameterEditSchema, {
        query: { organizationId, siteId, alarmType, measurementTypeId },
      }),
    staleTime: 0,
    gcTime: 0,
  });

export const useParameterHistory = (
  organizationId: number,
  of: { kind: 'template' | 'parameter'; id: number } | null,
) =>
  useQuery({
    queryKey: ['alarmParameterHistory', organizationId, of?.kind, of?.id],
    queryFn: () =>
      of!.kind === 'template'
        ? apiRequest('/api/alarm/alarmParameterTemplateHistoryList/', z.array(parameterHistoryRowSchema), {
            query: { organizationId, id: of!.id },
          })
        : apiRequest('/api/alarm/alarmParameterHistoryList/', z.array(parameterHistoryRowSchema), {
            query: { organizationId, alarmParameterId: of!.id },
          }),
    enabled: of !== null,
    staleTime: 0,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      ['siteAlarmParameters', 'alarmTemplates', 'alarmParameterEdit', 'alarmParameterHistory'].map((key) =>
        qc.invalidateQueries({ queryKey: [key] }),
      ),
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
    mutationFn: (body: TemplateSave) =>
      apiRequest('/api/alarm/alarmParameterTemplateEdit/', alarmParameterTemplateSchema, { method: 'POST', body }),
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
      apiRequest(`/api/alarm/alarmParameterTemplate${action}/${id}`, alarmParameterTemplateSchema, {
        method: 'POST',
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
    }) =>
      apiRequest('/api/alarm/alarmParameterEdit/', alarmParameterEditSchema.shape.parameters, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
