// The CH4 heatmap's colour scale (spec 3 §2 'CH4 heatmap'): log over two decades below the range's peak, the Plasma
// palette (distinct from the simulated plumes' yellow-to-red), transparent below half the scale's foot. Pure: the geo
// worker colours grids with it and the legend draws from it.
/** The spec's heatmap radius (spec 3 §9): the measured fallback's reach around each device, in screen pixels. */
export const HEATMAP_RADIUS_PX = 100;
export const HEATMAP_LAYER_STORAGE_KEY = 'console.siteMapHeatmap';
/** The scale spans this many decades below its top. */
const DECADES = 2;
/** The scale's top is never below this (ppm): a flat site shows as clear, not as noise stretched to full colour. */
const MIN_TOP_PPM = 0.01;

/** A log colour scale from lo to hi (ppm) with its legend ticks, lo to hi. */
export interface HeatmapScale {
  lo: number;
  hi: number;
  ticks: number[];
}

/**
 * The range's scale: its top the peak rounded up to 1, 2 or 5 × 10ⁿ, two decades down from there. Means over days
 * range from hundredths of a ppm (a quiet site) to tens (next to a leaking tank), so one fixed scale hides one or the
 * other; the legend prints the numbers.
 */
export function heatmapScale(peakPpm: number): HeatmapScale {
  const peak = Math.max(MIN_TOP_PPM, Number.isFinite(peakPpm) ? peakPpm : 0);
  const e = Math.floor(Math.log10(peak));
  const m = peak / 10 ** e;
  const hi = (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * 10 ** e;
  const lo = hi / 10 ** DECADES;
  return { lo, hi, ticks: [lo, hi / 10, hi].map((t) => Number(t.toPrecision(2))) };
}

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
export function heatmapScalePosition(ppm: number, scale: HeatmapScale): number {
  if (!(ppm > scale.lo)) return 0;
  return Math.min(1, Math.log(ppm / scale.lo) / Math.log(scale.hi / scale.lo));
}

/** Colour of a concentration: clear below half the scale's foot, fading in up to it. */
export function heatmapColour(ppm: number, scale: HeatmapScale): [number, number, number, number] {
  const visible = scale.lo / 2;
  if (!(ppm >= visible)) return [0, 0, 0, 0];
  const p = heatmapScalePosition(ppm, scale);
  let i = 0;
  while (i < STOPS.length - 2 && p > STOPS[i + 1]![0]) i++;
  const [p0, c0] = STOPS[i]!;
  const [p1, c1] = STOPS[i + 1]!;
  const f = Math.min(1, Math.max(0, (p - p0) / (p1 - p0)));
  const fade = Math.min(1, (ppm - visible) / (scale.lo - visible));
  return [
    Math.round(c0[0] + (c1[0] - c0[0]) * f),
    Math.round(c0[1] + (c1[1] - c0[1]) * f),
    Math.round(c0[2] + (c1[2] - c0[2]) * f),
    Math.round(fade * (ALPHA_LOW + (ALPHA_HIGH - ALPHA_LOW) * p)),
  ];
}

/** RGBA pixels of a size × size grid of ppm, row 0 the top (north) row. */
export function colourHeatmapGrid(
  values: ArrayLike<number>,
  size: number,
  scale: HeatmapScale,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(new ArrayBuffer(size * size * 4));
  for (let i = 0; i < size * size; i++) out.set(heatmapColour(values[i]!, scale), i * 4);
  return out;
}

export function heatmapLegendLabels(scale: HeatmapScale): string[] {
  return scale.ticks.map((t, i) => (i === scale.ticks.length - 1 ? `≥${t}` : String(t)));
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
