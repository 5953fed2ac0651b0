// Time-series worker: series live in wasm memory (one instance each); viewport queries answer from the pyramid.
import * as Comlink from 'comlink';
import { medianInterval, windowGapThreshold } from '../src/domain/chart-gaps';
import { runKernelBenchmarks, type KernelBenchmark } from '../src/compute/kernel-benchmarks';
import { decodeSeriesArrow, decodeSeriesJson, decodeWindArrow, windByInstallation } from '../src/codec/series-arrow';
import { assertInWorker, newWasmCore } from '../src/compute/wasm-core-browser';
import type { LoadedSeries, WasmCore, WindowPoints } from '../src/compute/wasm-core';

assertInWorker('timeseries.worker');

const series = new Map<string, { loaded: LoadedSeries; interval: number }>();
/** An instance of its own for work on arrays that are not a loaded series. */
let scratch: Promise<WasmCore> | null = null;

/** First index whose time is at least x (times ascending). */
function firstAtOrAfter(times: Float64Array, x: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function transferPoints(points: WindowPoints): WindowPoints {
  const buffers = [points.times.buffer, points.values.buffer];
  if (points.splits) buffers.push(points.splits.buffer);
  return Comlink.transfer(points, buffers);
}

/** A window's M4 points, with the line's breaks by the gap rule when the column width (ms) is given. */
function windowOf(id: string, t0: number, t1: number, width: number, pixelMs?: number): WindowPoints {
  const s = get(id);
  return s.loaded.m4(t0, t1, width, pixelMs === undefined ? undefined : windowGapThreshold(s.interval, pixelMs));
}

function get(id: string) {
  const s = series.get(id);
  if (!s) throw new Error(`Series ${id} is not loaded`);
  return s;
}

const api = {
  async loadSeries(
    id: string,
    times: Float64Array,
    values: Float32Array,
  ): Promise<{ length: number; interval: number }> {
    const core = await newWasmCore();
    const loaded = core.loadSeries(times, values);
    const interval = medianInterval(times);
    series.set(id, { loaded, interval });
    return { length: loaded.length, interval };
  },
  /**
   * Loads a series from an Arrow IPC stream (charts) or JSON text (small answers), decoded here off the page; with
   * `keep`, only the samples in [keep.start, keep.end) (a device's stay at a site).
   */
  async loadSeriesBytes(
    id: string,
    body: ArrayBuffer,
    format: 'arrow' | 'json',
    keep?: { start: number; end: number },
  ): Promise<{ length: number; interval: number }> {
    const cols = format === 'arrow' ? decodeSeriesArrow(body) : decodeSeriesJson(new TextDecoder().decode(body));
    if (!keep) return api.loadSeries(id, cols.times, cols.values);
    const lo = firstAtOrAfter(cols.times, keep.start);
    const hi = Math.max(lo, firstAtOrAfter(cols.times, keep.end));
    return api.loadSeries(id, cols.times.subarray(lo, hi), cols.values.subarray(lo, hi));
  },
  /**
   * Decodes a device's wind answer (Arrow IPC: installation, time, direction, speed) here off the page and loads one
   * series per installation, `${idPrefix}:${installationId}`, of its directions or its speeds.
   */
  async loadWindBytes(
    idPrefix: string,
    body: ArrayBuffer,
    which: 'direction' | 'speed',
  ): Promise<{ installationId: number; id: string; length: number; interval: number }[]> {
    const cols = decodeWindArrow(body);
    const values = which === 'direction' ? cols.windDirections : cols.windSpeeds;
    const out: { installationId: number; id: string; length: number; interval: number }[] = [];
    for (const [installationId, rows] of windByInstallation(cols)) {
      const id = `${idPrefix}:${installationId}`;
      out.push({
        installationId,
        id,
        ...(await api.loadSeries(id, cols.times.subarray(rows.from, rows.to), values.subarray(rows.from, rows.to))),
      });
    }
    return out;
  },
  aggregate(id: string, period: number, offset: number, mode: 'average' | 'max') {
    const r = get(id).loaded.aggregate(period, offset, mode);
    return Comlink.transfer(r, [r.times.buffer, r.values.buffer]);
  },
  unloadSeries(id: string): void {
    series.delete(id);
  },
  m4(id: string, t0: number, t1: number, width: number, pixelMs?: number) {
    return transferPoints(windowOf(id, t0, t1, width, pixelMs));
  },
  /** One message for every chart of a page scrubbing together: the round trips, not the M4s, dominate. */
  m4Many(ids: string[], t0: number, t1: number, width: number, pixelMs?: number) {
    const out = ids.map((id) => windowOf(id, t0, t1, width, pixelMs));
    return Comlink.transfer(
      out,
      out.flatMap((r) => [r.times.buffer, r.values.buffer, ...(r.splits ? [r.splits.buffer] : [])]),
    );
  },
  /** The breaks of points that are not a loaded series (a chart's merged 'Other' line), by the gap kernel. */
  async splitTimes(times: Float64Array, maxGap: number): Promise<Int32Array> {
    scratch ??= newWasmCore();
    const r = (await scratch).splitGaps(times, maxGap);
    return Comlink.transfer(r, [r.buffer]);
  },
  minMaxLttb(id: string, k: number): Int32Array {
    const r = get(id).loaded.minMaxLttb(k);
    return Comlink.transfer(r, [r.buffer]);
  },
  async runBenchmarks(points: number, onProgress?: (done: number, total: number) => void): Promise<KernelBenchmark[]> {
    return runKernelBenchmarks(await newWasmCore(), points, onProgress);
  },
};

export type TimeseriesWorkerApi = typeof api;
Comlink.expose(api);
