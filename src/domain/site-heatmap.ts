// The CH4 heatmap's colour scale (spec 3 §2 'CH4 heatmap'): log from the lowest legend tick to the top one, the
// Plasma palette (distinct from the simulated plumes' yellow-to-red), transparent below half the lowest tick. Mean
// enhancements over days are far smaller than a plume's minute peaks, hence ticks in hundredths of a ppm to 5 ppm.
// Pure: the geo worker colours grids with it and the legend draws from it.
export const HEATMAP_LEGEND_TICKS = [0.05, 0.2, 1, 5] as const;
/** The spec's heatmap radius (spec 3 §9): the measured fallback's reach around each device, in screen pixels. */
export const HEATMAP_RADIUS_PX = 100;
export const HEATMAP_VISIBLE_PPM = HEATMAP_LEGEND_TICKS[0] / 2;
export const HEATMAP_LAYER_STORAGE_KEY = 'console.siteMapHeatmap';

type Rgb = readonly [number, number, number];
const STOPS: readonly (readonly [number, Rgb])[] = [
  [0, [13, 8, 135]],
  [0.33, [156, 23, 158]],
  [0.66, [237, 121, 83]],
  [1, [240, 249, 33]],
];
const ALPHA_LOW = 110;
const ALPHA_HIGH = 215;

/** Position (0 bottom … 1 top) of a concentration on the log scale. */
export function heatmapScalePosition(ppm: number): number {
  const lo = HEATMAP_LEGEND_TICKS[0];
  const hi = HEATMAP_LEGEND_TICKS[HEATMAP_LEGEND_TICKS.length - 1]!;
  if (!(ppm > lo)) return 0;
  return Math.min(1, Math.log(ppm / lo) / Math.log(hi / lo));
}

export function heatmapColour(ppm: number): [number, number, number, number] {
  if (!(ppm >= HEATMAP_VISIBLE_PPM)) return [0, 0, 0, 0];
  const p = heatmapScalePosition(ppm);
  let i = 0;
  while (i < STOPS.length - 2 && p > STOPS[i + 1]![0]) i++;
  const [p0, c0] = STOPS[i]!;
  const [p1, c1] = STOPS[i + 1]!;
  const f = Math.min(1, Math.max(0, (p - p0) / (p1 - p0)));
  const lo = HEATMAP_LEGEND_TICKS[0];
  const fade = Math.min(1, (ppm - HEATMAP_VISIBLE_PPM) / (lo - HEATMAP_VISIBLE_PPM));
  return [
    Math.round(c0[0] + (c1[0] - c0[0]) * f),
    Math.round(c0[1] + (c1[1] - c0[1]) * f),
    Math.round(c0[2] + (c1[2] - c0[2]) * f),
    Math.round(fade * (ALPHA_LOW + (ALPHA_HIGH - ALPHA_LOW) * p)),
  ];
}

/** RGBA pixels of a size × size grid of ppm, row 0 the top (north) row. */
export function colourHeatmapGrid(values: ArrayLike<number>, size: number): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(new ArrayBuffer(size * size * 4));
  for (let i = 0; i < size * size; i++) out.set(heatmapColour(values[i]!), i * 4);
  return out;
}

export function heatmapLegendLabels(): string[] {
  return HEATMAP_LEGEND_TICKS.map((t, i) => (i === HEATMAP_LEGEND_TICKS.length - 1 ? `>${t}` : String(t)));
}

/** The legend's CSS gradient, bottom (lowest tick) to top, opaque. */
export function heatmapLegendGradient(): string {
  return `linear-gradient(to top, ${STOPS.map(([p, [r, g, b]]) => `rgb(${r} ${g} ${b}) ${Math.round(p * 100)}%`).join(', ')})`;
}

/** Little-endian Float32 values from base64 (the endpoint's compact grid). */
export function decodeHeatmapValues(base64: string): Float32Array {
  const bin = atob(base64);
  const view = new DataView(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) view.setUint8(i, bin.charCodeAt(i));
  const out = new Float32Array(bin.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
