import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUpload } from '@/api/client';
import { bulkSitesAnswerSchema, siteAccessDetailsSchema, siteEditSchema, siteGroupRowSchema, siteListRowSchema, siteOptionsSchema } from '@/contracts/site';
import type { SiteAccess, SiteForm } from '@/domain/site-form';

export const getSites = (organizationId: number, includeDeleted: boolean) =>
  apiRequest('/api/site/siteList/', z.array(siteListRowSchema), {
    query: { organizationId, ...(includeDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
  });

export const getSitesQueryOptions = (organizationId: number, includeDeleted: boolean) =>
  queryOptions({ queryKey: ['sites', organizationId, { includeDeleted }], queryFn: () => getSites(organizationId, includeDeleted) });

export const useSites = (organizationId: number, includeDeleted: boolean) => useQuery(getSitesQueryOptions(organizationId, includeDeleted));

/** Everything a site change can alter: the lists, the groups' counts, the current user's site ids. */
function useInvalidateSites() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['sites'] }),
      qc.invalidateQueries({ queryKey: ['siteGroups'] }),
      qc.invalidateQueries({ queryKey: ['siteHealth'] }),
      qc.invalidateQueries({ queryKey: ['siteOptions'] }),
    ]);
}

export function useDeleteOrRestoreSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: ({ siteId, organizationId, action }: { siteId: number; organizationId: number; action: 'delete' | 'restore' }) =>
      apiRequest(action === 'delete' ? '/api/site/deleteSite/' : '/api/site/restoreSite/', z.object({ siteId: z.number(), deletedAt: z.string().nullable() }), {
        method: 'POST',
        body: { siteId, organizationId },
      }),
    onSuccess: invalidate,
  });
}

export const useSiteOptions = (organizationId: number | null) =>
  useQuery({
    queryKey: ['siteOptions', organizationId],
    queryFn: () => apiRequest('/api/site/siteOptions/', siteOptionsSchema, { query: { organizationId: organizationId! } }),
    enabled: organizationId !== null && organizationId > 0,
    staleTime: 60_000,
  });

export const useSiteEdit = (siteId: number | null, organizationId: number) =>
  useQuery({
    queryKey: ['siteEdit', siteId, organizationId],
    queryFn: () => apiRequest('/api/site/siteEdit/', siteEditSchema, { query: { siteId: siteId!, organizationId } }),
    enabled: siteId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (form: SiteForm & { updatedAt: string | null }) => apiRequest('/api/site/siteEdit/', siteEditSchema, { method: 'POST', body: form }),
    onSuccess: invalidate,
  });
}

export const useAccessDetails = (siteId: number, organizationId: number) =>
  useQuery({
    queryKey: ['siteAccess', siteId],
    queryFn: () => apiRequest('/api/site/siteAccessDetailsEdit/', siteAccessDetailsSchema, { query: { siteId, organizationId } }),
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveAccessDetails() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: SiteAccess) => apiRequest('/api/site/siteAccessDetailsEdit/', siteAccessDetailsSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export const useSiteGroups = (organizationId: number) =>
  useQuery({
    queryKey: ['siteGroups', organizationId],
    queryFn: () => apiRequest('/api/siteGroup/listSiteGroupsForOrganization/', z.array(siteGroupRowSchema), { query: { organizationId } }),
  });

export function useSaveSiteGroup() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: { id: number; name: string; organizationId: number }) => apiRequest('/api/siteGroup/edit', siteGroupRowSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSiteGroup() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: ({ id, organizationId }: { id: number; organizationId: number }) =>
      apiRequest(`/api/siteGroup/delete/${id}`, z.object({ id: z.number() }), { method: 'DELETE', query: { organizationId } }),
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
    mutationFn: ({ organizationId, file, onProgress }: { organizationId: number; file: File; onProgress: (f: number) => void }) =>
      apiUpload(`/api/site/bulkUpsertSites/${organizationId}`, bulkSitesAnswerSchema, csvForm(file), { onProgress }),
    onSuccess: invalidate,
  });
}
