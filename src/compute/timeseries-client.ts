// Typed client of workers/timeseries.worker.ts.
import * as Comlink from 'comlink';
import { KERNEL_BENCHMARK_COUNT, type KernelBenchmark } from './kernel-benchmarks';
import type { ChartView, TimeseriesWorkerApi } from '../../workers/timeseries.worker';
import { slotFor, WorkerPool, type WorkerCall } from './worker-pool';
import { comlinkFactory } from './comlink-worker';
import { HeldAnswers, withFreshBytes } from './held-answers';

type Remote = Comlink.Remote<TimeseriesWorkerApi>;

let pool: WorkerPool<Remote> | null = null;
function timeseriesPool(): WorkerPool<Remote> {
  pool ??= new WorkerPool(
    comlinkFactory<TimeseriesWorkerApi>(
      () =>
        new Worker(new URL('../../workers/timeseries.worker.ts', import.meta.url), {
          type: 'module',
          name: 'timeseries',
        }),
    ),
    // Each series lives in one worker and is always asked there; charts of a page spread over the cores (the page
    // itself waits while they compute, so every core may work).
    Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)),
  );
  return pool;
}

/** Series loaded together in one worker (a device's wind, one series per installation), by id: their worker. */
const placed = new Map<string, number>();
const slotOf = (id: string, size: number) => placed.get(id) ?? slotFor(id, size);

/** Wind answers kept in a worker, by the cached buffer their bytes came in. */
let held: HeldAnswers<{ key: string; slot: number }> | null = null;
let heldCount = 0;
const windAnswers = () =>
  (held ??= new HeldAnswers(
    async (body) => {
      const key = `wind-answer:${++heldCount}`;
      const p = timeseriesPool();
      const slot = slotFor(key, p.size);
      await p.callOn(slot, (w) => w.holdWind(key, Comlink.transfer(body, [body])));
      return { key, slot };
    },
    ({ key, slot }) =>
      void timeseriesPool()
        .callOn(slot, (w) => w.releaseWind(key))
        .catch(() => undefined),
  ));

/** A call on the worker that holds series `id`. */
const on = <T>(id: string, run: WorkerCall<Remote, T>, key?: string) => {
  const p = timeseriesPool();
  return p.callOn(slotOf(id, p.size), run, key);
};

export const timeseriesClient = {
  loadSeries: (id: string, times: Float64Array, values: Float32Array) => on(id, (w) => w.loadSeries(id, times, values)),
  /** The response bytes are transferred, not copied: the caller's buffer is empty afterwards. */
  loadSeriesBytes: (id: string, body: ArrayBuffer, format: 'arrow' | 'json', keep?: { start: number; end: number }) =>
    on(id, (w) => w.loadSeriesBytes(id, Comlink.transfer(body, [body]), format, keep)),
  aggregate: (id: string, period: number, offset: number, mode: 'average' | 'max') =>
    on(id, (w) => w.aggregate(id, period, offset, mode), `aggregate:${id}`),
  /**
   * A device's wind answer, decoded in one worker into a series per installation (`${idPrefix}:${installationId}`).
   * The page's two wind charts share one cached answer: its bytes go to the worker once, by transfer (the cached
   * buffer is empty afterwards), and the worker keeps the decoded answer for the other chart. `bytesOf(true)` must
   * fetch the answer afresh (bypassing the cache).
   */
  loadWindBytes: (idPrefix: string, bytesOf: (fresh: boolean) => Promise<ArrayBuffer>, which: 'direction' | 'speed') =>
    // A replaced worker no longer holds the answer and the cached buffer is empty: then once more with fresh bytes.
    withFreshBytes(bytesOf, async (body) => {
      const { key, slot } = await windAnswers().handleOf(body);
      const loaded = await timeseriesPool().callOn(slot, (w) => w.loadHeldWind(key, idPrefix, which));
      for (const s of loaded) placed.set(s.id, slot);
      return loaded;
    }),
  /**
   * A site's modelled rates (the JSON answer's bytes, transferred), decoded in one worker into the rate and its two
   * bounds, `${idPrefix}:0..2`.
   */
  loadSiteRatesBytes: async (idPrefix: string, body: ArrayBuffer) => {
    const p = timeseriesPool();
    const slot = slotFor(idPrefix, p.size);
    const loaded = await p.callOn(slot, (w) => w.loadSiteRatesBytes(idPrefix, Comlink.transfer(body, [body])));
    for (const s of loaded) placed.set(s.id, slot);
    return loaded;
  },
  unloadSeries: (id: string) => {
    const done = on(id, (w) => w.unloadSeries(id));
    placed.delete(id);
    return done;
  },
  /**
   * A chart's window: its raw slice when it holds fewer than four samples per pixel, else its M4 points (with
   * `pixelMs`, the window's column width, the M4 points come with the line's breaks by the gap rule; raw slices
   * always do). Latest wins per key: an older answer arriving late is dropped.
   */
  view: (id: string, t0: number, t1: number, width: number, pixelMs?: number, key = `view:${id}`) =>
    on(id, (w): Promise<ChartView> => w.view(id, t0, t1, width, pixelMs), key),
  /** Breaks of points that are not a loaded series (a merged line), split by the gap kernel in a worker (copied). */
  splitTimes: (times: Float64Array, maxGap: number) => timeseriesPool().call((w) => w.splitTimes(times, maxGap)),
  /** Every chart's view in one round trip per worker; latest wins per page key. */
  viewMany: async (ids: string[], t0: number, t1: number, width: number, key: string, pixelMs?: number) => {
    const p = timeseriesPool();
    const groups = new Map<number, number[]>();
    ids.forEach((id, i) => {
      const slot = slotOf(id, p.size);
      groups.set(slot, [...(groups.get(slot) ?? []), i]);
    });
    const out: ChartView[] = new Array(ids.length);
    await Promise.all(
      [...groups].map(async ([slot, indexes]) => {
        const ask = indexes.map((i) => ids[i]!);
        const answers = await p.callOn(slot, (w) => w.viewMany(ask, t0, t1, width, pixelMs), `viewMany:${key}:${slot}`);
        answers.forEach((a, j) => (out[indexes[j]!] = a));
      }),
    );
    return out;
  },
  runBenchmarks: (points: number, onProgress: (done: number, total: number) => void) =>
    timeseriesPool().call((w) => w.runBenchmarks(points, Comlink.proxy(onProgress))),
};
export { KERNEL_BENCHMARK_COUNT, type ChartView, type KernelBenchmark };
