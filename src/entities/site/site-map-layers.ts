// deck.gl layers of the site dashboard map (spec 3 §2 'Map'): concentration rose arcs and their selected cones, and
// the wind field's arrows. Pure functions of their data; arcs are picked through the map's onClick by index.
import type { Layer } from '@deck.gl/core';
import { PathLayer, PolygonLayer } from '@deck.gl/layers';

export type Rgba = [number, number, number, number];

export interface FilledRing {
  /** Closed ring of [lng, lat]. */
  ring: [number, number][];
  fill: Rgba;
  line: Rgba;
}

/** Filled rings drawn in order; pickable ones report their index to the map's onClick and onHover. */
export function ringLayer(
  id: string,
  rings: readonly FilledRing[],
  opts: { pickable: boolean; lineWidthPixels?: number },
): Layer {
  return new PolygonLayer<FilledRing>({
    id,
    data: rings,
    getPolygon: (r) => r.ring,
    getFillColor: (r) => r.fill,
    getLineColor: (r) => r.line,
    lineWidthUnits: 'pixels',
    getLineWidth: opts.lineWidthPixels ?? 1,
    stroked: true,
    filled: true,
    pickable: opts.pickable,
    autoHighlight: opts.pickable,
    highlightColor: [20, 60, 120, 90],
  });
}

export interface ArrowPath {
  /** Shaft then head, as [lng, lat] points. */
  path: [number, number][];
  color: Rgba;
}

export function arrowLayer(id: string, arrows: readonly ArrowPath[]): Layer {
  return new PathLayer<ArrowPath>({
    id,
    data: arrows,
    getPath: (a) => a.path,
    getColor: (a) => a.color,
    widthUnits: 'pixels',
    getWidth: 2,
    capRounded: true,
    jointRounded: true,
    pickable: false,
  });
}
