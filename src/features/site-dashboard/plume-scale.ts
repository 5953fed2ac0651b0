// The plume colour scale (spec 3 §9): log from the lowest legend tick (1 ppm) to the maximum (500 ppm), yellow to
// dark red, transparent below half the lowest tick. Frames arrive encoded (ppm / 0.1); a lookup table of every
// encoded value colours a 128 × 128 frame in a few hundred microseconds.
import { decodePlumeValue, PLUME_ENCODED_MAX, PLUME_LEGEND_TICKS, plumeScalePosition } from '@/domain/plume';

type Rgb = readonly [number, number, number];
/** Colour stops along the scale's position 0 … 1 (ColorBrewer YlOrRd). */
const STOPS: readonly (readonly [number, Rgb])[] = [
  [0, [255, 237, 160]],
  [0.25, [254, 178, 76]],
  [0.5, [253, 141, 60]],
  [0.75, [227, 26, 28]],
  [1, [128, 0, 38]],
];
const ALPHA_LOW = 150;
const ALPHA_HIGH = 230;
/** Below this (ppm) a cell is not drawn; from it up to the lowest tick it fades in. */
export const PLUME_VISIBLE_PPM = PLUME_LEGEND_TICKS[0] / 2;

export function plumeColour(ppm: number): [number, number, number, number] {
  if (!(ppm >= PLUME_VISIBLE_PPM)) return [0, 0, 0, 0];
  const p = plumeScalePosition(ppm);
  let i = 0;
  while (i < STOPS.length - 2 && p > STOPS[i + 1]![0]) i++;
  const [p0, c0] = STOPS[i]!;
  const [p1, c1] = STOPS[i + 1]!;
  const f = Math.min(1, Math.max(0, (p - p0) / (p1 - p0)));
  const fade = Math.min(1, (ppm - PLUME_VISIBLE_PPM) / (PLUME_LEGEND_TICKS[0] - PLUME_VISIBLE_PPM));
  const alpha = fade * (ALPHA_LOW + (ALPHA_HIGH - ALPHA_LOW) * p);
  return [
    Math.round(c0[0] + (c1[0] - c0[0]) * f),
    Math.round(c0[1] + (c1[1] - c0[1]) * f),
    Math.round(c0[2] + (c1[2] - c0[2]) * f),
    Math.round(alpha),
  ];
}

let lut: Uint8ClampedArray | null = null;
/** RGBA of every encoded value 0 … 5000. */
function colourTable(): Uint8ClampedArray {
  if (lut) return lut;
  lut = new Uint8ClampedArray((PLUME_ENCODED_MAX + 1) * 4);
  for (let v = 0; v <= PLUME_ENCODED_MAX; v++) lut.set(plumeColour(decodePlumeValue(v)), v * 4);
  return lut;
}

/** RGBA pixels of encoded cells (values past the maximum draw as the maximum). */
export function colourCells(cells: ArrayLike<number>): Uint8ClampedArray<ArrayBuffer> {
  const table = colourTable();
  const out = new Uint8ClampedArray(new ArrayBuffer(cells.length * 4));
  for (let i = 0; i < cells.length; i++) {
    const v = Math.min(PLUME_ENCODED_MAX, cells[i]!) * 4;
    out[i * 4] = table[v]!;
    out[i * 4 + 1] = table[v + 1]!;
    out[i * 4 + 2] = table[v + 2]!;
    out[i * 4 + 3] = table[v + 3]!;
  }
  return out;
}

/** The legend's CSS gradient, bottom (lowest tick) to top (maximum), opaque. */
export function plumeLegendGradient(): string {
  const stops = STOPS.map(([p, [r, g, b]]) => `rgb(${r} ${g} ${b}) ${Math.round(p * 100)}%`);
  return `linear-gradient(to top, ${stops.join(', ')})`;
}

/** Where each legend tick sits on the gradient (0 bottom … 1 top). */
export function plumeLegendTickPositions(): number[] {
  return PLUME_LEGEND_TICKS.map((t) => plumeScalePosition(t));
}
