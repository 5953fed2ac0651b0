// Push integration calls (spec 3 §7 'Integrations') and the site groups the form offers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import {
  destinationRulesSchema,
  executionHistorySchema,
  integrationSchema,
  type IntegrationEditBody,
} from '@/contracts/integrations';

const LIST_KEY = 'pushIntegrations';

export const useIntegrations = (organizationId: number) =>
  useQuery({
    queryKey: [LIST_KEY, organizationId],
    queryFn: () =>
      apiRequest('/api/integration/integrations/', z.array(integrationSchema), { query: { organizationId } }),
    // The worker delivers in the background: the 24-hour counts follow it while the tab is open.
    refetchInterval: 60_000,
  });

/** The integration as saved now, for the edit form (never a stale list row). */
export const useIntegration = (organizationId: number, integrationId: number | null) =>
  useQuery({
    queryKey: ['pushIntegration', organizationId, integrationId],
    queryFn: () =>
      apiRequest('/api/integration/integrationEdit/', integrationSchema, {
        query: { organizationId, integrationId: integrationId! },
      }),
    enabled: integrationId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export const useExecutionHistory = (organizationId: number, integrationId: number) =>
  useQuery({
    queryKey: ['pushIntegrationExecutions', organizationId, integrationId],
    queryFn: () =>
      apiRequest('/api/integration/integrationExecutionHistory/', executionHistorySchema, {
        query: { organizationId, integrationId },
      }),
    staleTime: 0,
  });

export const useSiteGroupOptions = (organizationId: number) =>
  useQuery({
    queryKey: ['siteGroupOptions', organizationId],
    queryFn: () =>
      apiRequest(
        '/api/siteGroup/siteGroupOptionsForOrganization/',
        z.array(z.object({ id: z.number(), name: z.string() })),
        { query: { organizationId } },
      ),
  });

/** The private networks the operator allows, so the form refuses exactly what the server refuses. */
export const useDestinationRules = (organizationId: number) =>
  useQuery({
    queryKey: ['pushDestinationRules', organizationId],
    queryFn: () =>
      apiRequest('/api/integration/destinationRules/', destinationRulesSchema, { query: { organizationId } }),
    staleTime: 5 * 60_000,
  });

function useInvalidate() {
  const qc = useQueryClient();
  // Site groups show how many integrations use them.
  return () => Promise.all([LIST_KEY, 'siteGroups', 'audit'].map((key) => qc.invalidateQueries({ queryKey: [key] })));
}

export function useSaveIntegration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: IntegrationEditBody) =>
      apiRequest('/api/integration/integrationEdit/', integrationSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteIntegration() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { organizationId: number; integrationId: number }) =>
      apiRequest('/api/integration/deleteIntegration/', z.object({ id: z.number() }), { method: 'DELETE', query: v }),
    onSuccess: invalidate,
  });
}
