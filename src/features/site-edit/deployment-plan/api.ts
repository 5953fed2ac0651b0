// Deployment plan calls (spec 3 §7): the saved plan with the site's sources, the wind source options, Preview and Save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import {
  deploymentPlanForSiteEndpoint,
  devicePlacementEndpoint,
  editDeploymentPlanEndpoint,
  windSourceOptionsForSiteEndpoint,
} from '@/contracts/deployment-plan';
import type { DevicePlacementRequestInput } from '@/domain/deployment-plan';

export const useDeploymentPlanForSite = (organizationId: number, siteId: number, enabled = true) =>
  useQuery({ ...endpointQuery(deploymentPlanForSiteEndpoint, { query: { organizationId, siteId } }), enabled });

export const useWindSourceOptions = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(windSourceOptionsForSiteEndpoint, { query: { organizationId, siteId } }));

export const usePreviewPlacement = (organizationId: number) =>
  useMutation({
    mutationFn: (request: DevicePlacementRequestInput) =>
      callEndpoint(devicePlacementEndpoint, { body: { organizationId, ...request } }),
  });

export function useSaveDeploymentPlan(organizationId: number, siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: DevicePlacementRequestInput) =>
      callEndpoint(editDeploymentPlanEndpoint, { body: { organizationId, ...request } }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: endpointKey(deploymentPlanForSiteEndpoint, { query: { siteId } }) }),
  });
}
