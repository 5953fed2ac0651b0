// Typed client of workers/timeseries.worker.ts.
import type { KernelBenchmark } from '../../workers/lib/kernel-benchmarks';
import { WorkerPool } from '../../workers/lib/worker-pool';
import { comlinkFactory } from './comlink-worker';

let pool: WorkerPool | null = null;
function timeseriesPool(): WorkerPool {
  pool ??= new WorkerPool(
    comlinkFactory(() => new Worker(new URL('../../workers/timeseries.worker.ts', import.meta.url), { type: 'module', name: 'timeseries' })),
    // Series live in one worker's memory, so their queries must reach that worker.
    1,
  );
  return pool;
}

export const timeseriesClient = {
  loadSeries: (id: string, times: Float64Array, values: Float32Array) => timeseriesPool().call<{ length: number; interval: number }>('loadSeries', [id, times, values]),
  loadSeriesBytes: (id: string, body: ArrayBuffer, format: 'arrow' | 'json') => timeseriesPool().call<{ length: number; interval: number }>('loadSeriesBytes', [id, body, format]),
  aggregate: (id: string, period: number, offset: number, mode: 'average' | 'max') =>
    timeseriesPool().call<{ times: Float64Array; values: Float32Array }>('aggregate', [id, period, offset, mode], `aggregate:${id}`),
  splitGaps: (id: string) => timeseriesPool().call<Int32Array>('splitGaps', [id]),
  unloadSeries: (id: string) => timeseriesPool().call<undefined>('unloadSeries', [id]),
  /** Latest wins per chart: an older viewport answer arriving late is dropped. */
  m4: (id: string, t0: number, t1: number, width: number) => timeseriesPool().call<{ times: Float64Array; values: Float32Array }>('m4', [id, t0, t1, width], `m4:${id}`),
  /** Every chart's viewport in one round trip; latest wins per page key. */
  m4Many: (ids: string[], t0: number, t1: number, width: number, key: string) =>
    timeseriesPool().call<{ times: Float64Array; values: Float32Array }[]>('m4Many', [ids, t0, t1, width], `m4Many:${key}`),
  runBenchmarks: (points: number, onProgress: (done: number, total: number) => void) => timeseriesPool().call<KernelBenchmark[]>('runBenchmarks', [points, onProgress]),
};
export type { KernelBenchmark };
