// Deployment plan calls (spec 3 §7): the saved plan with the site's sources, the wind source options, Preview and Save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import {
  deploymentPlanForSiteSchema,
  devicePlacementResultSchema,
  editDeploymentPlanAnswerSchema,
  windSourceOptionsSchema,
} from '@/contracts/deployment-plan';
import type { DevicePlacementRequestInput } from '@/domain/deployment-plan';

export const deploymentPlanKey = (siteId: number) => ['deploymentPlan', siteId] as const;

export const useDeploymentPlanForSite = (organizationId: number, siteId: number, enabled = true) =>
  useQuery({
    queryKey: [...deploymentPlanKey(siteId), organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/deploymentPlan/getDeploymentPlanForSite/', deploymentPlanForSiteSchema, {
        query: { organizationId, siteId },
        signal,
      }),
    enabled,
  });

export const useWindSourceOptions = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: ['deploymentPlanWindSources', siteId, organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/deploymentPlan/getWindSourceOptionsForSite/', windSourceOptionsSchema, {
        query: { organizationId, siteId },
        signal,
      }),
  });

export const usePreviewPlacement = (organizationId: number) =>
  useMutation({
    mutationFn: (request: DevicePlacementRequestInput) =>
      apiRequest('/api/deploymentPlan/devicePlacement/', devicePlacementResultSchema, {
        method: 'POST',
        body: { organizationId, ...request },
      }),
  });

export function useSaveDeploymentPlan(organizationId: number, siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: DevicePlacementRequestInput) =>
      apiRequest('/api/deploymentPlan/editDeploymentPlan/', editDeploymentPlanAnswerSchema, {
        method: 'POST',
        body: { organizationId, ...request },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: deploymentPlanKey(siteId) }),
  });
}
