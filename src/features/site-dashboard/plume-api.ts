// The plume calls of the site dashboard: Generate Plume (toast, then the emission rows refresh until the job ends),
// the site's frames over the range (asked for at most once per 5000 ms, spec 3 §7) and each plume's frame sheet,
// fetched once per plume version and kept decoded, so an animation plays without a request per frame.
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callEndpoint, callEndpointBytes, endpointKey } from '@/api/endpoint-client';
import { invalidateSiteDashboard } from '@/api/site-dashboard-keys';
import { generatePlumeEndpoint, plumeFramesEndpoint, plumeImageEndpoint, type PlumeFrame } from '@/contracts/plume';
import { PLUME_FRAME_THROTTLE_MS, PLUME_TEXT } from '@/domain/plume';
import { useToast } from '@/ui/toasts';
import type { SiteWindow } from './api';
import { decodeFrameSheet } from './plume-sheet';

export function useGeneratePlume(organizationId: number) {
  const toast = useToast();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (emissionId: number) => callEndpoint(generatePlumeEndpoint, { body: { organizationId, emissionId } }),
    onSuccess: () => toast(PLUME_TEXT.requested),
    onError: (e) => toast(e.message, 'error'),
    onSettled: () => void invalidateSiteDashboard(client),
  });
}

/** The value, changed at most once per `ms` (the first change at once, later ones at the end of the wait). */
export function useThrottled<T>(value: T, key: string, ms: number): T {
  const [shown, setShown] = useState({ value, key });
  // The first value is asked for at mount: a change right after it waits out the period too.
  const last = useRef(Date.now());
  useEffect(() => {
    if (key === shown.key) return;
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown({ value, key });
      return;
    }
    const timer = window.setTimeout(() => {
      last.current = Date.now();
      setShown({ value, key });
    }, wait);
    return () => window.clearTimeout(timer);
  }, [value, key, shown.key, ms]);
  return shown.value;
}

/**
 * The site's plume frames over the window. `version` changes when a plume in range is saved; both the window and it
 * reach the server at most once per PLUME_FRAME_THROTTLE_MS.
 */
export function usePlumeFrames(w: SiteWindow, version: string, enabled: boolean) {
  const wanted = { w, version };
  const asked = useThrottled(
    wanted,
    `${w.organizationId}:${w.siteId}:${w.range.start}:${w.range.end}:${version}`,
    PLUME_FRAME_THROTTLE_MS,
  );
  const args = {
    query: {
      organizationId: asked.w.organizationId,
      siteId: asked.w.siteId,
      startTime: new Date(asked.w.range.start).toISOString(),
      endTime: new Date(asked.w.range.end).toISOString(),
      samplePeriod: 1,
    },
  };
  // The registry's key for the call, plus the saved plumes' version so a newly saved plume is asked for.
  const key = [...endpointKey(plumeFramesEndpoint, args), asked.version];
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callEndpoint(plumeFramesEndpoint, { ...args, signal }),
    enabled,
    staleTime: PLUME_FRAME_THROTTLE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The query of a frame's sheet URL (the server names the plume and its version there). */
function sheetQuery(imageUrl: string): { organizationId: number; plumeId: number; v?: string } {
  const q = new URL(imageUrl, window.location.origin).searchParams;
  const v = q.get('v');
  return { organizationId: Number(q.get('organizationId')), plumeId: Number(q.get('plumeId')), ...(v ? { v } : {}) };
}

/**
 * Each distinct sheet among the frames, fetched and decoded once (its URL carries the plume's version, so it never
 * changes under the same key); answers the decoded sheets by URL, those still loading left out.
 */
export function useFrameSheets(frames: readonly PlumeFrame[] | undefined, enabled: boolean) {
  const layout = new Map((frames ?? []).map((f) => [f.imageUrl, { columns: f.sheetColumns, size: f.frameSize }]));
  const urls = [...layout.keys()];
  return useQueries({
    queries: urls.map((url) => {
      const args = { query: sheetQuery(url) };
      const { columns, size } = layout.get(url)!;
      return {
        queryKey: endpointKey(plumeImageEndpoint, args),
        enabled,
        staleTime: Infinity,
        gcTime: 10 * 60_000,
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          decodeFrameSheet(
            await callEndpointBytes(plumeImageEndpoint, { ...args, accept: 'image/png', signal }),
            columns,
            size,
          ),
      };
    }),
    combine: (results) => ({
      sheets: new Map(urls.flatMap((u, i) => (results[i]?.data ? [[u, results[i].data] as const] : []))),
      pending: results.some((r) => r.isPending && r.fetchStatus !== 'idle'),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
