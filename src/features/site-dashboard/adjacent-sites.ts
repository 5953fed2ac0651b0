// Adjacent site markers on the site map (spec 3 §2 'Map'): the organization's other sites nearby, from the site list
// every screen shares; hover shows name and alias, a click opens that site's dashboard over the same range.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import { siteListEndpoint } from '@/contracts/site';
import { adjacentSites } from '@/domain/site-map';
import { pointLayer, pointSet } from '@/ui/map/map-layers';
import type { MapPick } from '@/ui/map/map-view';

export const ADJACENT_SITES_LAYER = 'site-adjacent-sites';
export const ADJACENT_RGBA = [109, 40, 217, 255] as const;

export function useAdjacentSites(site: { id: number; organizationId: number; location: { lat: number; lng: number } }) {
  const list = useQuery(endpointQuery(siteListEndpoint, { query: { organizationId: site.organizationId } }));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const near = useMemo(() => adjacentSites(site, list.data ?? []), [site, list.data]);
  const layer = useMemo(
    () =>
      pointLayer(ADJACENT_SITES_LAYER, pointSet(near.map((s) => ({ ...s.location, rgba: ADJACENT_RGBA }))), {
        radiusPixels: 9,
        outlined: true,
      }),
    [near],
  );
  const picked = (pick: MapPick | null) => (pick?.layerId === ADJACENT_SITES_LAYER ? near[pick.index] : undefined);
  return {
    layer,
    /** The hover text of the marker under the pointer, if any. */
    hoverText: (pick: MapPick | null) => picked(pick)?.label,
    /** Opens the picked site's dashboard (the range kept, no alarm); false when the pick is not a marker. */
    open: (pick: MapPick) => {
      const s = picked(pick);
      if (!s) return false;
      const next = new URLSearchParams({ organizationId: String(site.organizationId) });
      for (const k of ['start', 'end']) if (params.get(k)) next.set(k, params.get(k)!);
      void navigate(`/site/${s.id}?${next}`);
      return true;
    },
  };
}
