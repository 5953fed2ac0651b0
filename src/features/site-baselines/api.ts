// Site baseline calls (spec 3 §7 'Site baselines').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import {
  baselineListEndpoint,
  calculateBaselineEndpoint,
  createBaselineEndpoint,
  deleteBaselineEndpoint,
  editBaselineEndpoint,
  emissionTotalsEndpoint,
  endBaselineEndpoint,
  restoreBaselineEndpoint,
  siteBaselineHistoryEndpoint,
  siteEmissionStatusesEndpoint,
} from '@/contracts/emission';
import type { BaselineCreate, BaselineInput } from '@/domain/site-baseline';

export const useBaselineList = (organizationId: number) =>
  useQuery(endpointQuery(baselineListEndpoint, { query: { organizationId } }));

export const useSiteHistory = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(siteBaselineHistoryEndpoint, { query: { organizationId, siteId } }));

export const calculateBaseline = (input: BaselineInput, signal?: AbortSignal) =>
  callEndpoint(calculateBaselineEndpoint, { body: input, ...(signal ? { signal } : {}) });

function useInvalidate() {
  const client = useQueryClient();
  // Not awaited: a save is confirmed as soon as the server answers; the lists refresh behind it (issue 25).
  return () => {
    void client.invalidateQueries({ queryKey: areaKey(baselineListEndpoint) });
    // Statuses and trend baselines follow the baselines.
    void client.invalidateQueries({ queryKey: endpointKey(siteEmissionStatusesEndpoint) });
    void client.invalidateQueries({ queryKey: endpointKey(emissionTotalsEndpoint) });
  };
}

export function useCreateBaseline() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BaselineCreate) => callEndpoint(createBaselineEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useEditDates(organizationId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; effectiveFrom: string | null; effectiveTo: string | null }) =>
      callEndpoint(editBaselineEndpoint, { body: { organizationId, ...body } }),
    onSuccess: invalidate,
  });
}

export function useBaselineAction(organizationId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'end' | 'delete' | 'restore'; id: number }) =>
      action === 'restore'
        ? callEndpoint(restoreBaselineEndpoint, { body: { organizationId, id } })
        : callEndpoint(action === 'end' ? endBaselineEndpoint : deleteBaselineEndpoint, {
            params: { id },
            query: { organizationId },
          }),
    onSuccess: invalidate,
  });
}
