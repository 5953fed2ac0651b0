// The CH4 heatmap layer's state (spec 3 §2 'CH4 heatmap'): the toggle (remembered in this browser like the plumes'),
// the range's heatmap from the server (polled while its daily tiles compute), and its image made in the geo worker
// (the modelled grid decoded and coloured, or the measured devices' enhancement interpolated by the IDW kernel), drawn
// as one bitmap over the grid's bounds. Nothing is decoded or interpolated on the page's thread.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { endpointQuery } from '@/api/endpoint-client';
import { geoClient } from '@/compute/geo-client';
import { SupersededError } from '@/compute/worker-pool';
import { siteHeatmapEndpoint, type SiteHeatmap } from '@/contracts/site-heatmap';
import { HEATMAP_LAYER_STORAGE_KEY, HEATMAP_RADIUS_PX } from '@/domain/site-heatmap';
import { metresPerPixel } from '@/domain/site-map';
import { plumeLayers, type PlumeBitmap } from '@/entities/site/plume-layers';
import type { SiteWindow } from './api';

/** While tiles compute the heatmap is asked for again this often. */
export const HEATMAP_POLL_MS = 2000;
const HEATMAP_OPACITY = 0.8;

export function useHeatmapToggle(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => window.localStorage.getItem(HEATMAP_LAYER_STORAGE_KEY) === 'true');
  const set = useCallback((next: boolean) => {
    setOn(next);
    window.localStorage.setItem(HEATMAP_LAYER_STORAGE_KEY, String(next));
  }, []);
  return [on, set];
}

export interface SiteHeatmapLayer {
  on: boolean;
  setOn: (on: boolean) => void;
  layers: ReturnType<typeof plumeLayers>;
  heatmap: SiteHeatmap | null;
  loading: boolean;
  error: Error | null;
}

export function useSiteHeatmap(w: SiteWindow, zoom: number, latitude: number): SiteHeatmapLayer {
  const [on, setOn] = useHeatmapToggle();
  const query = useQuery({
    ...endpointQuery(siteHeatmapEndpoint, {
      query: {
        organizationId: w.organizationId,
        siteId: w.siteId,
        startTime: new Date(w.range.start).toISOString(),
        endTime: new Date(w.range.end).toISOString(),
      },
    }),
    enabled: on,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.computingDays.length ? HEATMAP_POLL_MS : false),
  });
  const data = on ? (query.data ?? null) : null;
  // The measured variant reaches the spec's radius around each device, in pixels at the map's zoom.
  const reachM = data?.kind === 'measured' ? HEATMAP_RADIUS_PX * metresPerPixel(latitude, Math.round(zoom)) : 0;
  const [bitmap, setBitmap] = useState<PlumeBitmap | null>(null);
  const [imaging, setImaging] = useState(false);
  useEffect(() => {
    if (!data || data.kind === 'none' || !data.bounds) {
      setBitmap(null);
      return;
    }
    const b = data.bounds;
    setImaging(true);
    geoClient
      .heatmapImage(
        {
          size: data.size,
          widthM: data.widthM,
          heightM: data.heightM,
          values: data.kind === 'modelled' ? data.values : null,
          devices: data.devices,
          reachM,
          maxPpm: data.maxPpm,
        },
        'site-heatmap',
      )
      .then((image) => {
        setBitmap({ key: 'grid', image, bounds: [b.southWest.lng, b.southWest.lat, b.northEast.lng, b.northEast.lat] });
        setImaging(false);
      })
      .catch((e: unknown) => {
        if (!(e instanceof SupersededError)) setImaging(false);
      });
  }, [data, reachM]);
  const layers = useMemo(
    () => (on && bitmap ? plumeLayers('site-heatmap', [bitmap], HEATMAP_OPACITY) : []),
    [on, bitmap],
  );
  return {
    on,
    setOn,
    layers,
    heatmap: data,
    loading: on && (query.isFetching || imaging || (data?.computingDays.length ?? 0) > 0),
    error: on ? query.error : null,
  };
}
