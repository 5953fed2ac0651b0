// Typed client of workers/geo.worker.ts.
import type { IdwGrid } from '../../workers/lib/wasm-core';
import { poolSize, WorkerPool } from '../../workers/lib/worker-pool';
import { comlinkFactory } from './comlink-worker';

let pool: WorkerPool | null = null;
function geoPool(): WorkerPool {
  pool ??= new WorkerPool(
    comlinkFactory(() => new Worker(new URL('../../workers/geo.worker.ts', import.meta.url), { type: 'module', name: 'geo' })),
    poolSize(navigator.hardwareConcurrency),
  );
  return pool;
}

export const geoClient = {
  binRose: (directions: Float32Array, values: Float32Array, sectors: number, thresholds: Float32Array) =>
    geoPool().call<{ counts: Uint32Array; counted: number }>('binRose', [directions, values, sectors, thresholds]),
  windField: (x: Float64Array, y: Float64Array, u: Float64Array, v: Float64Array, grid: IdwGrid, key?: string) =>
    geoPool().call<{ u: Float64Array; v: Float64Array }>('windField', [x, y, u, v, grid], key),
  windFieldFrames: (x: Float64Array, y: Float64Array, u: Float64Array, v: Float64Array, steps: number, grid: IdwGrid, key?: string) =>
    geoPool().call<{ u: Float64Array; v: Float64Array; steps: number; cells: number }>('windFieldFrames', [x, y, u, v, steps, grid], key),
};
