// Geo worker: concentration and wind roses, wind fields, the CH4 heatmap's image.
import * as Comlink from 'comlink';
import { colourHeatmapGrid, decodeHeatmapValues, heatmapScale } from '../src/domain/site-heatmap';
import type { IdwGrid, WasmCore } from '../src/compute/wasm-core';
import { assertInWorker, newWasmCore } from '../src/compute/wasm-core-browser';

assertInWorker('geo.worker');

let core: Promise<WasmCore> | null = null;
const getCore = () => (core ??= newWasmCore());

const api = {
  async binRose(directions: Float32Array, values: Float32Array, sectors: number, thresholds: Float32Array) {
    const r = (await getCore()).binRose(directions, values, sectors, thresholds);
    return Comlink.transfer(r, [r.counts.buffer]);
  },
  async windField(x: Float64Array, y: Float64Array, u: Float64Array, v: Float64Array, grid: IdwGrid) {
    const r = (await getCore()).idw(x, y, u, v, grid);
    return Comlink.transfer(r, [r.u.buffer, r.v.buffer]);
  },
  /** Frames for the wind-field animation: u and v hold one row of stations per time step (steps x stations). */
  async windFieldFrames(
    x: Float64Array,
    y: Float64Array,
    u: Float64Array,
    v: Float64Array,
    steps: number,
    grid: IdwGrid,
  ) {
    const core = await getCore();
    const m = x.length;
    if (u.length !== m * steps || v.length !== m * steps)
      throw new Error('u and v must hold one value per station and time step');
    const cells = grid.nx * grid.ny;
    const outU = new Float64Array(cells * steps);
    const outV = new Float64Array(cells * steps);
    for (let s = 0; s < steps; s++) {
      const r = core.idw(x, y, u.subarray(s * m, (s + 1) * m), v.subarray(s * m, (s + 1) * m), grid);
      outU.set(r.u, s * cells);
      outV.set(r.v, s * cells);
    }
    return Comlink.transfer({ u: outU, v: outV, steps, cells }, [outU.buffer, outV.buffer]);
  },
  /**
   * The CH4 heatmap as an image (row 0 north): the modelled grid decoded and coloured, or the devices' mean
   * enhancement interpolated by IDW onto the grid, cells farther than `reachM` from every device left clear.
   */
  async heatmapImage(h: HeatmapImageInput) {
    let values: Float32Array | Float64Array;
    if (h.values !== null) values = decodeHeatmapValues(h.values);
    else {
      const n = h.devices.length;
      const x = Float64Array.from(h.devices, (d) => d.east);
      const y = Float64Array.from(h.devices, (d) => d.north);
      const e = Float64Array.from(h.devices, (d) => d.enhancementPpm);
      // The IDW kernel runs south row first; the image wants north first.
      const dx = h.widthM / h.size;
      const dy = h.heightM / h.size;
      const field = (await getCore()).idw(x, y, e, new Float64Array(n), {
        x0: 0,
        y0: 0,
        spacing: dx,
        spacingY: dy,
        nx: h.size,
        ny: h.size,
        maxSpeed: 0,
      }).u;
      values = new Float64Array(h.size * h.size);
      for (let j = 0; j < h.size; j++)
        for (let i = 0; i < h.size; i++) {
          const cx = (i + 0.5) * dx;
          const cy = (j + 0.5) * dy;
          let near = false;
          for (let k = 0; k < n && !near; k++) near = Math.hypot(x[k]! - cx, y[k]! - cy) <= h.reachM;
          values[(h.size - 1 - j) * h.size + i] = near ? field[j * h.size + i]! : 0;
        }
    }
    const rgba = colourHeatmapGrid(values, h.size, heatmapScale(h.maxPpm));
    const image = await createImageBitmap(new ImageData(rgba, h.size, h.size));
    return Comlink.transfer(image, [image]);
  },
};

export interface HeatmapImageInput {
  size: number;
  widthM: number;
  heightM: number;
  /** The modelled grid (base64 Float32, row 0 north), or null for the measured devices. */
  values: string | null;
  devices: readonly { east: number; north: number; enhancementPpm: number }[];
  reachM: number;
  /** The answer's peak: the colour scale's top. */
  maxPpm: number;
}

export type GeoWorkerApi = typeof api;
Comlink.expose(api);
