// The site dashboard's map (spec 3 §2 'Map'): the site's sources (red when they emitted in the range; name on hover),
// the devices that stand there now (green; amber when quarantined), earlier stays in grey, structures' footprints,
// concentration roses of a chosen gas with selectable arcs, the wind field and the site's wind rose, and the
// organization's adjacent sites (hover: name and alias; click: their dashboard). Zoom 13 at least. Each layer group
// keeps its state in its own hook (use-site-layers.ts, use-site-map-roses.ts, use-site-map-wind.ts, …); this
// component stacks their layers and lays out the controls, the map and what is drawn over and under it.
import { useMemo, useState } from 'react';
import type { SiteDetail, SiteDeviceStay, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import { metresPerPixel, SITE_MAP_MIN_ZOOM } from '@/domain/site-map';
import { MapView } from '@/ui/map/map-view';
import { useAdjacentSites } from './adjacent-sites';
import type { SiteWindow } from './api';
import { CameraEventsCaption, CameraEventsToggle, useCameraMap } from './camera-map';
import { HeatmapOverlay, HeatmapToggle } from './heatmap-controls';
import { LocalizationKey, useLocalizationLayer } from './localization';
import { MapLayerControls, RoseLegend, SiteMapKey, useSiteMapLayers } from './map-controls';
import { usePlumeAnimation } from './plume-animation';
import { PlumeControls, PlumeLegend, PlumeToggle } from './plume-controls';
import { useSiteHeatmap } from './site-heatmap';
import { useMarkedLayers, useSiteMapMarks, type SiteMapFocus } from './site-map-marks';
import { SiteMapMarksKey, SiteMapMarksOverlay } from './site-map-marks-view';
import { MapLoadError, MapTooltip, SiteWindRose, WindFrameTime } from './site-map-overlays';
import { useSiteLayers } from './use-site-layers';
import { useSiteMapPicking } from './use-site-map-picking';
import { useSiteMapRoses } from './use-site-map-roses';
import { useSiteMapWind } from './use-site-map-wind';

const SITE_ZOOM = 16;

export function SiteMap({
  site,
  stays,
  sources,
  emissions,
  w,
  focus,
}: {
  site: SiteDetail;
  stays: readonly SiteDeviceStay[];
  sources: readonly SiteSource[];
  emissions: readonly SiteEmission[];
  w: SiteWindow;
  focus: SiteMapFocus;
}) {
  const [layersOn, setLayersOn] = useSiteMapLayers();
  const [zoom, setZoom] = useState(SITE_ZOOM);
  const mpp = metresPerPixel(site.location.lat, zoom);
  const own = useSiteLayers({ site, stays, sources, emissions, on: layersOn, zoom });
  const roses = useSiteMapRoses(w, layersOn, stays, mpp);
  const wind = useSiteMapWind(w, layersOn, mpp);
  const heatmap = useSiteHeatmap(w, zoom, site.location.lat);
  const plume = usePlumeAnimation(w, emissions, focus.time);
  const adjacent = useAdjacentSites(site);
  const marks = useSiteMapMarks({ w, site, stays, sources, focus, showSources: layersOn.sources, metresPerPixel: mpp });
  const localization = useLocalizationLayer(w.organizationId, emissions, sources, layersOn.localization);
  const cameras = useCameraMap(w, stays, layersOn, focus.time);

  const baseLayers = useMemo(
    () => [own.footprints, ...roses.layers, ...own.markers, ...own.labels, wind.layer],
    [own.footprints, roses.layers, own.markers, own.labels, wind.layer],
  );
  const layers = useMarkedLayers(marks, baseLayers);
  // One array while nothing changes, so a hover's re-render does not hand the map new layers.
  const allLayers = useMemo(
    () => [adjacent.layer, ...heatmap.layers, ...layers, ...plume.layers, ...localization.layers, ...cameras.layers],
    [adjacent.layer, heatmap.layers, layers, plume.layers, localization.layers, cameras.layers],
  );
  const { hovered, onHover, onClick } = useSiteMapPicking(
    [own.hoverText, localization.hoverText, adjacent.hoverText, marks.hoverText],
    [adjacent.open, marks.click, localization.open, roses.click],
  );

  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label="Map">
      <MapLayerControls
        layers={layersOn}
        onChange={setLayersOn}
        selectedArcs={roses.selected}
        onHideCones={roses.hideCones}
        loading={roses.loading || wind.loading || own.loading}
        extra={[
          <PlumeToggle key="plume" plume={plume} />,
          <HeatmapToggle key="heatmap" heatmap={heatmap} />,
          <CameraEventsToggle key="cameras" hasCameras={cameras.hasCameras} layers={layersOn} onChange={setLayersOn} />,
        ]}
      />
      <MapLoadError error={[roses.error, wind.error, own.error, cameras.error].find((e) => e)} />
      <div className="relative">
        <MapView
          label={`Map of ${site.name}`}
          layers={allLayers}
          initialCenter={site.location}
          initialZoom={SITE_ZOOM}
          minZoom={SITE_MAP_MIN_ZOOM}
          fitBounds={own.fit}
          onZoom={setZoom}
          onHover={onHover}
          onClick={onClick}
          className="h-96 w-full overflow-hidden rounded-box"
        />
        <MapTooltip at={hovered} />
        {layersOn.windRose && <SiteWindRose wind={wind} />}
        <PlumeLegend plume={plume} />
        <HeatmapOverlay heatmap={heatmap} />
        <SiteMapMarksOverlay marks={marks} />
        <WindFrameTime time={wind.frameTime} />
      </div>
      <SiteMapKey structures={layersOn.structures} cameras={cameras.hasCameras} />
      <SiteMapMarksKey marks={marks} />
      {layersOn.localization && <LocalizationKey layer={localization} />}
      <PlumeControls plume={plume} />
      <CameraEventsCaption
        on={cameras.hasCameras && layersOn.cameraEvents}
        captions={cameras.captions}
        loading={cameras.loading}
      />
      {layersOn.roses && <RoseLegend gasId={layersOn.roseGas} empty={roses.empty} />}
    </section>
  );
}
