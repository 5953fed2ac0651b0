// deck.gl layers as small pure functions of their data (architecture: layers built apart from the map). Points travel
// as binary attributes — one array of positions (float32 around an origin where the points lie close) and one
// Uint8Array of colours — so thousands of markers cost two buffer uploads, not an object or a DOM node each.
import { COORDINATE_SYSTEM, type Layer } from '@deck.gl/core';
import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';

export interface PointSet {
  length: number;
  /** The lng, lat the positions are offsets from, or null when they are absolute lng, lat doubles. */
  origin: readonly [number, number] | null;
  /**
   * lng, lat pairs: float32 offsets from the origin when the points lie within MAX_FLOAT32_SPAN_DEG of each other
   * (a site or a basin: within 7 mm, and deck.gl draws them without its 64-bit position emulation), else doubles.
   */
  positions: Float32Array | Float64Array;
  /** r, g, b, a per point. */
  colors: Uint8Array;
}

/** Float32 offsets of at most 1° from the centre round to 1.2e-7° (about 7 mm on the ground) at worst. */
const MAX_FLOAT32_SPAN_DEG = 2;

export function pointSet(
  points: readonly { lng: number; lat: number; rgba: readonly [number, number, number, number] }[],
): PointSet {
  let minLng = Infinity;
  let maxLng = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const p of points) {
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
  }
  const compact = points.length > 0 && Math.max(maxLng - minLng, maxLat - minLat) <= MAX_FLOAT32_SPAN_DEG;
  const origin: [number, number] | null = compact ? [(minLng + maxLng) / 2, (minLat + maxLat) / 2] : null;
  const positions = compact ? new Float32Array(points.length * 2) : new Float64Array(points.length * 2);
  const colors = new Uint8Array(points.length * 4);
  points.forEach((p, i) => {
    positions[i * 2] = p.lng - (origin?.[0] ?? 0);
    positions[i * 2 + 1] = p.lat - (origin?.[1] ?? 0);
    colors.set(p.rgba, i * 4);
  });
  return { length: points.length, origin, positions, colors };
}

export function pointLayer(
  id: string,
  points: PointSet,
  opts: { radiusPixels: number; visible?: boolean; outlined?: boolean; pickable?: boolean },
): Layer {
  return new ScatterplotLayer({
    id,
    data: {
      length: points.length,
      attributes: {
        getPosition: { value: points.positions, size: 2 },
        getFillColor: { value: points.colors, size: 4 },
      },
    },
    ...(points.origin
      ? {
          coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS,
          coordinateOrigin: [points.origin[0], points.origin[1], 0] as [number, number, number],
        }
      : {}),
    radiusUnits: 'pixels',
    getRadius: opts.radiusPixels,
    radiusMinPixels: opts.radiusPixels,
    stroked: opts.outlined ?? true,
    getLineColor: [255, 255, 255, 230],
    lineWidthUnits: 'pixels',
    getLineWidth: 1.5,
    pickable: opts.pickable ?? true,
    autoHighlight: opts.pickable ?? true,
    highlightColor: [20, 60, 120, 120],
    visible: opts.visible ?? true,
    updateTriggers: { getFillColor: points.colors },
  });
}

/**
 * A point layer for a map that has no data yet: deck.gl compiles the points' shaders (the same program for every
 * point layer) while the page's requests are out, instead of when the first devices arrive. It draws one point at
 * the map's centre with no opacity, because a layer with no points issues no draw call and the GL's own work for the
 * first draw would wait for the devices (not measured apart: bench/README.md session 25). `id` lets the map bench
 * measure it under the devices' layer id.
 */
export function warmUpLayer(center: { lng: number; lat: number }, id = 'warm-up'): Layer {
  return pointLayer(id, pointSet([{ ...center, rgba: [0, 0, 0, 0] }]), { radiusPixels: 1 }).clone({
    opacity: 0,
  });
}

/** The trip-planning circle: a true ground radius in metres. */
export function circleLayer(id: string, center: { lng: number; lat: number }, radiusKm: number): Layer {
  return new ScatterplotLayer({
    id,
    data: [center],
    getPosition: (c: { lng: number; lat: number }) => [c.lng, c.lat],
    radiusUnits: 'meters',
    getRadius: radiusKm * 1000,
    filled: true,
    getFillColor: [14, 116, 144, 40],
    stroked: true,
    getLineColor: [14, 116, 144, 220],
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
    pickable: false,
    updateTriggers: { getRadius: radiusKm },
  });
}

type MapLabel = { lng: number; lat: number; text: string; offset?: [number, number] };

/** Text labels; a label placed by placeLabels (src/domain/map-labels) carries its own offset. Structures' names are smaller and grey. */
export function labelLayer(
  id: string,
  labels: readonly MapLabel[],
  visible: boolean,
  kind: 'device' | 'structure' = 'device',
): Layer {
  return new TextLayer({
    id,
    data: labels,
    getPosition: (l: MapLabel) => [l.lng, l.lat],
    getText: (l: MapLabel) => l.text,
    getSize: kind === 'structure' ? 11 : 12,
    getPixelOffset: (l: MapLabel) => l.offset ?? [0, -16],
    getColor: kind === 'structure' ? [71, 85, 105, 255] : [30, 40, 55, 255],
    outlineWidth: 3,
    outlineColor: [255, 255, 255, 230],
    fontSettings: { sdf: true },
    characterSet: 'auto',
    visible,
    pickable: false,
  });
}

export interface WeightedPoint {
  lng: number;
  lat: number;
  weight: number;
}

/** Emissions as a heat map: each point weighs its volume; the colours run from pale yellow to deep red. */
export function heatLayer(id: string, points: readonly WeightedPoint[], radiusPixels = 40): Layer {
  return new HeatmapLayer<WeightedPoint>({
    id,
    data: points,
    getPosition: (p) => [p.lng, p.lat],
    getWeight: (p) => p.weight,
    radiusPixels,
    intensity: 1.2,
    threshold: 0.03,
    colorRange: [
      [255, 255, 178],
      [254, 217, 118],
      [254, 178, 76],
      [253, 141, 60],
      [240, 59, 32],
      [189, 0, 38],
    ],
    pickable: false,
  });
}

export interface SizedPoint {
  lng: number;
  lat: number;
  radius: number;
  rgba: readonly [number, number, number, number];
}

/** A scatterplot whose radius carries the value (pixels), picked by index. */
export function sizedPointLayer(id: string, points: readonly SizedPoint[]): Layer {
  return new ScatterplotLayer<SizedPoint>({
    id,
    data: points,
    getPosition: (p) => [p.lng, p.lat],
    getRadius: (p) => p.radius,
    getFillColor: (p) => [...p.rgba],
    radiusUnits: 'pixels',
    stroked: true,
    getLineColor: [255, 255, 255, 230],
    lineWidthUnits: 'pixels',
    getLineWidth: 1.5,
    pickable: true,
    autoHighlight: true,
    highlightColor: [20, 60, 120, 120],
  });
}
