// The site map's marks beyond its base layers (spec 3 §2 'Map'): source icons by category, wind trails when a date is
// focused, inspection images and pinned inspections; their layers in place among the site's, hover texts and clicks.
// Kept apart from SiteMap so the map component stays small; the popup, dialog and keys are in site-map-marks-view.tsx.
import { useMemo, useState } from 'react';
import type { SiteDeviceStay, SiteSource } from '@/contracts/site-dashboard';
import { sourceIconLayer } from '@/entities/site/source-icon-layers';
import type { MapPick } from '@/ui/map/map-view';
import type { SiteWindow } from './api';
import type { InspectionPins } from './inspection-pins';
import { useDescribeInspection, useInspectionMarks, type InspectionPopupAt } from './inspection-marks';
import { useWindTrails } from './wind-trails';

/** What the dashboard hands the map: its focused date (a click on a chart) and the pinned inspections. */
export interface SiteMapFocus {
  time: number | null;
  clear: () => void;
  /** Focuses a time (a click on a chart, or the focused date's keys). */
  pick: (time: number) => void;
  pins: InspectionPins;
}

/** Icons sit on the source discs, which grow to hold them (site-map-model.ts). */
const SOURCE_ICON_PIXELS = 16;
/** The layer the icons are drawn right after. */
const SOURCES_LAYER = 'site-sources';

type MapLayer = ReturnType<typeof sourceIconLayer>;

export function useSiteMapMarks({
  w,
  site,
  stays,
  sources,
  focus,
  showSources,
  metresPerPixel,
}: {
  w: SiteWindow;
  site: { location: { lat: number; lng: number } };
  stays: readonly SiteDeviceStay[];
  sources: readonly SiteSource[];
  focus: SiteMapFocus;
  showSources: boolean;
  /** At the map's zoom: the wind trails are fitted to it. */
  metresPerPixel: number;
}) {
  const trails = useWindTrails(w, focus.time, stays, metresPerPixel);
  const inspections = useInspectionMarks({ w, site, sources, pins: focus.pins.pins });
  const describe = useDescribeInspection();
  const [popup, setPopup] = useState<InspectionPopupAt | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const icons = useMemo(
    () =>
      sourceIconLayer(
        'site-source-icons',
        sources.filter((s) => !s.deleted).map((s) => ({ ...s.location, categoryId: s.sourceCategoryId })),
        { sizePixels: SOURCE_ICON_PIXELS, visible: showSources },
      ),
    [sources, showSources],
  );
  const above = useMemo(() => [...trails.layers, ...inspections.markLayers], [trails.layers, inspections.markLayers]);
  return {
    w,
    focus,
    trails,
    sources,
    /** Drawn first, under everything: aerial inspection images. */
    below: inspections.imageLayers,
    /** Drawn right over the source discs. */
    icons,
    /** Drawn over the site's layers: wind trails, image thumbnails and pins. */
    above,
    popup,
    setPopup,
    opened,
    setOpened,
    hoverText: (pick: MapPick | null) => inspections.hoverText(pick, describe),
    /** Handles a click on an inspection's image or pin; false when the click was not on one. */
    click: (pick: MapPick): boolean => {
      const hit = inspections.click(pick);
      setPopup(hit && 'popup' in hit ? hit.popup : null);
      if (hit && 'open' in hit) setOpened(hit.open);
      return hit !== null;
    },
  };
}

export type SiteMapMarks = ReturnType<typeof useSiteMapMarks>;

/** The site's layers with the marks in place: images under all, icons on the source discs, the rest on top. */
export function useMarkedLayers(marks: SiteMapMarks, layers: readonly MapLayer[]): MapLayer[] {
  const { below, icons, above } = marks;
  return useMemo(
    () => [...below, ...layers.flatMap((l) => (l.id === SOURCES_LAYER ? [l, icons] : [l])), ...above],
    [below, icons, above, layers],
  );
}
