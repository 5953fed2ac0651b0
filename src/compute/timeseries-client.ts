// Typed client of workers/timeseries.worker.ts.
import type { KernelBenchmark } from '../../workers/lib/kernel-benchmarks';
import { slotFor, WorkerPool } from '../../workers/lib/worker-pool';
import { comlinkFactory } from './comlink-worker';

let pool: WorkerPool | null = null;
function timeseriesPool(): WorkerPool {
  pool ??= new WorkerPool(
    comlinkFactory(() => new Worker(new URL('../../workers/timeseries.worker.ts', import.meta.url), { type: 'module', name: 'timeseries' })),
    // Each series lives in one worker and is always asked there; charts of a page spread over the cores (the page
    // itself waits while they compute, so every core may work).
    Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)),
  );
  return pool;
}

const on = <T>(id: string, method: string, args: unknown[], key?: string) => {
  const p = timeseriesPool();
  return p.callOn<T>(slotFor(id, p.size), method, args, key);
};

export const timeseriesClient = {
  loadSeries: (id: string, times: Float64Array, values: Float32Array) => on<{ length: number; interval: number }>(id, 'loadSeries', [id, times, values]),
  loadSeriesBytes: (id: string, body: ArrayBuffer, format: 'arrow' | 'json') => on<{ length: number; interval: number }>(id, 'loadSeriesBytes', [id, body, format]),
  aggregate: (id: string, period: number, offset: number, mode: 'average' | 'max') => on<{ times: Float64Array; values: Float32Array }>(id, 'aggregate', [id, period, offset, mode], `aggregate:${id}`),
  splitGaps: (id: string) => on<Int32Array>(id, 'splitGaps', [id]),
  unloadSeries: (id: string) => on<undefined>(id, 'unloadSeries', [id]),
  /** Latest wins per chart: an older viewport answer arriving late is dropped. */
  m4: (id: string, t0: number, t1: number, width: number) => on<{ times: Float64Array; values: Float32Array }>(id, 'm4', [id, t0, t1, width], `m4:${id}`),
  /** Every chart's viewport in one round trip; latest wins per page key. */
  m4Many: async (ids: string[], t0: number, t1: number, width: number, key: string) => {
    const p = timeseriesPool();
    const groups = new Map<number, number[]>();
    ids.forEach((id, i) => {
      const slot = slotFor(id, p.size);
      groups.set(slot, [...(groups.get(slot) ?? []), i]);
    });
    const out: { times: Float64Array; values: Float32Array }[] = new Array(ids.length);
    await Promise.all(
      [...groups].map(async ([slot, indexes]) => {
        const answers = await p.callOn<{ times: Float64Array; values: Float32Array }[]>(slot, 'm4Many', [indexes.map((i) => ids[i]!), t0, t1, width], `m4Many:${key}:${slot}`);
        answers.forEach((a, j) => (out[indexes[j]!] = a));
      }),
    );
    return out;
  },
  runBenchmarks: (points: number, onProgress: (done: number, total: number) => void) => timeseriesPool().call<KernelBenchmark[]>('runBenchmarks', [points, onProgress]),
};
export type { KernelBenchmark };
