// deck.gl layers of the Site edit map (spec 3 §2 'Site edit'): basemap images at their corners, structure footprints,
// source points with labels, and the drawing preview. Pure functions of their data, picked through onClick.
import type { Layer } from '@deck.gl/core';

export type { Layer };
import { BitmapLayer, PathLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';

export type Rgba = [number, number, number, number];

/** A georeferenced image between its south-west and north-east corners. */
export function basemapImageLayer(
  id: string,
  image: ImageBitmap,
  southWest: { lng: number; lat: number },
  northEast: { lng: number; lat: number },
  opacity = 1,
): Layer {
  return new BitmapLayer({
    id,
    image,
    bounds: [southWest.lng, southWest.lat, northEast.lng, northEast.lat],
    opacity,
    pickable: false,
  });
}

export interface OutlinedShape<T> {
  datum: T;
  /** Closed ring of [lng, lat]. */
  ring: [number, number][];
  fill: Rgba;
  line: Rgba;
}

export function shapeLayer<T>(id: string, shapes: readonly OutlinedShape<T>[], onClick?: (datum: T) => void): Layer {
  return new PolygonLayer<OutlinedShape<T>>({
    id,
    data: shapes,
    getPolygon: (s) => s.ring,
    getFillColor: (s) => s.fill,
    getLineColor: (s) => s.line,
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
    stroked: true,
    filled: true,
    pickable: Boolean(onClick),
    autoHighlight: Boolean(onClick),
    highlightColor: [20, 60, 120, 80],
    onClick: onClick ? (info) => (info.object ? (onClick(info.object.datum), true) : false) : undefined,
  });
}

export interface MarkedPoint<T> {
  datum: T;
  lng: number;
  lat: number;
  fill: Rgba;
  label?: string;
}

/** Points of a fixed pixel radius with an optional label above each. */
export function markedPointLayers<T>(
  id: string,
  points: readonly MarkedPoint<T>[],
  radiusPixels: number,
  onClick?: (datum: T) => void,
): Layer[] {
  return [
    new ScatterplotLayer<MarkedPoint<T>>({
      id,
      data: points,
      getPosition: (p) => [p.lng, p.lat],
      getFillColor: (p) => p.fill,
      radiusUnits: 'pixels',
      getRadius: radiusPixels,
      stroked: true,
      getLineColor: [255, 255, 255, 240],
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      pickable: Boolean(onClick),
      autoHighlight: Boolean(onClick),
      highlightColor: [20, 60, 120, 120],
      onClick: onClick ? (info) => (info.object ? (onClick(info.object.datum), true) : false) : undefined,
    }),
    new TextLayer<MarkedPoint<T>>({
      id: `${id}-labels`,
      data: points.filter((p) => p.label),
      getPosition: (p) => [p.lng, p.lat],
      getText: (p) => p.label ?? '',
      getSize: 12,
      getPixelOffset: [0, -radiusPixels - 10],
      getColor: [30, 40, 55, 255],
      outlineWidth: 3,
      outlineColor: [255, 255, 255, 230],
      fontSettings: { sdf: true },
      characterSet: 'auto',
      pickable: false,
    }),
  ];
}

/** A line being drawn or shown: [lng, lat] vertices. */
export function lineLayer(
  id: string,
  paths: readonly { path: [number, number][]; color: Rgba }[],
  widthPixels = 3,
): Layer {
  return new PathLayer<{ path: [number, number][]; color: Rgba }>({
    id,
    data: paths,
    getPath: (p) => p.path,
    getColor: (p) => p.color,
    widthUnits: 'pixels',
    getWidth: widthPixels,
    pickable: false,
  });
}
