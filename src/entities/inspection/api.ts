// Inspection calls shared by every screen that lists or records inspections (the overview's event log now, the site
// dashboard). Every change refreshes whatever lists inspections.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callEndpoint, callEndpointBytes, endpointKey, endpointQuery } from '@/api/endpoint-client';
import {
  bulkCreateInspectionsEndpoint,
  deleteInspectionEndpoint,
  inspectionEndpoint,
  inspectionImageEndpoint,
  inspectionListEndpoint,
  inspectionSitesEndpoint,
  saveInspectionEndpoint,
  siteInspectionsEndpoint,
} from '@/contracts/inspection';
import type { InspectionInput } from '@/domain/inspection';

function useInvalidateInspections() {
  const qc = useQueryClient();
  // The lists only: the open dialog's inspection and image are read afresh each time (and may just have been deleted).
  return () =>
    Promise.all(
      [inspectionListEndpoint, siteInspectionsEndpoint, inspectionSitesEndpoint].map((e) =>
        qc.invalidateQueries({ queryKey: endpointKey(e) }),
      ),
    );
}

export const useInspectionSites = (organizationId: number) =>
  useQuery({
    ...endpointQuery(inspectionSitesEndpoint, { query: { organizationId } }),
    staleTime: 60_000,
  });

export const useInspection = (organizationId: number, inspectionId: number | null) =>
  useQuery({
    ...endpointQuery(inspectionEndpoint, { query: { organizationId, inspectionId: inspectionId ?? 0 } }),
    enabled: inspectionId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: InspectionInput & { organizationId: number }) => callEndpoint(saveInspectionEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: { organizationId: number; inspectionId: number }) =>
      callEndpoint(deleteInspectionEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useBulkCreateInspections() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: { organizationId: number; inspections: InspectionInput[] }) =>
      callEndpoint(bulkCreateInspectionsEndpoint, { body }),
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
    queryKey: endpointKey(inspectionImageEndpoint, { query: { organizationId, inspectionId: inspectionId ?? 0 } }),
    queryFn: async () => {
      const bytes = await callEndpointBytes(inspectionImageEndpoint, {
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
    // Revoked a moment later, not at once: an <img> that still shows the old URL while the new one renders would
    // otherwise fail to load it (net::ERR_FILE_NOT_FOUND in the console).
    return () => void setTimeout(() => URL.revokeObjectURL(next), 5_000);
  }, [query.data]);
  return { url, failed: query.isError };
}
