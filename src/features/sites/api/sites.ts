import { useMutation, useQuery } from '@tanstack/react-query';
import {
  assignSiteGroupsEndpoint,
  bulkUpsertSitesEndpoint,
  deleteSiteGroupEndpoint,
  saveSiteGroupEndpoint,
  siteGroupListEndpoint,
  siteListEndpoint,
  verifyBulkSitesEndpoint,
} from '@/contracts/site';
import { callEndpoint, endpointQuery, uploadToEndpoint } from '@/api/endpoint-client';
import { useInvalidateSites } from '@/entities/site/api';

export const getSitesQueryOptions = (organizationId: number, includeDeleted: boolean) =>
  endpointQuery(siteListEndpoint, {
    query: { organizationId, ...(includeDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
  });

export const useSites = (organizationId: number, includeDeleted: boolean) =>
  useQuery(getSitesQueryOptions(organizationId, includeDeleted));

export const useSiteGroups = (organizationId: number) =>
  useQuery(endpointQuery(siteGroupListEndpoint, { query: { organizationId } }));

export function useSaveSiteGroup() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: { id: number; name: string; organizationId: number }) =>
      callEndpoint(saveSiteGroupEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSiteGroup() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: ({ id, organizationId }: { id: number; organizationId: number }) =>
      callEndpoint(deleteSiteGroupEndpoint, { params: { id }, query: { organizationId } }),
    onSuccess: invalidate,
  });
}

export function useAssignSiteGroups() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: { organizationId: number; siteGroupSites: Record<number, number[]> }) =>
      callEndpoint(assignSiteGroupsEndpoint, { body }),
    onSuccess: invalidate,
  });
}

function csvForm(file: File): FormData {
  const form = new FormData();
  form.append('csvRecords', file, file.name);
  return form;
}

export const verifyBulkSites = (organizationId: number, file: File, signal?: AbortSignal) =>
  uploadToEndpoint(verifyBulkSitesEndpoint, { params: { organizationId } }, csvForm(file), signal ? { signal } : {});

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
    }) => uploadToEndpoint(bulkUpsertSitesEndpoint, { params: { organizationId } }, csvForm(file), { onProgress }),
    onSuccess: invalidate,
  });
}
