// The wind trails' deck.gl layers: each trail as short segments fading from the device (opaque) to the tail, and the
// head's speed label right of the device.
import type { Layer } from '@deck.gl/core';
import { PathLayer, TextLayer } from '@deck.gl/layers';
import { trailSegments, type WindTrail } from './wind-trail';

const TRAIL_RGB = [15, 23, 42] as const;
const HEAD_ALPHA = 235;
const TAIL_ALPHA = 25;

export interface TrailLabel {
  lng: number;
  lat: number;
  text: string;
}

export function windTrailLayers(id: string, trails: readonly { trail: WindTrail; label: string }[]): Layer[] {
  const segments = trails.flatMap(({ trail }) => trailSegments(trail));
  const labels: TrailLabel[] = trails.map(({ trail, label }) => ({
    lng: trail.path[0]![0],
    lat: trail.path[0]![1],
    text: label,
  }));
  return [
    new PathLayer<(typeof segments)[number]>({
      id: `${id}-paths`,
      data: segments,
      getPath: (s) => s.path,
      getColor: (s) => [...TRAIL_RGB, Math.round(HEAD_ALPHA - (HEAD_ALPHA - TAIL_ALPHA) * s.age)],
      getWidth: (s) => 4 - 2 * s.age,
      widthUnits: 'pixels',
      capRounded: true,
      pickable: false,
    }),
    new TextLayer<TrailLabel>({
      id: `${id}-labels`,
      data: labels,
      getPosition: (l) => [l.lng, l.lat],
      getText: (l) => l.text,
      getSize: 12,
      // Right of the device, clear of its name above it.
      getPixelOffset: [12, 0],
      getTextAnchor: 'start',
      getAlignmentBaseline: 'center',
      getColor: [15, 23, 42, 255],
      outlineWidth: 3,
      outlineColor: [255, 255, 255, 230],
      fontSettings: { sdf: true },
      characterSet: 'auto',
      pickable: false,
    }),
  ];
}
