// The site map's pure parts (spec 3 §2 'Map'): the view that fits the site's content, the deck.gl layers of its
// structures, sources, devices and labels, the concentration roses with their selected cones, the wind field's frames
// and arrows, and what a pick on a source names. Hooks (use-site-map-*.ts) hold the state and memoize these; SiteMap
// wires them together.
import type { SiteDeviceStay, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import type { Structure } from '@/contracts/site-edit';
import type { SiteWindData } from '@/contracts/site-map';
import { parseLatLng } from '@/domain/coordinates';
import { WIND_FIELD } from '@/domain/gas-legend';
import { TONE_RGBA } from '@/domain/map';
import { contentBounds, placeLabels } from '@/domain/map-labels';
import { footprintPolygon } from '@/domain/site-edit';
import {
  offsetLngLat,
  ROSE_CONE_LENGTH_M,
  roseArcs,
  sectorRing,
  windFieldArrows,
  windFieldLayout,
  windFrames,
  type RoseArc,
  type RoseDatum,
} from '@/domain/site-map';
import { shapeLayer, type Layer, type OutlinedShape } from '@/entities/site/site-edit-layers';
import { arrowLayer, ringLayer, type ArrowPath, type FilledRing, type Rgba } from '@/entities/site/site-map-layers';
import { labelLayer, pointLayer, pointSet } from '@/ui/map/map-layers';
import type { MapPick } from '@/ui/map/map-view';
import type { WindField } from './wind-field';

/** A fitted site map never opens closer than this (a lone device would otherwise fill the map). */
const SITE_FIT_MAX_ZOOM = 19;
/** The source discs, grown to hold their category icons (site-map-marks.ts). */
const SOURCE_DISC_RADIUS = 11;
const SOURCES_LAYER = 'site-sources';
const ROSES_LAYER = 'site-roses';
const SEVERITY_RGBA: readonly Rgba[] = [
  [234, 179, 8, 190],
  [234, 88, 12, 200],
  [200, 30, 30, 210],
];

const current = (stays: readonly SiteDeviceStay[]) => stays.filter((s) => s.endTime === null);

/** The map opens on the site's devices, sources and structures (not its pin at a fixed zoom), once they are known. */
export function siteFit(
  stays: readonly SiteDeviceStay[],
  live: readonly SiteSource[],
  structures: readonly Pick<Structure, 'locationLatLng'>[] | undefined,
) {
  const points = [
    ...current(stays).map((s) => s.location),
    ...live.map((s) => s.location),
    ...(structures ?? []).flatMap((s) => parseLatLng(s.locationLatLng) ?? []),
  ];
  const b = contentBounds(points);
  return b ? { ...b, maxZoom: SITE_FIT_MAX_ZOOM, key: points.length } : null;
}

/** The structures' footprints: a schematic of the pad, light with a dark outline (issue 25). */
export function structureLayer(structures: readonly Structure[]): Layer {
  const shapes: OutlinedShape<number>[] = structures.flatMap((s) => {
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
    return ring ? [{ datum: s.id, ring, fill: [226, 232, 240, 200], line: [30, 41, 59, 255] }] : [];
  });
  return shapeLayer('site-structures', shapes);
}

/**
 * The live sources (red when they emitted in the range, else blue), the earlier stays in grey and the devices that
 * stand there now (green; amber when quarantined).
 */
export function siteMarkerLayers(
  stays: readonly SiteDeviceStay[],
  live: readonly SiteSource[],
  emissions: readonly SiteEmission[],
  showSources: boolean,
): Layer[] {
  const emitted = new Set(emissions.map((e) => e.sourceId));
  const earlier = stays.filter((s) => s.endTime !== null);
  return [
    pointLayer(
      SOURCES_LAYER,
      pointSet(live.map((s) => ({ ...s.location, rgba: emitted.has(s.id) ? TONE_RGBA.red : TONE_RGBA.blue }))),
      { radiusPixels: SOURCE_DISC_RADIUS, outlined: true, visible: showSources },
    ),
    pointLayer('site-earlier-devices', pointSet(earlier.map((s) => ({ ...s.location, rgba: TONE_RGBA.grey }))), {
      radiusPixels: 6,
    }),
    pointLayer(
      'site-devices',
      pointSet(
        current(stays).map((s) => ({
          ...s.location,
          rgba: s.deviceInstallationType === 0 ? TONE_RGBA.green : TONE_RGBA.amber,
        })),
      ),
      { radiusPixels: 8, outlined: true },
    ),
  ];
}

/**
 * The current devices' names (when device labels are on) and the structures' names (the structures given, shown when
 * structures are on), placed so none overlaps another or a dot, devices first; more appear as the user zooms in
 * (issue 25).
 */
export function siteLabelLayers(
  stays: readonly SiteDeviceStay[],
  structures: readonly Pick<Structure, 'locationLatLng' | 'name'>[],
  zoom: number,
  on: { deviceLabels: boolean; structures: boolean },
): Layer[] {
  const structureNames = structures.flatMap((s) => {
    const at = parseLatLng(s.locationLatLng);
    return at && s.name ? [{ ...at, text: s.name, kind: 'structure' as const }] : [];
  });
  const deviceNames = on.deviceLabels
    ? current(stays).map((s) => ({ ...s.location, text: s.deviceName, kind: 'device' as const }))
    : [];
  const labels = placeLabels([...deviceNames, ...structureNames], zoom);
  return [
    labelLayer(
      'site-labels',
      labels.filter((l) => l.kind === 'device'),
      on.deviceLabels,
    ),
    labelLayer(
      'site-structure-names',
      labels.filter((l) => l.kind === 'structure'),
      on.structures,
      'structure',
    ),
  ];
}

/** A rose arc's sector: its cone is shown while the sector is selected. */
const arcKey = (a: { deviceInstallationId: number; directionIndex: number }) =>
  `${a.deviceInstallationId}:${a.directionIndex}`;

/** The roses' arcs of the installations drawn on the map. */
export function siteRoseArcs(data: readonly RoseDatum[], stayById: ReadonlyMap<number, unknown>): RoseArc[] {
  return roseArcs(data).filter((a) => stayById.has(a.deviceInstallationId));
}

/** The rose arc a pick hit, if any. */
export const pickedArc = (pick: MapPick, arcs: readonly RoseArc[]): RoseArc | undefined =>
  pick.layerId === ROSES_LAYER ? arcs[pick.index] : undefined;

/** The selected sectors with the arc's sector selected, or unselected when it was. */
export function toggleArc(selected: ReadonlySet<string>, arc: RoseArc): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(arcKey(arc))) next.delete(arcKey(arc));
  else next.add(arcKey(arc));
  return next;
}

/**
 * The cones of the selected sectors (one per sector, 200 m long) under the roses' arcs, coloured by severity and
 * outlined in blue when selected; the arcs' radii are pixels, drawn at the map's metres per pixel.
 */
export function roseLayers(
  arcs: readonly RoseArc[],
  selected: ReadonlySet<string>,
  stayById: ReadonlyMap<number, { location: { lat: number; lng: number } }>,
  mpp: number,
): Layer[] {
  const cones: FilledRing[] = arcs
    .filter((a, i, all) => selected.has(arcKey(a)) && all.findIndex((b) => arcKey(b) === arcKey(a)) === i)
    .map((a) => ({
      ring: sectorRing(stayById.get(a.deviceInstallationId)!.location, a.directionIndex, 0, ROSE_CONE_LENGTH_M),
      fill: [37, 99, 235, 55],
      line: [37, 99, 235, 220],
    }));
  const rings: FilledRing[] = arcs.map((a) => ({
    ring: sectorRing(
      stayById.get(a.deviceInstallationId)!.location,
      a.directionIndex,
      a.innerPx * mpp,
      a.outerPx * mpp,
    ),
    fill: SEVERITY_RGBA[a.severity - 1] ?? SEVERITY_RGBA[0]!,
    line: selected.has(arcKey(a)) ? [37, 99, 235, 255] : [255, 255, 255, 200],
  }));
  return [
    ringLayer('site-rose-cones', cones, { pickable: false, lineWidthPixels: 1.5 }),
    ringLayer(ROSES_LAYER, rings, { pickable: true }),
  ];
}

/** The frame times of the site's wind and each installation's reading at each. */
export const siteWindFrames = (wind: SiteWindData | undefined) =>
  windFrames((wind?.installations ?? []).map((i) => ({ installationId: i.deviceInstallationId, wind: i.wind })));

/** Where the wind field of one frame is interpolated (null without a reading in that frame). */
export const windFrameLayout = (
  wind: SiteWindData | undefined,
  frames: ReturnType<typeof siteWindFrames>,
  frame: number,
) =>
  windFieldLayout(
    (wind?.installations ?? []).map((i) => ({ ...i.location, reading: frames.at(i.deviceInstallationId, frame) })),
  );

/** Every wind direction of the range, for the site's wind rose; null before the wind is known. */
export const windDirections = (wind: SiteWindData | undefined) =>
  wind ? wind.installations.flatMap((i) => i.wind.map((r) => r.windDirection)) : null;

/** The wind field's arrows (none without a field), sized at the map's metres per pixel. */
export const windFieldLayer = (field: WindField | null, mpp: number): Layer =>
  arrowLayer(
    'site-wind-field',
    field ? windFieldArrows(field.layout, field.u, field.v).map((a) => arrowPath(a, mpp)) : [],
  );

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

/** The name of the source under the pointer ('Unknown' when it has none); undefined off the sources. */
export function sourceHoverText(pick: MapPick | null, live: readonly SiteSource[]): string | undefined {
  const source = pick?.layerId === SOURCES_LAYER ? live[pick.index] : undefined;
  return source ? source.name || 'Unknown' : undefined;
}
