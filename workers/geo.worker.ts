// Geo worker: concentration and wind roses, wind fields.
import * as Comlink from 'comlink';
import type { IdwGrid, WasmCore } from './lib/wasm-core';
import { assertInWorker, newWasmCore } from './lib/wasm-core-browser';

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
};

export type GeoWorkerApi = typeof api;
Comlink.expose(api);
