// The site dashboard map's pure parts (src/features/site-dashboard/site-map-model.ts): the fitted view, the layers of
// the site's structures, sources, devices and labels, the concentration roses with their selected cones, the wind
// field's frames and arrows, and a source's hover text.
import { describe, expect, it } from 'vitest';
import type { SiteDeviceStay, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import type { Structure } from '@/contracts/site-edit';
import type { SiteWindData } from '@/contracts/site-map';
import { WIND_FIELD } from '@/domain/gas-legend';
import { TONE_RGBA } from '@/domain/map';
import { ROSE_CONE_LENGTH_M, type RoseArc, type WindFieldLayout } from '@/domain/site-map';
import {
  pickedArc,
  roseLayers,
  siteFit,
  siteLabelLayers,
  siteMarkerLayers,
  siteRoseArcs,
  siteWindFrames,
  sourceHoverText,
  structureLayer,
  toggleArc,
  windDirections,
  windFieldLayer,
  windFrameLayout,
} from '@/features/site-dashboard/site-map-model';

const AT = { lat: 31.9, lng: -102.1 };
const K = 111_320;
/** Metres east and north of a point from AT. */
const local = ([lng, lat]: [number, number], from = AT) => ({
  east: (lng - from.lng) * K * Math.cos((from.lat * Math.PI) / 180),
  north: (lat - from.lat) * K,
});
const near = (east: number, north: number) => ({
  lat: AT.lat + north / K,
  lng: AT.lng + east / (K * Math.cos((AT.lat * Math.PI) / 180)),
});

const stay = (installationId: number, over: Partial<SiteDeviceStay> = {}): SiteDeviceStay => ({
  installationId,
  deviceId: installationId,
  deviceName: `Qube ${installationId}`,
  deviceType: 'Qube',
  location: AT,
  startTime: '2026-06-01T00:00:00.000Z',
  endTime: null,
  deviceInstallationType: 0,
  quarantinedAt: null,
  measurementTypeIds: [],
  ...over,
});
const source = (id: number, name: string, location = AT): SiteSource => ({
  id,
  name,
  location,
  sourceCategoryId: null,
  sourceCategoryName: 'Uncategorized',
  sourceGroupName: null,
  deleted: false,
});
const emission = (sourceId: number) => ({ id: sourceId, sourceId }) as SiteEmission;
const structure = (id: number, latLng: string, name = `Tank ${id}`): Structure => ({
  id,
  siteId: 1,
  name,
  locationLatLng: latLng,
  footprintType: 'Box',
  footprintRotation: 0,
  footprintX: 10,
  footprintY: 6,
  footprintZ: 4,
});
const arc = (deviceInstallationId: number, directionIndex: number, severity = 1, innerPx = 0, outerPx = 10) =>
  ({ deviceInstallationId, directionIndex, severity, value: 1, innerPx, outerPx }) as RoseArc;
/** The rings a polygon layer draws, or the paths a path layer draws. */
const dataOf = <T>(layer: { props: { data: unknown } }) => layer.props.data as T[];
/** The colours of a point layer's points. */
const colours = (layer: { props: { data: unknown } }) => {
  const value = (layer.props.data as { attributes: { getFillColor: { value: Uint8Array } } }).attributes.getFillColor
    .value;
  return Array.from({ length: value.length / 4 }, (_, i) => Array.from(value.subarray(i * 4, i * 4 + 4)));
};
const pick = (layerId: string | null, index = 0) => ({ layerId, index, coordinate: null, x: 0, y: 0 });

describe('fitted view', () => {
  it('opens on the current devices, live sources and structures, never closer than zoom 19', () => {
    const fit = siteFit(
      [stay(1, { location: near(-100, 0) }), stay(2, { location: near(900, 0), endTime: '2026-06-02T00:00:00.000Z' })],
      [source(1, 'Tank', near(100, 0))],
      [structure(1, `${near(0, 200).lat},${near(0, 200).lng}`), structure(2, 'not a place')],
    )!;
    expect(fit.maxZoom).toBe(19);
    expect(fit.key).toBe(3);
    expect(local([fit.southWest.lng, fit.southWest.lat]).east).toBeCloseTo(-100, 3);
    expect(local([fit.northEast.lng, fit.northEast.lat]).east).toBeCloseTo(100, 3);
    expect(local([fit.northEast.lng, fit.northEast.lat]).north).toBeCloseTo(200, 3);
  });

  it('has nothing to fit without content', () => {
    expect(siteFit([stay(1, { endTime: '2026-06-02T00:00:00.000Z' })], [], undefined)).toBeNull();
  });
});

describe("the site's own layers", () => {
  it('draws the footprints of the structures that have a place, light with a dark outline', () => {
    const layer = structureLayer([structure(1, `${AT.lat},${AT.lng}`), structure(2, '')]);
    expect(layer.id).toBe('site-structures');
    const shapes = dataOf<{ datum: number; ring: [number, number][]; fill: number[]; line: number[] }>(layer);
    expect(shapes.map((s) => s.datum)).toEqual([1]);
    expect(shapes[0]).toMatchObject({ fill: [226, 232, 240, 200], line: [30, 41, 59, 255] });
    const xs = shapes[0]!.ring.map((p) => local(p).east);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(10, 3);
  });

  it('colours sources by whether they emitted, earlier stays grey, devices by quarantine', () => {
    const stays = [stay(1), stay(2, { deviceInstallationType: 1 }), stay(3, { endTime: '2026-06-02T00:00:00.000Z' })];
    const layers = siteMarkerLayers(stays, [source(1, 'A'), source(2, 'B')], [emission(2)], false);
    expect(layers.map((l) => l.id)).toEqual(['site-sources', 'site-earlier-devices', 'site-devices']);
    expect(layers.map((l) => l.props.visible)).toEqual([false, true, true]);
    expect(colours(layers[0]!)).toEqual([[...TONE_RGBA.blue], [...TONE_RGBA.red]]);
    expect(colours(layers[1]!)).toEqual([[...TONE_RGBA.grey]]);
    expect(colours(layers[2]!)).toEqual([[...TONE_RGBA.green], [...TONE_RGBA.amber]]);
  });

  it('labels current devices when device labels are on, and the structures given', () => {
    const stays = [stay(1), stay(2, { location: near(500, 0), endTime: '2026-06-02T00:00:00.000Z' })];
    const named = [structure(1, `${near(0, 300).lat},${near(0, 300).lng}`), structure(2, `${AT.lat},${AT.lng}`, '')];
    const on = siteLabelLayers(stays, named, 18, { deviceLabels: true, structures: true });
    expect(on.map((l) => l.id)).toEqual(['site-labels', 'site-structure-names']);
    expect(on.map((l) => dataOf<{ text: string }>(l).map((t) => t.text))).toEqual([['Qube 1'], ['Tank 1']]);
    expect(on.map((l) => l.props.visible)).toEqual([true, true]);
    const off = siteLabelLayers(stays, [], 18, { deviceLabels: false, structures: false });
    expect(off.map((l) => dataOf(l).length)).toEqual([0, 0]);
    expect(off.map((l) => l.props.visible)).toEqual([false, false]);
  });

  it('names the source under the pointer, Unknown without a name, nothing elsewhere', () => {
    const live = [source(1, 'Tank battery'), source(2, '')];
    expect(sourceHoverText(pick('site-sources', 0), live)).toBe('Tank battery');
    expect(sourceHoverText(pick('site-sources', 1), live)).toBe('Unknown');
    expect(sourceHoverText(pick('site-devices', 0), live)).toBeUndefined();
    expect(sourceHoverText(null, live)).toBeUndefined();
  });
});

describe('concentration roses', () => {
  const stayById = new Map([[7, stay(7)]]);

  it('keeps the arcs of installations on the map', () => {
    const data = [
      { deviceInstallationId: 7, directionIndex: 4, severity: 1, value: 2 },
      { deviceInstallationId: 8, directionIndex: 0, severity: 1, value: 1 },
    ];
    expect(siteRoseArcs(data, stayById).map((a) => a.deviceInstallationId)).toEqual([7]);
  });

  it('selects a sector by a click on one of its arcs, and unselects it by another', () => {
    const arcs = [arc(7, 4, 1), arc(7, 4, 2)];
    expect(pickedArc(pick('site-roses', 1), arcs)).toBe(arcs[1]);
    expect(pickedArc(pick('site-sources', 1), arcs)).toBeUndefined();
    const once = toggleArc(new Set(), arcs[0]!);
    expect(once.size).toBe(1);
    expect(toggleArc(once, arcs[1]!).size).toBe(0);
  });

  it('draws one 200 m cone per selected sector under the arcs, and outlines the selected arcs in blue', () => {
    const arcs = [arc(7, 4, 1, 0, 10), arc(7, 4, 3, 10, 30), arc(7, 8, 2, 0, 20)];
    const [cones, roses] = roseLayers(arcs, toggleArc(new Set(), arcs[0]!), stayById, 2);
    expect([cones!.id, roses!.id]).toEqual(['site-rose-cones', 'site-roses']);
    const coneRings = dataOf<{ ring: [number, number][] }>(cones!);
    expect(coneRings).toHaveLength(1);
    const reach = Math.max(...coneRings[0]!.ring.map((p) => Math.hypot(local(p).east, local(p).north)));
    expect(reach).toBeCloseTo(ROSE_CONE_LENGTH_M, 3);
    const rings = dataOf<{ ring: [number, number][]; fill: number[]; line: number[] }>(roses!);
    expect(rings.map((r) => r.line)).toEqual([
      [37, 99, 235, 255],
      [37, 99, 235, 255],
      [255, 255, 255, 200],
    ]);
    expect(rings.map((r) => r.fill)).toEqual([
      [234, 179, 8, 190],
      [200, 30, 30, 210],
      [234, 88, 12, 200],
    ]);
    // Radii in pixels, drawn at 2 m per pixel: the second arc spans 20 to 60 m.
    const radii = rings[1]!.ring.map((p) => Math.hypot(local(p).east, local(p).north));
    expect(Math.min(...radii)).toBeCloseTo(20, 3);
    expect(Math.max(...radii)).toBeCloseTo(60, 3);
  });
});

describe('wind field', () => {
  const wind: SiteWindData = {
    periodMs: 60_000,
    installations: [
      {
        deviceInstallationId: 1,
        location: AT,
        wind: [
          { time: 0, windDirection: 270, windSpeed: 10 },
          { time: 60_000, windDirection: 0, windSpeed: 20 },
        ],
      },
      { deviceInstallationId: 2, location: near(200, 0), wind: [{ time: 60_000, windDirection: 90, windSpeed: 5 }] },
    ],
  };

  it("steps through the frame times of every installation's wind", () => {
    const frames = siteWindFrames(wind);
    expect(frames.times).toEqual([0, 60_000]);
    expect(frames.at(2, 0)).toBeNull();
    expect(frames.at(2, 1)?.windDirection).toBe(90);
    expect(siteWindFrames(undefined).times).toEqual([]);
  });

  it('interpolates a frame from the installations with a reading in it', () => {
    const frames = siteWindFrames(wind);
    expect(windFrameLayout(wind, frames, 0)!.stations.x).toHaveLength(1);
    expect(windFrameLayout(wind, frames, 1)!.stations.x).toHaveLength(2);
    expect(windFrameLayout(undefined, frames, 0)).toBeNull();
  });

  it('gives the wind rose every direction of the range, nothing before the wind is known', () => {
    expect(windDirections(wind)).toEqual([270, 0, 90]);
    expect(windDirections(undefined)).toBeNull();
  });

  it('draws an arrow per cell where the wind blows, 10 to 35 pixels long with speed', () => {
    expect(dataOf(windFieldLayer(null, 1))).toEqual([]);
    const layout = { cells: [AT, near(100, 0)] } as WindFieldLayout;
    // Toward the east at the top speed, toward the north at none; at 2 m per pixel.
    const field = { layout, u: Float64Array.of(WIND_FIELD.maxSpeedKmh, 0), v: Float64Array.of(0, 0) };
    const layer = windFieldLayer(field, 2);
    expect(layer.id).toBe('site-wind-field');
    const [east, still] = dataOf<{ path: [number, number][] }>(layer);
    const tail = local(east!.path[0]!);
    const tip = local(east!.path[1]!);
    expect(tip.east - tail.east).toBeCloseTo(35 * 2, 3);
    expect(tip.north - tail.north).toBeCloseTo(0, 3);
    const from = near(100, 0);
    const length = Math.hypot(...Object.values(local(still!.path[1]!, from))) * 2;
    expect(length).toBeCloseTo(10 * 2, 3);
  });
});
