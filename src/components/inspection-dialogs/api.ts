// Inspection calls shared by every screen that lists or records inspections (the overview's event log now, the site
// dashboard later). Every change refreshes whatever lists inspections (query keys starting 'inspections').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { apiBytes, apiRequest } from '@/api/client';
import { bulkCreateAnswerSchema, inspectionSchema, inspectionSitesSchema } from '@/contracts/inspections';
import type { InspectionInput } from '@/domain/inspections';

export const INSPECTIONS_KEY = 'inspections';

function useInvalidateInspections() {
  const qc = useQueryClient();
  // The lists only: the open dialog's inspection and image are read afresh each time (and may just have been deleted).
  return () =>
    qc.invalidateQueries({
      queryKey: [INSPECTIONS_KEY],
      predicate: (q) => q.queryKey[1] !== 'one' && q.queryKey[1] !== 'image',
    });
}

export const useInspectionSites = (organizationId: number) =>
  useQuery({
    queryKey: [INSPECTIONS_KEY, 'sites', organizationId],
    queryFn: () => apiRequest('/api/inspection/inspectionSites/', inspectionSitesSchema, { query: { organizationId } }),
    staleTime: 60_000,
  });

export const useInspection = (organizationId: number, inspectionId: number | null) =>
  useQuery({
    queryKey: [INSPECTIONS_KEY, 'one', organizationId, inspectionId],
    queryFn: () =>
      apiRequest('/api/inspection/inspectionEdit/', inspectionSchema, {
        query: { organizationId, inspectionId: inspectionId! },
      }),
    enabled: inspectionId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: InspectionInput & { organizationId: number }) =>
      apiRequest('/api/inspection/inspectionEdit/', inspectionSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: { organizationId: number; inspectionId: number }) =>
      apiRequest('/api/inspection/deleteInspection/', z.object({ id: z.number() }), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useBulkCreateInspections() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: { organizationId: number; inspections: InspectionInput[] }) =>
      apiRequest('/api/inspection/bulkCreateInspections/', bulkCreateAnswerSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** An object URL of the inspection's image while the component shows it (the call needs the bearer token). */
export function useInspectionImageUrl(
  organizationId: number,
  inspectionId: number | null,
  hasImage: boolean,
): { url: string | null; failed: boolean } {
  const query = useQuery({
    queryKey: [INSPECTIONS_KEY, 'image', organizationId, inspectionId],
    queryFn: async () => {
      const bytes = await apiBytes('/api/inspection/inspectionImage/', {
        query: { organizationId, inspectionId: inspectionId! },
        accept: 'image/png, image/jpeg',
      });
      return new Blob([bytes]);
    },
    enabled: inspectionId !== null && hasImage,
    staleTime: 0,
    gcTime: 0,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return setUrl(null);
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { url, failed: query.isError };
}
