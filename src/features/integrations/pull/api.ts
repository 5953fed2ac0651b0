// API key calls (spec 3 §7 'API keys') and the site groups a key can be limited to.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { apiKeyEditEndpoint, apiKeyListEndpoint, deleteApiKeyEndpoint } from '@/contracts/api-key';
import { siteGroupListEndpoint, siteGroupOptionsEndpoint } from '@/contracts/site';
import type { ApiKeyForm } from '@/domain/api-key';

export const useApiKeys = (organizationId: number) =>
  useQuery(endpointQuery(apiKeyListEndpoint, { query: { organizationId } }));

export const useSiteGroupOptions = (organizationId: number) =>
  useQuery(endpointQuery(siteGroupOptionsEndpoint, { query: { organizationId } }));

function useInvalidate(organizationId: number) {
  const client = useQueryClient();
  // The site groups' '# Api Keys' follows the keys.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: endpointKey(apiKeyListEndpoint, { query: { organizationId } }) }),
      client.invalidateQueries({ queryKey: endpointKey(siteGroupListEndpoint) }),
    ]);
}

export function useSaveApiKey(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: (form: ApiKeyForm) => callEndpoint(apiKeyEditEndpoint, { body: form }),
    onSuccess: invalidate,
  });
}

export function useDeleteApiKey(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deleteApiKeyEndpoint, { query: { organizationId, id } }),
    onSuccess: invalidate,
  });
}
