// The site dashboard's map (spec 3 §2 'Map'): the site's sources (red when they emitted in the range; name on hover),
// the devices that stand there now (green; amber when quarantined), earlier stays in grey, structures' footprints,
// concentration roses of a chosen gas with selectable arcs, the wind field and the site's wind rose, and the
// organization's adjacent sites (hover: name and alias; click: their dashboard). Zoom 13 at least.
import { useEffect, useMemo, useState } from 'react';
import type { SiteDetail, SiteDeviceStay, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import { parseLatLng } from '@/domain/coordinates';
import { TONE_RGBA } from '@/domain/map';
import { footprintPolygon } from '@/domain/site-edit';
import { WIND_FIELD } from '@/domain/gas-legend';
import {
  metresPerPixel,
  offsetLngLat,
  roseArcs,
  sectorRing,
  SITE_MAP_MIN_ZOOM,
  windFieldArrows,
  windFieldLayout,
  windFrames,
  ROSE_CONE_LENGTH_M,
  type RoseArc,
} from '@/domain/site-map';
import { useAdjacentSites } from './adjacent-sites';
import { useWindField } from './wind-field';
import { useWindRoseShares } from './wind-rose-shares';
import { useSiteHeatmap } from './site-heatmap';
import { HeatmapOverlay, HeatmapToggle } from './heatmap-controls';
import { contentBounds, placeLabels } from '@/domain/map-labels';
import { formatDateTime } from '@/domain/format';
import { useSession } from '@/ui/session-context';
import { labelLayer, pointLayer, pointSet } from '@/ui/map/map-layers';
import { MapView, type MapPick } from '@/ui/map/map-view';
import { shapeLayer, type OutlinedShape } from '@/entities/site/site-edit-layers';
import { arrowLayer, ringLayer, type ArrowPath, type FilledRing, type Rgba } from '@/entities/site/site-map-layers';
import { WindRose } from '@/ui/chart/wind-rose/wind-rose';
import type { SiteWindow } from './api';
import { useRoseData, useSiteStructures, useSiteWind } from './map-api';
import { MapLayerControls, RoseLegend, SiteMapKey, useSiteMapLayers } from './map-controls';
import { usePlumeAnimation } from './plume-animation';
import { CameraEventsCaption, CameraEventsToggle, useCameraMap } from './camera-map';
import { PlumeControls, PlumeLegend, PlumeToggle } from './plume-controls';
import { SOURCE_DISC_RADIUS, useMarkedLayers, useSiteMapMarks, type SiteMapFocus } from './site-map-marks';
import { SiteMapMarksKey, SiteMapMarksOverlay } from './site-map-marks-view';
import { LocalizationKey, useLocalizationLayer } from './localization';

const SITE_ZOOM = 16;
/** A fitted site map never opens closer than this (a lone device would otherwise fill the map). */
const SITE_FIT_MAX_ZOOM = 19;
const SEVERITY_RGBA: readonly Rgba[] = [
  [234, 179, 8, 190],
  [234, 88, 12, 200],
  [200, 30, 30, 210],
];
const arcKey = (a: { deviceInstallationId: number; directionIndex: number }) =>
  `${a.deviceInstallationId}:${a.directionIndex}`;

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
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const [zoom, setZoom] = useState(SITE_ZOOM);
  const [hovered, setHovered] = useState<{ text: string; x: number; y: number } | null>(null);
  const [selectedArcs, setSelectedArcs] = useState<ReadonlySet<string>>(new Set());
  const [frame, setFrame] = useState(0);
  const heatmap = useSiteHeatmap(w, zoom, site.location.lat);
  const structures = useSiteStructures(site.organizationId, site.id, layersOn.structures);
  const roses = useRoseData(w, layersOn.roseGas, layersOn.roses);
  const wind = useSiteWind(w, layersOn.windRose || layersOn.windField);
  const plume = usePlumeAnimation(w, emissions, focus.time);
  const adjacent = useAdjacentSites(site);
  const marks = useSiteMapMarks({ w, site, stays, sources, focus, showSources: layersOn.sources });
  const localization = useLocalizationLayer(w.organizationId, emissions, sources, layersOn.localization);
  const cameras = useCameraMap(w, stays, layersOn, focus.time);

  const live = useMemo(() => sources.filter((s) => !s.deleted), [sources]);
  const stayById = useMemo(() => new Map(stays.map((s) => [s.installationId, s])), [stays]);
  const arcs: RoseArc[] = useMemo(
    () => (layersOn.roses ? roseArcs(roses.data ?? []).filter((a) => stayById.has(a.deviceInstallationId)) : []),
    [layersOn.roses, roses.data, stayById],
  );
  const frames = useMemo(
    () =>
      windFrames(
        (wind.data?.installations ?? []).map((i) => ({ installationId: i.deviceInstallationId, wind: i.wind })),
      ),
    [wind.data],
  );
  const fieldLayout = useMemo(
    () =>
      layersOn.windField && frames.times.length > 0
        ? windFieldLayout(
            (wind.data?.installations ?? []).map((i) => ({
              ...i.location,
              reading: frames.at(i.deviceInstallationId, frame),
            })),
          )
        : null,
    [layersOn.windField, frames, frame, wind.data],
  );
  const field = useWindField(fieldLayout);
  const windDirections = useMemo(
    () => (wind.data ? wind.data.installations.flatMap((i) => i.wind.map((r) => r.windDirection)) : null),
    [wind.data],
  );
  const windRose = useWindRoseShares(windDirections);

  // The wind field steps through the range's frames, one every loop period, and starts over.
  const frameCount = frames.times.length;
  useEffect(() => {
    setFrame(0);
    if (!layersOn.windField || frameCount < 2) return;
    const timer = window.setInterval(() => setFrame((f) => (f + 1) % frameCount), WIND_FIELD.loopMs);
    return () => window.clearInterval(timer);
  }, [layersOn.windField, frameCount]);

  const baseLayers = useMemo(() => {
    const emitted = new Set(emissions.map((e) => e.sourceId));
    const current = stays.filter((s) => s.endTime === null);
    const earlier = stays.filter((s) => s.endTime !== null);
    const mpp = metresPerPixel(site.location.lat, zoom);
    const structureShapes: OutlinedShape<number>[] = (layersOn.structures ? (structures.data ?? []) : []).flatMap(
      (s) => {
        const at = parseLatLng(s.locationLatLng);
        const ring = at
          ? footprintPolygon({
              location: at,
              footprintType: s.footprintType,
              footprintRotation: s.footprintRotation,
              footprintX: s.footprintX,
              footprintY: s.footprintY,
            })
          : null;
        // A schematic of the pad: light footprints with a dark outline, named when there is room (issue 25).
        return ring ? [{ datum: s.id, ring, fill: [226, 232, 240, 200], line: [30, 41, 59, 255] }] : [];
      },
    );
    const structureNames = (layersOn.structures ? (structures.data ?? []) : []).flatMap((s) => {
      const at = parseLatLng(s.locationLatLng);
      return at && s.name ? [{ ...at, text: s.name, kind: 'structure' as const }] : [];
    });
    const deviceNames = layersOn.deviceLabels
      ? current.map((s) => ({ ...s.location, text: s.deviceName, kind: 'device' as const }))
      : [];
    const labels = placeLabels([...deviceNames, ...structureNames], zoom);
    const cones: FilledRing[] = arcs
      .filter((a, i, all) => selectedArcs.has(arcKey(a)) && all.findIndex((b) => arcKey(b) === arcKey(a)) === i)
      .map((a) => ({
        ring: sectorRing(stayById.get(a.deviceInstallationId)!.location, a.directionIndex, 0, ROSE_CONE_LENGTH_M),
        fill: [37, 99, 235, 55],
        line: [37, 99, 235, 220],
      }));
    const arcRings: FilledRing[] = arcs.map((a) => ({
      ring: sectorRing(
        stayById.get(a.deviceInstallationId)!.location,
        a.directionIndex,
        a.innerPx * mpp,
        a.outerPx * mpp,
      ),
      fill: SEVERITY_RGBA[a.severity - 1] ?? SEVERITY_RGBA[0]!,
      line: selectedArcs.has(arcKey(a)) ? [37, 99, 235, 255] : [255, 255, 255, 200],
    }));
    const arrows: ArrowPath[] = field
      ? windFieldArrows(field.layout, field.u, field.v).map((a) => arrowPath(a, mpp))
      : [];
    return [
      shapeLayer('site-structures', structureShapes),
      ringLayer('site-rose-cones', cones, { pickable: false, lineWidthPixels: 1.5 }),
      ringLayer('site-roses', arcRings, { pickable: true }),
      pointLayer(
        'site-sources',
        pointSet(live.map((s) => ({ ...s.location, rgba: emitted.has(s.id) ? TONE_RGBA.red : TONE_RGBA.blue }))),
        { radiusPixels: SOURCE_DISC_RADIUS, outlined: true, visible: layersOn.sources },
      ),
      pointLayer('site-earlier-devices', pointSet(earlier.map((s) => ({ ...s.location, rgba: TONE_RGBA.grey }))), {
        radiusPixels: 6,
      }),
      pointLayer(
        'site-devices',
        pointSet(
          current.map((s) => ({
            ...s.location,
            rgba: s.deviceInstallationType === 0 ? TONE_RGBA.green : TONE_RGBA.amber,
          })),
        ),
        { radiusPixels: 8, outlined: true },
      ),
      // Labels placed so none overlaps another or a dot, devices first; more appear as the user zooms in (issue 25).
      labelLayer(
        'site-labels',
        labels.filter((l) => l.kind === 'device'),
        layersOn.deviceLabels,
      ),
      labelLayer(
        'site-structure-names',
        labels.filter((l) => l.kind === 'structure'),
        layersOn.structures,
        'structure',
      ),
      arrowLayer('site-wind-field', arrows),
    ];
  }, [stays, live, emissions, site.location.lat, zoom, layersOn, structures.data, arcs, selectedArcs, stayById, field]);
  const layers = useMarkedLayers(marks, baseLayers);

  const fit = useSiteFit(stays, live, structures.data);
  // One array while nothing changes, so a hover's re-render does not hand the map new layers.
  const allLayers = useMemo(
    () => [adjacent.layer, ...heatmap.layers, ...layers, ...plume.layers, ...localization.layers, ...cameras.layers],
    [adjacent.layer, heatmap.layers, layers, plume.layers, localization.layers, cameras.layers],
  );

  const onHover = (pick: MapPick | null) => {
    const source = pick?.layerId === 'site-sources' ? live[pick.index] : undefined;
    const text = source ? source.name || 'Unknown' : (localization.hoverText(pick) ?? adjacent.hoverText(pick));
    const shown = text ?? marks.hoverText(pick);
    setHovered(shown && pick ? { text: shown, x: pick.x, y: pick.y } : null);
  };
  const onClick = (pick: MapPick) => {
    if (adjacent.open(pick) || marks.click(pick) || localization.open(pick)) return;
    const arc = pick.layerId === 'site-roses' ? arcs[pick.index] : undefined;
    if (!arc) return;
    setSelectedArcs((prev) => {
      const next = new Set(prev);
      if (next.has(arcKey(arc))) next.delete(arcKey(arc));
      else next.add(arcKey(arc));
      return next;
    });
  };

  const loading =
    (layersOn.roses && roses.isFetching) ||
    ((layersOn.windRose || layersOn.windField) && wind.isFetching) ||
    (layersOn.structures && structures.isFetching);
  const failed = [roses.error, wind.error, structures.error, cameras.error].find((e) => e);
  const frameTime =
    layersOn.windField && frames.times.length > 0 ? frames.times[frame % frames.times.length] : undefined;
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label="Map">
      <MapLayerControls
        layers={layersOn}
        onChange={setLayersOn}
        selectedArcs={selectedArcs.size}
        onHideCones={() => setSelectedArcs(new Set())}
        loading={loading}
        extra={[
          <PlumeToggle key="plume" plume={plume} />,
          <HeatmapToggle key="heatmap" heatmap={heatmap} />,
          <CameraEventsToggle key="cameras" hasCameras={cameras.hasCameras} layers={layersOn} onChange={setLayersOn} />,
        ]}
      />
      {failed && (
        <p role="alert" className="mb-1 text-sm text-error">
          {failed.message}
        </p>
      )}
      <div className="relative">
        <MapView
          label={`Map of ${site.name}`}
          layers={allLayers}
          initialCenter={site.location}
          initialZoom={SITE_ZOOM}
          minZoom={SITE_MAP_MIN_ZOOM}
          fitBounds={fit}
          onZoom={setZoom}
          onHover={onHover}
          onClick={onClick}
          className="h-96 w-full overflow-hidden rounded-box"
        />
        {hovered && (
          <div
            role="tooltip"
            className="pointer-events-none absolute z-10 rounded bg-base-100 px-2 py-0.5 text-xs shadow"
            style={{ left: hovered.x + 12, top: hovered.y + 12 }}
          >
            {hovered.text}
          </div>
        )}
        {layersOn.windRose && (
          <figure
            className="absolute left-2 top-2 z-10 rounded-box bg-base-100/90 p-1 shadow"
            aria-label="Site wind rose"
          >
            {wind.data && windRose.some((r) => r.probability > 0) ? (
              <WindRose rose={windRose} size={170} />
            ) : (
              <p className="w-40 p-2 text-xs">{wind.isPending ? 'Loading wind…' : 'No wind data in this range'}</p>
            )}
          </figure>
        )}
        <PlumeLegend plume={plume} />
        <HeatmapOverlay heatmap={heatmap} />
        <SiteMapMarksOverlay marks={marks} />
        {frameTime !== undefined && (
          <p className="absolute bottom-2 left-2 z-10 rounded bg-base-100/90 px-2 py-0.5 text-xs">{`Wind at ${formatDateTime(frameTime, timeZone, timeFormat)}`}</p>
        )}
      </div>
      <SiteMapKey structures={layersOn.structures} />
      <SiteMapMarksKey marks={marks} />
      {layersOn.localization && <LocalizationKey layer={localization} />}
      <PlumeControls plume={plume} />
      <CameraEventsCaption
        on={cameras.hasCameras && layersOn.cameraEvents}
        captions={cameras.captions}
        loading={cameras.loading}
      />
      {layersOn.roses && <RoseLegend gasId={layersOn.roseGas} empty={roses.isSuccess && arcs.length === 0} />}
    </section>
  );
}

/** The map opens on the site's devices, sources and structures (not its pin at a fixed zoom), once they are known. */
function useSiteFit(
  stays: readonly SiteDeviceStay[],
  live: readonly SiteSource[],
  structures: readonly { locationLatLng: string }[] | undefined,
) {
  return useMemo(() => {
    const points = [
      ...stays.filter((s) => s.endTime === null).map((s) => s.location),
      ...live.map((s) => s.location),
      ...(structures ?? []).flatMap((s) => parseLatLng(s.locationLatLng) ?? []),
    ];
    const b = contentBounds(points);
    return b ? { ...b, maxZoom: SITE_FIT_MAX_ZOOM, key: points.length } : null;
  }, [stays, live, structures]);
}

/** An arrow centred on its cell, pointing where the wind blows; 10 to 35 pixels long with speed (clamped). */
function arrowPath(a: { lng: number; lat: number; toward: number; speedKmh: number }, mpp: number): ArrowPath {
  const half = ((10 + (25 * a.speedKmh) / WIND_FIELD.maxSpeedKmh) * mpp) / 2;
  const at = { lat: a.lat, lng: a.lng };
  const p = (r: number, deg: number) =>
    offsetLngLat(at, r * Math.sin((deg * Math.PI) / 180), r * Math.cos((deg * Math.PI) / 180));
  const tip = p(half, a.toward);
  const head = half * 0.5;
  const left = offsetLngLat(
    { lng: tip[0], lat: tip[1] },
    head * Math.sin(((a.toward + 150) * Math.PI) / 180),
    head * Math.cos(((a.toward + 150) * Math.PI) / 180),
  );
  const right = offsetLngLat(
    { lng: tip[0], lat: tip[1] },
    head * Math.sin(((a.toward - 150) * Math.PI) / 180),
    head * Math.cos(((a.toward - 150) * Math.PI) / 180),
  );
  return { path: [p(half, a.toward + 180), tip, left, tip, right], color: [14, 116, 144, 230] };
}
