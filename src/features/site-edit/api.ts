// The Site edit screen's calls (spec 3 §7): the site, its sources, structures and basemaps, the option lists, and
// the saves. Every query takes the abort signal, so leaving the page cancels what is in flight.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointKey, endpointQuery, uploadToEndpoint } from '@/api/endpoint-client';
import { invalidateSiteDashboard } from '@/api/site-dashboard-keys';
import { deploymentPlanForSiteEndpoint } from '@/contracts/deployment-plan';
import { sourceCategoryOptionsEndpoint } from '@/contracts/emission';
import {
  basemapListEndpoint,
  deleteBasemapEndpoint,
  deleteSourceEndpoint,
  deleteStructureEndpoint,
  restoreSourceEndpoint,
  saveBasemapEndpoint,
  saveSourceEndpoint,
  saveStructureEndpoint,
  siteInfoEndpoint,
  sourceGroupOptionsEndpoint,
  sourceListEndpoint,
  structureListEndpoint,
  type BasemapEditFields,
} from '@/contracts/site-edit';
import type { SourceEditBody } from '@/domain/source';
import type { StructureEditBody } from '@/domain/structure';

/** The screen's reads of one site (any organization): refreshed after each save, dropped when the page is left. */
export const siteEditKeys = (siteId: number): QueryKey[] =>
  [siteInfoEndpoint, sourceListEndpoint, structureListEndpoint, basemapListEndpoint].map((e) =>
    endpointKey(e, { query: { siteId } }),
  );

export const useSiteInfo = (organizationId: number, siteId: number) =>
  useQuery({
    ...endpointQuery(siteInfoEndpoint, { query: { organizationId, siteId } }),
    enabled: organizationId > 0 && siteId > 0,
    retry: false,
  });

export const useEditSources = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(sourceListEndpoint, { query: { organizationId, siteId, includeDeleted: 'true' } }));

export const useSourceCategories = () =>
  useQuery({ ...endpointQuery(sourceCategoryOptionsEndpoint), staleTime: Infinity });

export const useSourceGroupOptions = (organizationId: number) =>
  useQuery(endpointQuery(sourceGroupOptionsEndpoint, { query: { organizationId } }));

export const useStructures = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(structureListEndpoint, { query: { organizationId, siteId } }));

export const useBasemaps = (organizationId: number, siteId: number) =>
  useQuery(endpointQuery(basemapListEndpoint, { query: { organizationId, siteId } }));

/**
 * A source change also refreshes the source groups, the deployment plan (its validity follows the sources, spec 3
 * §4) and the site dashboard.
 */
function useInvalidate(siteId: number, sources = false) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      ...siteEditKeys(siteId).map((queryKey) => client.invalidateQueries({ queryKey })),
      ...(sources
        ? [
            client.invalidateQueries({ queryKey: endpointKey(sourceGroupOptionsEndpoint) }),
            client.invalidateQueries({ queryKey: areaKey(deploymentPlanForSiteEndpoint) }),
            invalidateSiteDashboard(client),
          ]
        : []),
    ]);
}

export function useSaveSource(siteId: number) {
  const invalidate = useInvalidate(siteId, true);
  return useMutation({
    mutationFn: (body: SourceEditBody) => callEndpoint(saveSourceEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useSourceDeleted(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId, true);
  return useMutation({
    mutationFn: ({ sourceId, deleted }: { sourceId: number; deleted: boolean }) =>
      callEndpoint(deleted ? deleteSourceEndpoint : restoreSourceEndpoint, { query: { organizationId, sourceId } }),
    onSuccess: invalidate,
  });
}

export function useSaveStructure(siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (body: StructureEditBody) => callEndpoint(saveStructureEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteStructure(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (structureId: number) =>
      callEndpoint(deleteStructureEndpoint, { query: { organizationId, structureId } }),
    onSuccess: invalidate,
  });
}

export interface BasemapSave {
  fields: BasemapEditFields;
  image: { bytes: Uint8Array; mime: string } | null;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

export function useSaveBasemap(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: ({ fields, image, onProgress, signal }: BasemapSave) => {
      const form = new FormData();
      form.append('basemap', JSON.stringify(fields));
      if (image)
        form.append(
          'image',
          new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.mime }),
          image.mime === 'image/png' ? 'basemap.png' : 'basemap.jpg',
        );
      return uploadToEndpoint(saveBasemapEndpoint, { query: { organizationId } }, form, { onProgress, signal });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteBasemap(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (basemapId: number) => callEndpoint(deleteBasemapEndpoint, { query: { organizationId, basemapId } }),
    onSuccess: invalidate,
  });
}
