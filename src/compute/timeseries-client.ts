// Typed client of workers/timeseries.worker.ts.
import * as Comlink from 'comlink';
import { KERNEL_BENCHMARK_COUNT, type KernelBenchmark } from '../../workers/lib/kernel-benchmarks';
import type { TimeseriesWorkerApi } from '../../workers/timeseries.worker';
import { slotFor, WorkerPool, type WorkerCall } from '../../workers/lib/worker-pool';
import { comlinkFactory } from './comlink-worker';

type Remote = Comlink.Remote<TimeseriesWorkerApi>;

let pool: WorkerPool<Remote> | null = null;
function timeseriesPool(): WorkerPool<Remote> {
  pool ??= new WorkerPool(
    comlinkFactory<TimeseriesWorkerApi>(() => new Worker(new URL('../../workers/timeseries.worker.ts', import.meta.url), { type: 'module', name: 'timeseries' })),
    // Each series lives in one worker and is always asked there; charts of a page spread over the cores (the page
    // itself waits while they compute, so every core may work).
    Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)),
  );
  return pool;
}

/** A call on the worker that holds series `id`. */
const on = <T>(id: string, run: WorkerCall<Remote, T>, key?: string) => {
  const p = timeseriesPool();
  return p.callOn(slotFor(id, p.size), run, key);
};

export const timeseriesClient = {
  loadSeries: (id: string, times: Float64Array, values: Float32Array) => on(id, (w) => w.loadSeries(id, times, values)),
  /** The response bytes are transferred, not copied: the caller's buffer is empty afterwards. */
  loadSeriesBytes: (id: string, body: ArrayBuffer, format: 'arrow' | 'json', keep?: { start: number; end: number }) =>
    on(id, (w) => w.loadSeriesBytes(id, Comlink.transfer(body, [body]), format, keep)),
  aggregate: (id: string, period: number, offset: number, mode: 'average' | 'max') => on(id, (w) => w.aggregate(id, period, offset, mode), `aggregate:${id}`),
  splitGaps: (id: string) => on(id, (w) => w.splitGaps(id)),
  unloadSeries: (id: string) => on(id, (w) => w.unloadSeries(id)),
  /** Latest wins per chart: an older viewport answer arriving late is dropped. */
  m4: (id: string, t0: number, t1: number, width: number) => on(id, (w) => w.m4(id, t0, t1, width), `m4:${id}`),
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
        const answers = await p.callOn(slot, (w) => w.m4Many(indexes.map((i) => ids[i]!), t0, t1, width), `m4Many:${key}:${slot}`);
        answers.forEach((a, j) => (out[indexes[j]!] = a));
      }),
    );
    return out;
  },
  runBenchmarks: (points: number, onProgress: (done: number, total: number) => void) => timeseriesPool().call((w) => w.runBenchmarks(points, Comlink.proxy(onProgress))),
};
export { KERNEL_BENCHMARK_COUNT, type KernelBenchmark };
