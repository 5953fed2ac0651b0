// Site calls shared by every screen that adds, edits, deletes or restores sites (Sites, Site Health).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';
import {
  deleteSiteEndpoint,
  restoreSiteEndpoint,
  siteAccessDetailsSchema,
  siteEditSchema,
  siteListEndpoint,
  siteOptionsSchema,
} from '@/contracts/site';
import { areaKey, callEndpoint } from '@/api/endpoint-client';
import type { SiteAccess, SiteForm } from '@/domain/site-form';

/** Everything a site change can alter: the lists, the groups' counts, Site Health, the option lists. */
export function useInvalidateSites() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: areaKey(siteListEndpoint) }),
      qc.invalidateQueries({ queryKey: ['siteGroups'] }),
      qc.invalidateQueries({ queryKey: ['siteHealth'] }),
      qc.invalidateQueries({ queryKey: ['siteOptions'] }),
    ]);
}

export function useDeleteOrRestoreSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: ({
      siteId,
      organizationId,
      action,
    }: {
      siteId: number;
      organizationId: number;
      action: 'delete' | 'restore';
    }) =>
      callEndpoint(action === 'delete' ? deleteSiteEndpoint : restoreSiteEndpoint, {
        body: { siteId, organizationId },
      }),
    onSuccess: invalidate,
  });
}

export const useSiteOptions = (organizationId: number | null) =>
  useQuery({
    queryKey: ['siteOptions', organizationId],
    queryFn: () =>
      apiRequest('/api/site/siteOptions/', siteOptionsSchema, { query: { organizationId: organizationId! } }),
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
    mutationFn: (form: SiteForm & { updatedAt: string | null }) =>
      apiRequest('/api/site/siteEdit/', siteEditSchema, { method: 'POST', body: form }),
    onSuccess: invalidate,
  });
}

export const useAccessDetails = (siteId: number, organizationId: number) =>
  useQuery({
    queryKey: ['siteAccess', siteId],
    queryFn: () =>
      apiRequest('/api/site/siteAccessDetailsEdit/', siteAccessDetailsSchema, { query: { siteId, organizationId } }),
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveAccessDetails() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: SiteAccess) =>
      apiRequest('/api/site/siteAccessDetailsEdit/', siteAccessDetailsSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
