// Geo worker: concentration and wind roses, wind fields.
import * as Comlink from 'comlink';
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
};

export type GeoWorkerApi = typeof api;
Comlink.expose(api);
