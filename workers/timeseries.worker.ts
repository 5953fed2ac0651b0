// Time-series worker: series live in wasm memory (one instance each); viewport queries answer from the pyramid.
import * as Comlink from 'comlink';
import { gapThreshold, medianInterval } from '../asm/reference/gaps';
import { lowerBound } from '../asm/reference/m4';
import { runKernelBenchmarks, type KernelBenchmark } from './lib/kernel-benchmarks';
import { decodeSeriesArrow, decodeSeriesJson, decodeWindArrow, windByInstallation } from './lib/series-arrow';
import { assertInWorker, newWasmCore } from './lib/wasm-core-browser';
import type { LoadedSeries } from './lib/wasm-core';

assertInWorker('timeseries.worker');

const series = new Map<string, { loaded: LoadedSeries; interval: number }>();

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
    const lo = lowerBound(cols.times, keep.start);
    const hi = Math.max(lo, lowerBound(cols.times, keep.end));
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
  m4(id: string, t0: number, t1: number, width: number) {
    const r = get(id).loaded.m4(t0, t1, width);
    return Comlink.transfer(r, [r.times.buffer, r.values.buffer]);
  },
  /** One message for every chart of a page scrubbing together: the round trips, not the M4s, dominate. */
  m4Many(ids: string[], t0: number, t1: number, width: number) {
    const out = ids.map((id) => get(id).loaded.m4(t0, t1, width));
    return Comlink.transfer(
      out,
      out.flatMap((r) => [r.times.buffer, r.values.buffer]),
    );
  },
  minMaxLttb(id: string, k: number): Int32Array {
    const r = get(id).loaded.minMaxLttb(k);
    return Comlink.transfer(r, [r.buffer]);
  },
  splitGaps(id: string): Int32Array {
    const s = get(id);
    const r = s.loaded.splitGaps(gapThreshold(s.interval));
    return Comlink.transfer(r, [r.buffer]);
  },
  async runBenchmarks(points: number, onProgress?: (done: number, total: number) => void): Promise<KernelBenchmark[]> {
    return runKernelBenchmarks(await newWasmCore(), points, onProgress);
  },
};

export type TimeseriesWorkerApi = typeof api;
Comlink.expose(api);
