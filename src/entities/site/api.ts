// Site calls shared by every screen that adds, edits, deletes or restores sites (Sites, Site Health).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteSiteEndpoint,
  restoreSiteEndpoint,
  saveSiteAccessDetailsEndpoint,
  saveSiteEditEndpoint,
  siteAccessDetailsEndpoint,
  siteEditEndpoint,
  siteGroupListEndpoint,
  siteListEndpoint,
  siteOptionsEndpoint,
} from '@/contracts/site';
import { siteHealthEndpoint } from '@/contracts/site-health';
import { areaKey, callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import type { SiteAccess, SiteForm } from '@/domain/site-form';

/**
 * Everything a site change can alter: the lists, the option lists and the forms (the whole site area of the API), the
 * groups' counts, Site Health.
 */
export function useInvalidateSites() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: areaKey(siteListEndpoint) }),
      qc.invalidateQueries({ queryKey: endpointKey(siteGroupListEndpoint) }),
      qc.invalidateQueries({ queryKey: endpointKey(siteHealthEndpoint) }),
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
    ...endpointQuery(siteOptionsEndpoint, { query: { organizationId: organizationId ?? 0 } }),
    enabled: organizationId !== null && organizationId > 0,
    staleTime: 60_000,
  });

export const useSiteEdit = (siteId: number | null, organizationId: number) =>
  useQuery({
    ...endpointQuery(siteEditEndpoint, { query: { siteId: siteId ?? 0, organizationId } }),
    enabled: siteId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (form: SiteForm & { updatedAt: string | null }) => callEndpoint(saveSiteEditEndpoint, { body: form }),
    onSuccess: invalidate,
  });
}

export const useAccessDetails = (siteId: number, organizationId: number) =>
  useQuery({
    ...endpointQuery(siteAccessDetailsEndpoint, { query: { siteId, organizationId } }),
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveAccessDetails() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: SiteAccess) => callEndpoint(saveSiteAccessDetailsEndpoint, { body }),
    onSuccess: invalidate,
  });
}
