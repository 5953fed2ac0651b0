// Push integration calls (spec 3 §7 'Integrations') and the site groups the form offers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { auditEndpoints } from '@/contracts/audit';
import {
  deleteIntegrationEndpoint,
  destinationRulesEndpoint,
  executionHistoryEndpoint,
  integrationEditEndpoint,
  integrationEndpoint,
  integrationListEndpoint,
  type IntegrationEditBody,
} from '@/contracts/integration';
import { siteGroupListEndpoint, siteGroupOptionsEndpoint } from '@/contracts/site';

export const useIntegrations = (organizationId: number) =>
  useQuery({
    ...endpointQuery(integrationListEndpoint, { query: { organizationId } }),
    // The worker delivers in the background: the 24-hour counts follow it while the tab is open.
    refetchInterval: 60_000,
  });

/** The integration as saved now, for the edit form (never a stale list row). */
export const useIntegration = (organizationId: number, integrationId: number | null) =>
  useQuery({
    ...endpointQuery(integrationEndpoint, { query: { organizationId, integrationId: integrationId! } }),
    enabled: integrationId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export const useExecutionHistory = (organizationId: number, integrationId: number) =>
  useQuery({
    ...endpointQuery(executionHistoryEndpoint, { query: { organizationId, integrationId } }),
    staleTime: 0,
  });

export const useSiteGroupOptions = (organizationId: number) =>
  useQuery(endpointQuery(siteGroupOptionsEndpoint, { query: { organizationId } }));

/** The private networks the operator allows, so the form refuses exactly what the server refuses. */
export const useDestinationRules = (organizationId: number) =>
  useQuery({ ...endpointQuery(destinationRulesEndpoint, { query: { organizationId } }), staleTime: 5 * 60_000 });

function useInvalidate() {
  const qc = useQueryClient();
  // Site groups show how many integrations use them.
  return () =>
    Promise.all(
      [
        endpointKey(integrationListEndpoint),
        endpointKey(siteGroupListEndpoint),
        areaKey(auditEndpoints.integration),
      ].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

export function useSaveIntegration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: IntegrationEditBody) => callEndpoint(integrationEditEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteIntegration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { organizationId: number; integrationId: number }) =>
      callEndpoint(deleteIntegrationEndpoint, { query: v }),
    onSuccess: invalidate,
  });
}
