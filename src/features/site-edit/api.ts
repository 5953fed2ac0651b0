// The Site edit screen's calls (spec 3 §7): the site, its sources, structures and basemaps, the option lists, and
// the saves. Every query takes the abort signal, so leaving the page cancels what is in flight.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUpload } from '@/api/client';
import {
  basemapSchema,
  idAnswerSchema,
  siteEditSiteSchema,
  sourceCategoryOptionSchema,
  sourceEditSchema,
  sourceGroupOptionSchema,
  structureSchema,
  type BasemapEditFields,
} from '@/contracts/site-edit';
import type { SourceEditBody } from '@/domain/sources';
import type { StructureEditBody } from '@/domain/structures';

export const siteEditKey = (siteId: number) => ['siteEdit', siteId] as const;
/** The deployment plan's validity follows the sources (spec 3 §4), so source edits refresh its query too. */
const DEPLOYMENT_PLAN_KEY = 'deploymentPlan';

export const useSiteInfo = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: [...siteEditKey(siteId), 'site', organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/site/siteInfo/', siteEditSiteSchema, { query: { organizationId, siteId }, signal }),
    enabled: organizationId > 0 && siteId > 0,
    retry: false,
  });

export const useEditSources = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: [...siteEditKey(siteId), 'sources', organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/source/getSourceEdit/', z.array(sourceEditSchema), {
        query: { organizationId, siteId, includeDeleted: 'true' },
        signal,
      }),
  });

export const useSourceCategories = () =>
  useQuery({
    queryKey: ['sourceCategoryOptions'],
    queryFn: ({ signal }) =>
      apiRequest('/api/sourceCategory/options/', z.array(sourceCategoryOptionSchema), { signal }),
    staleTime: Infinity,
  });

export const useSourceGroupOptions = (organizationId: number) =>
  useQuery({
    queryKey: ['sourceGroupOptions', organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/sourceGroup/siteGroupOptions/', z.array(sourceGroupOptionSchema), {
        query: { organizationId },
        signal,
      }),
  });

export const useStructures = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: [...siteEditKey(siteId), 'structures', organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/structure/getStructureEdit/', z.array(structureSchema), {
        query: { organizationId, siteId },
        signal,
      }),
  });

export const useBasemaps = (organizationId: number, siteId: number) =>
  useQuery({
    queryKey: [...siteEditKey(siteId), 'basemaps', organizationId],
    queryFn: ({ signal }) =>
      apiRequest('/api/basemap/basemapList/', z.array(basemapSchema), { query: { organizationId, siteId }, signal }),
  });

function useInvalidate(siteId: number, also: string[] = []) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: siteEditKey(siteId) }),
      ...also.map((k) => client.invalidateQueries({ queryKey: [k] })),
    ]);
}

export function useSaveSource(siteId: number) {
  const invalidate = useInvalidate(siteId, ['sourceGroupOptions', DEPLOYMENT_PLAN_KEY, 'siteDashboard']);
  return useMutation({
    mutationFn: (body: SourceEditBody) =>
      apiRequest('/api/source/sourceEdit', sourceEditSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSourceDeleted(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId, [DEPLOYMENT_PLAN_KEY, 'siteDashboard']);
  return useMutation({
    mutationFn: ({ sourceId, deleted }: { sourceId: number; deleted: boolean }) =>
      apiRequest(deleted ? '/api/source/deleteSource/' : '/api/source/restoreSource/', sourceEditSchema, {
        method: 'POST',
        query: { organizationId, sourceId },
      }),
    onSuccess: invalidate,
  });
}

export function useSaveStructure(siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (body: StructureEditBody) =>
      apiRequest('/api/structure/structureEdit', structureSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteStructure(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (structureId: number) =>
      apiRequest('/api/structure/deleteStructure/', idAnswerSchema, {
        method: 'POST',
        query: { organizationId, structureId },
      }),
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
      return apiUpload(`/api/basemap/basemapEdit/?organizationId=${organizationId}`, basemapSchema, form, {
        onProgress,
        signal,
      });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteBasemap(organizationId: number, siteId: number) {
  const invalidate = useInvalidate(siteId);
  return useMutation({
    mutationFn: (basemapId: number) =>
      apiRequest('/api/basemap/deleteBasemap/', idAnswerSchema, {
        method: 'POST',
        query: { organizationId, basemapId },
      }),
    onSuccess: invalidate,
  });
}
