// The site's cameras over the dashboard's range (spec 3 §7 'Plume and camera'): its camera installations, their
// events, and an event's picture as an object URL (the call needs the bearer token, so an <img> cannot fetch it).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callEndpointBytes, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { cameraEventsEndpoint, cameraImageEndpoint, cameraInstallationsEndpoint } from '@/contracts/camera';
import type { SiteWindow } from './api';

const rangeQuery = (w: SiteWindow) => ({
  organizationId: w.organizationId,
  siteId: w.siteId,
  startTime: new Date(w.range.start).toISOString(),
  endTime: new Date(w.range.end).toISOString(),
});

export const useCameraInstallations = (w: SiteWindow, enabled = true) =>
  useQuery({
    ...endpointQuery(cameraInstallationsEndpoint, { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCameraEvents = (w: SiteWindow, enabled = true) =>
  useQuery({
    ...endpointQuery(cameraEventsEndpoint, { query: rangeQuery(w) }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** An event's picture never changes: kept for the session once fetched. */
export function useCameraImageUrl(
  organizationId: number,
  eventId: number | null,
): { url: string | null; failed: boolean } {
  const query = useQuery({
    queryKey: endpointKey(cameraImageEndpoint, { query: { organizationId, id: eventId ?? 0 } }),
    queryFn: async () =>
      new Blob([
        await callEndpointBytes(cameraImageEndpoint, {
          query: { organizationId, id: eventId! },
          accept: 'image/png, image/jpeg',
        }),
      ]),
    enabled: eventId !== null,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
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
