// Typed client of workers/geo.worker.ts.
import * as Comlink from 'comlink';
import type { Remote } from 'comlink';
import type { IdwGrid } from './wasm-core';
import type { GeoWorkerApi, HeatmapImageInput } from '../../workers/geo.worker';
import { poolSize, WorkerPool } from './worker-pool';
import { comlinkFactory } from './comlink-worker';

let pool: WorkerPool<Remote<GeoWorkerApi>> | null = null;
function geoPool(): WorkerPool<Remote<GeoWorkerApi>> {
  pool ??= new WorkerPool(
    comlinkFactory<GeoWorkerApi>(
      () => new Worker(new URL('../../workers/geo.worker.ts', import.meta.url), { type: 'module', name: 'geo' }),
    ),
    poolSize(navigator.hardwareConcurrency),
  );
  return pool;
}

export const geoClient = {
  /** The direction and value columns are transferred, not copied: the caller's arrays are empty afterwards. */
  binRose: (directions: Float32Array, values: Float32Array, sectors: number, thresholds: Float32Array) =>
    geoPool().call((w) =>
      w.binRose(
        Comlink.transfer(directions, [directions.buffer]),
        Comlink.transfer(values, [values.buffer]),
        sectors,
        thresholds,
      ),
    ),
  windField: (x: Float64Array, y: Float64Array, u: Float64Array, v: Float64Array, grid: IdwGrid, key?: string) =>
    geoPool().call((w) => w.windField(x, y, u, v, grid), key),
  windFieldFrames: (
    x: Float64Array,
    y: Float64Array,
    u: Float64Array,
    v: Float64Array,
    steps: number,
    grid: IdwGrid,
    key?: string,
  ) => geoPool().call((w) => w.windFieldFrames(x, y, u, v, steps, grid), key),
  heatmapImage: (input: HeatmapImageInput, key?: string) => geoPool().call((w) => w.heatmapImage(input), key),
};
