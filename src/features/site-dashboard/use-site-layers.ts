// The site's own layers on its map (spec 3 §2 'Map'): its structures' footprints and names (fetched while the
// Structures layer is on), its sources (red when they emitted in the range; name on hover), the devices that stand
// there now and earlier stays, the devices' labels, and the view that fits them.
import { useMemo } from 'react';
import type { SiteDetail, SiteDeviceStay, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import type { SiteMapLayers } from '@/domain/site-map';
import type { MapPick } from '@/ui/map/map-view';
import { useSiteStructures } from './map-api';
import { siteFit, siteLabelLayers, siteMarkerLayers, sourceHoverText, structureLayer } from './site-map-model';

export function useSiteLayers({
  site,
  stays,
  sources,
  emissions,
  on,
  zoom,
}: {
  site: SiteDetail;
  stays: readonly SiteDeviceStay[];
  sources: readonly SiteSource[];
  emissions: readonly SiteEmission[];
  on: SiteMapLayers;
  zoom: number;
}) {
  const structures = useSiteStructures(site.organizationId, site.id, on.structures);
  const live = useMemo(() => sources.filter((s) => !s.deleted), [sources]);
  const shown = useMemo(() => (on.structures ? (structures.data ?? []) : []), [on.structures, structures.data]);
  const footprints = useMemo(() => structureLayer(shown), [shown]);
  const markers = useMemo(
    () => siteMarkerLayers(stays, live, emissions, on.sources),
    [stays, live, emissions, on.sources],
  );
  const labels = useMemo(
    () => siteLabelLayers(stays, shown, zoom, { deviceLabels: on.deviceLabels, structures: on.structures }),
    [stays, shown, zoom, on.deviceLabels, on.structures],
  );
  const fit = useMemo(() => siteFit(stays, live, structures.data), [stays, live, structures.data]);
  return {
    /** Drawn first: the structures' footprints. */
    footprints,
    /** Sources, earlier stays and current devices, drawn over the roses. */
    markers,
    /** Device and structure names, over the markers. */
    labels,
    fit,
    hoverText: (pick: MapPick | null) => sourceHoverText(pick, live),
    loading: on.structures && structures.isFetching,
    error: structures.error,
  };
}
