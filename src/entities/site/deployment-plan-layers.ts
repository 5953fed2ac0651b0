// The deployment plan's map layers (spec 3 §3 'Map features': DevicePlacementLine, DevicePlacementPoint): the lines
// where devices may go, the proposed devices and the mandatory ones, each picked by its key.
import type { Layer } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';

type LngLat = [number, number];
export interface PlacementLine {
  key: string;
  path: LngLat[];
}
export interface PlacementPoint {
  key: string;
  position: LngLat;
  mandatory: boolean;
  label: string;
}

const LINE = [14, 116, 144, 230] as const;
const LINE_SELECTED = [234, 88, 12, 255] as const;
const PROPOSED = [37, 99, 235, 255] as const;
const MANDATORY = [147, 51, 234, 255] as const;

export function placementLinesLayer(
  lines: readonly PlacementLine[],
  selectedKey: string | null,
  onClick: (key: string) => void,
): Layer {
  return new PathLayer<PlacementLine>({
    id: 'deployment-plan-lines',
    data: lines,
    getPath: (l) => l.path,
    getColor: (l) => [...(l.key === selectedKey ? LINE_SELECTED : LINE)],
    getWidth: (l) => (l.key === selectedKey ? 6 : 4),
    widthUnits: 'pixels',
    capRounded: true,
    jointRounded: true,
    pickable: true,
    autoHighlight: true,
    highlightColor: [234, 88, 12, 160],
    onClick: (info) => {
      if (info.object) onClick(info.object.key);
      return true;
    },
    updateTriggers: { getColor: selectedKey, getWidth: selectedKey },
  });
}

export function placementPointsLayers(
  points: readonly PlacementPoint[],
  selectedKey: string | null,
  onClick: (key: string) => void,
): Layer[] {
  return [
    new ScatterplotLayer<PlacementPoint>({
      id: 'deployment-plan-points',
      data: points,
      getPosition: (p) => p.position,
      getFillColor: (p) => [...(p.mandatory ? MANDATORY : PROPOSED)],
      getRadius: (p) => (p.key === selectedKey ? 10 : 7),
      radiusUnits: 'pixels',
      stroked: true,
      getLineColor: (p) => (p.key === selectedKey ? [234, 88, 12, 255] : [255, 255, 255, 240]),
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      pickable: true,
      autoHighlight: true,
      highlightColor: [20, 60, 120, 120],
      onClick: (info) => {
        if (info.object) onClick(info.object.key);
        return true;
      },
      updateTriggers: { getRadius: selectedKey, getLineColor: selectedKey },
    }),
    new TextLayer<PlacementPoint>({
      id: 'deployment-plan-point-labels',
      data: points,
      getPosition: (p) => p.position,
      getText: (p) => p.label,
      getSize: 11,
      getPixelOffset: [0, -16],
      getColor: [30, 40, 55, 255],
      outlineWidth: 3,
      outlineColor: [255, 255, 255, 230],
      fontSettings: { sdf: true },
      pickable: false,
    }),
  ];
}
