// The site map's wind field for one frame: interpolated by the compute core's IDW kernel in the geo worker, off the
// page. The last frame's field stays drawn until the next arrives.
import { useQuery } from '@tanstack/react-query';
import { siteWindFieldKey } from '@/api/local-keys';
import { geoClient } from '@/compute/geo-client';
import type { WindFieldLayout } from '@/domain/site-map';

export interface WindField {
  layout: WindFieldLayout;
  u: Float64Array;
  v: Float64Array;
}

export function useWindField(layout: WindFieldLayout | null): WindField | null {
  const key = layout
    ? JSON.stringify([
        layout.grid,
        Array.from(layout.stations.x),
        Array.from(layout.stations.y),
        Array.from(layout.stations.u),
        Array.from(layout.stations.v),
      ])
    : null;
  const field = useQuery({
    queryKey: siteWindFieldKey(key),
    enabled: layout !== null,
    gcTime: 0,
    queryFn: async (): Promise<WindField> => {
      const { x, y, u, v } = layout!.stations;
      const r = await geoClient.windField(x, y, u, v, layout!.grid);
      return { layout: layout!, u: r.u, v: r.v };
    },
    placeholderData: (previous) => previous,
  });
  return layout ? (field.data ?? null) : null;
}
