import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUpload } from '@/api/client';
import { bulkSitesAnswerSchema, siteGroupRowSchema, siteListEndpoint } from '@/contracts/site';
import { endpointQuery } from '@/api/endpoint-client';
import { useInvalidateSites } from '@/components/site-dialogs/api';

export const getSitesQueryOptions = (organizationId: number, includeDeleted: boolean) =>
  endpointQuery(siteListEndpoint, {
    query: { organizationId, ...(includeDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
  });

export const useSites = (organizationId: number, includeDeleted: boolean) =>
  useQuery(getSitesQueryOptions(organizationId, includeDeleted));

export const useSiteGroups = (organizationId: number) =>
  useQuery({
    queryKey: ['siteGroups', organizationId],
    queryFn: () =>
      apiRequest('/api/siteGroup/listSiteGroupsForOrganization/', z.array(siteGroupRowSchema), {
        query: { organizationId },
      }),
  });

export function useSaveSiteGroup() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: { id: number; name: string; organizationId: number }) =>
      apiRequest('/api/siteGroup/edit', siteGroupRowSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSiteGroup() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: ({ id, organizationId }: { id: number; organizationId: number }) =>
      apiRequest(`/api/siteGroup/delete/${id}`, z.object({ id: z.number() }), {
        method: 'DELETE',
        query: { organizationId },
      }),
    onSuccess: invalidate,
  });
}

export function useAssignSiteGroups() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: { organizationId: number; siteGroupSites: Record<number, number[]> }) =>
      apiRequest('/api/site/siteGroupSitesEdit', z.object({ updatedSites: z.number() }), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

function csvForm(file: File): FormData {
  const form = new FormData();
  form.append('csvRecords', file, file.name);
  return form;
}

export const verifyBulkSites = (organizationId: number, file: File, signal?: AbortSignal) =>
  apiUpload(`/api/site/verifyBulkSites/${organizationId}`, bulkSitesAnswerSchema, csvForm(file), { signal });

export function useBulkUpsertSites() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: ({
      organizationId,
      file,
      onProgress,
    }: {
      organizationId: number;
      file: File;
      onProgress: (f: number) => void;
    }) =>
      apiUpload(`/api/site/bulkUpsertSites/${organizationId}`, bulkSitesAnswerSchema, csvForm(file), { onProgress }),
    onSuccess: invalidate,
  });
}
