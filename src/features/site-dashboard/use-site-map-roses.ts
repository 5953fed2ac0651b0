// The site map's concentration roses (spec 3 §2 'Map'): the chosen gas's roses of the devices on the map, the sectors
// selected by a click (each shows its cone until clicked again or 'Hide Cones'), and their layers.
import { useMemo, useState } from 'react';
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import type { SiteMapLayers } from '@/domain/site-map';
import type { MapPick } from '@/ui/map/map-view';
import type { SiteWindow } from './api';
import { useRoseData } from './map-api';
import { pickedArc, roseLayers, siteRoseArcs, toggleArc } from './site-map-model';

export function useSiteMapRoses(w: SiteWindow, on: SiteMapLayers, stays: readonly SiteDeviceStay[], mpp: number) {
  const roses = useRoseData(w, on.roseGas, on.roses);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const stayById = useMemo(() => new Map(stays.map((s) => [s.installationId, s])), [stays]);
  const arcs = useMemo(
    () => (on.roses ? siteRoseArcs(roses.data ?? [], stayById) : []),
    [on.roses, roses.data, stayById],
  );
  const layers = useMemo(() => roseLayers(arcs, selected, stayById, mpp), [arcs, selected, stayById, mpp]);
  return {
    layers,
    /** How many sectors show their cone. */
    selected: selected.size,
    hideCones: () => setSelected(new Set()),
    /** Selects or unselects the sector of a clicked arc; false when the click was not on one. */
    click: (pick: MapPick): boolean => {
      const arc = pickedArc(pick, arcs);
      if (arc) setSelected((prev) => toggleArc(prev, arc));
      return arc !== undefined;
    },
    /** The roses answered and none of their devices had a reading at or above the gas's low threshold. */
    empty: roses.isSuccess && arcs.length === 0,
    loading: on.roses && roses.isFetching,
    error: roses.error,
  };
}
