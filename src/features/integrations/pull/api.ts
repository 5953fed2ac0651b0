// API key calls (spec 3 §7 'API keys') and the site groups a key can be limited to.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { apiKeyEditAnswerSchema, apiKeySchema } from '@/contracts/api-keys';
import type { ApiKeyForm } from '@/domain/api-keys';

const keysKey = (organizationId: number) => ['apiKeys', organizationId] as const;

export const useApiKeys = (organizationId: number) =>
  useQuery({
    queryKey: keysKey(organizationId),
    queryFn: () => apiRequest('/api/apiKey/getApiKeys/', z.array(apiKeySchema), { query: { organizationId } }),
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

function useInvalidate(organizationId: number) {
  const client = useQueryClient();
  // The site groups' '# Api Keys' follows the keys.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keysKey(organizationId) }),
      client.invalidateQueries({ queryKey: ['siteGroups'] }),
    ]);
}

export function useSaveApiKey(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: (form: ApiKeyForm) =>
      apiRequest('/api/apiKey/apiKeyEdit/', apiKeyEditAnswerSchema, { method: 'POST', body: form }),
    onSuccess: invalidate,
  });
}

export function useDeleteApiKey(organizationId: number) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('/api/apiKey/deleteApiKey/', z.object({ id: z.number() }), {
        method: 'DELETE',
        query: { organizationId, id },
      }),
    onSuccess: invalidate,
  });
}
