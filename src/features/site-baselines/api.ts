// Site baseline calls (spec 3 §7 'Site baselines').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { baselineCalculationSchema, siteBaselineListRowSchema, siteBaselineSchema } from '@/contracts/emissions';
import type { BaselineCreate, BaselineInput } from '@/domain/baselines';

export const useBaselineList = (organizationId: number) =>
  useQuery({
    queryKey: ['siteBaselines', organizationId],
    queryFn: () =>
      apiRequest('/api/siteBaseline/list/', z.array(siteBaselineListRowSchema), { query: { organizationId } }),
  });

export const useSiteHistory = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: ['siteBaselines', organizationId, 'history', siteId],
    queryFn: () =>
      apiRequest('/api/siteBaseline/siteHistory/', z.array(siteBaselineSchema), { query: { organizationId, siteId } }),
  });

export const calculateBaseline = (input: BaselineInput, signal?: AbortSignal) =>
  apiRequest('/api/siteBaseline/calculate/', baselineCalculationSchema, { method: 'POST', body: input, signal });

function useInvalidate(organizationId: number) {
  const client = useQueryClient();
  // Not awaited: a save is confirmed as soon as the server answers; the lists refresh behind it (issue 25).
  return () => {
    void client.invalidateQueries({ queryKey: ['siteBaselines', organizationId] });
    // Statuses and trend baselines follow the baselines.
    void client.invalidateQueries({ queryKey: ['siteStatuses'] });
    void client.invalidateQueries({ queryKey: ['emissionTotals'] });
  };
}

export function useCreateBaseline(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: (body: BaselineCreate) =>
      apiRequest('/api/siteBaseline/create/', siteBaselineSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useEditDates(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: (body: { id: number; effectiveFrom: string | null; effectiveTo: string | null }) =>
      apiRequest('/api/siteBaseline/edit/', siteBaselineSchema, { method: 'POST', body: { organizationId, ...body } }),
    onSuccess: invalidate,
  });
}

export function useBaselineAction(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: ({ action, id }: { action: 'end' | 'delete' | 'restore'; id: number }) =>
      action === 'end'
        ? apiRequest(`/api/siteBaseline/end/${id}`, siteBaselineSchema, { method: 'POST', query: { organizationId } })
        : action === 'delete'
          ? apiRequest(`/api/siteBaseline/delete/${id}`, siteBaselineSchema, {
              method: 'DELETE',
              query: { organizationId },
            })
          : apiRequest('/api/siteBaseline/restore/', siteBaselineSchema, {
              method: 'POST',
              body: { organizationId, id },
            }),
    onSuccess: invalidate,
  });
}
