// The inspections' deck.gl layers on the site map: aerial images laid over their corners, thumbnails of other
// inspections' images at their marks, and pins for the inspections the user pinned (amber when a detection was found,
// green when none, as on the inspections timeline). Pins and thumbnails are drawn into canvas atlases, no URLs.
import type { Layer } from '@deck.gl/core';
import { BitmapLayer, IconLayer } from '@deck.gl/layers';
import { canvasAtlas } from './source-icon-layers';

export interface GroundImage {
  key: string;
  image: ImageBitmap;
  /** [west, south, east, north]. */
  bounds: [number, number, number, number];
}

/** One bitmap layer per image, picked by its layer id (`${idPrefix}-${key}`). */
export function groundImageLayers(idPrefix: string, images: readonly GroundImage[]): Layer[] {
  return images.map(
    (g) =>
      new BitmapLayer({
        id: `${idPrefix}-${g.key}`,
        image: g.image,
        bounds: g.bounds,
        opacity: 0.8,
        pickable: true,
      }),
  );
}

export interface Thumbnail {
  lng: number;
  lat: number;
  image: ImageBitmap;
}

const THUMB = 64;

/** Image thumbnails, 40 pixels wide with a white frame, standing on their mark; picked by index. */
export function thumbnailLayer(id: string, thumbnails: readonly Thumbnail[]): Layer {
  // One atlas of the thumbnails, drawn from their decoded images (no URL for deck.gl to fetch).
  const canvas = document.createElement('canvas');
  canvas.width = THUMB * Math.max(1, thumbnails.length);
  canvas.height = THUMB;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the map icons (no 2D canvas).');
  thumbnails.forEach((t, i) => {
    ctx.fillStyle = '#fff';
    ctx.fillRect(i * THUMB, 0, THUMB, THUMB);
    ctx.drawImage(t.image, i * THUMB + 4, 4, THUMB - 8, THUMB - 8);
  });
  return new IconLayer<Thumbnail>({
    id,
    data: thumbnails,
    iconAtlas: canvasAtlas(canvas),
    iconMapping: Object.fromEntries(
      thumbnails.map((_, i) => [String(i), { x: i * THUMB, y: 0, width: THUMB, height: THUMB, anchorY: THUMB }]),
    ),
    getIcon: (_, { index }) => String(index),
    getPosition: (t) => [t.lng, t.lat],
    getSize: 40,
    sizeUnits: 'pixels',
    pickable: true,
    autoHighlight: true,
    highlightColor: [20, 60, 120, 80],
  });
}

const PIN_W = 32;
const PIN_H = 44;
const PIN_FILL = { detection: '#d97706', clean: '#15803d' } as const;
let pinAtlas: HTMLCanvasElement | null = null;

/** Two teardrop pins side by side, drawn once. */
function pins(): HTMLCanvasElement {
  if (pinAtlas) return pinAtlas;
  const canvas = document.createElement('canvas');
  canvas.width = PIN_W * 2;
  canvas.height = PIN_H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the map icons (no 2D canvas).');
  (['detection', 'clean'] as const).forEach((kind, i) => {
    const cx = i * PIN_W + PIN_W / 2;
    const r = PIN_W / 2 - 3;
    ctx.beginPath();
    ctx.moveTo(cx, PIN_H - 2);
    ctx.bezierCurveTo(cx - 4, PIN_H - 14, cx - r, r + 12, cx - r, r + 3);
    ctx.arc(cx, r + 3, r, Math.PI, 0);
    ctx.bezierCurveTo(cx + r, r + 12, cx + 4, PIN_H - 14, cx, PIN_H - 2);
    ctx.closePath();
    ctx.fillStyle = PIN_FILL[kind];
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#fff';
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, r + 3, 5, 0, 2 * Math.PI);
    ctx.fillStyle = '#fff';
    ctx.fill();
  });
  pinAtlas = canvas;
  return canvas;
}

export interface Pin {
  lng: number;
  lat: number;
  detectionFound: boolean;
}

/** Pins standing on their inspections' marks; picked by index. */
export function pinLayer(id: string, marks: readonly Pin[]): Layer {
  return new IconLayer<Pin>({
    id,
    data: marks,
    iconAtlas: canvasAtlas(pins()),
    iconMapping: {
      detection: { x: 0, y: 0, width: PIN_W, height: PIN_H, anchorY: PIN_H },
      clean: { x: PIN_W, y: 0, width: PIN_W, height: PIN_H, anchorY: PIN_H },
    },
    getIcon: (p) => (p.detectionFound ? 'detection' : 'clean'),
    getPosition: (p) => [p.lng, p.lat],
    getSize: PIN_H,
    sizeUnits: 'pixels',
    pickable: true,
    autoHighlight: true,
    highlightColor: [20, 60, 120, 80],
  });
}
