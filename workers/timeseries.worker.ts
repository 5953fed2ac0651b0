// Time-series worker: series live in wasm memory (one instance each); viewport queries answer from the pyramid.
import * as Comlink from 'comlink';
import { gapThreshold, medianInterval, windowGapThreshold } from '../src/domain/chart-gaps';
import { runKernelBenchmarks, type KernelBenchmark } from '../src/compute/kernel-benchmarks';
import {
  decodeSeriesArrow,
  decodeSeriesJson,
  decodeWindArrow,
  windByInstallation,
  type WindColumns,
} from '../src/codec/series-arrow';
import { decodeSiteRatesJson } from '../src/codec/site-rates';
import { assertInWorker, newWasmCore } from '../src/compute/wasm-core-browser';
import { heldAnswerLost } from '../src/compute/held-answers';
import {
  RAW_SAMPLES_PER_PIXEL,
  type LoadedSeries,
  type RawSlice,
  type WasmCore,
  type WindowPoints,
} from '../src/compute/wasm-core';

assertInWorker('timeseries.worker');

const series = new Map<string, { loaded: LoadedSeries; interval: number }>();
/** Decoded wind answers kept for the charts that share them, least recently asked first. */
const windAnswers = new Map<string, WindColumns>();
/** A site page holds one answer per device for its two wind charts: room for several such pages. */
const MAX_WIND_ANSWERS = 64;
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

/**
 * What a chart draws for a window: the raw samples around it when it holds fewer than four per pixel (M4 would keep
 * nearly all of them, and the page can pan inside the slice without asking again), else its M4 points.
 */
export type ChartView = { kind: 'raw'; slice: RawSlice } | { kind: 'm4'; points: WindowPoints };

/** Windows kept on each side of a raw slice, so that pans of up to a window need no message. */
const SLICE_MARGIN_WINDOWS = 2;

function buffersOf(view: ChartView): ArrayBuffer[] {
  const p = view.kind === 'raw' ? view.slice : view.points;
  return [p.times.buffer, p.values.buffer, ...(p.splits ? [p.splits.buffer] : [])] as ArrayBuffer[];
}

/**
 * A window's view. Raw slices always carry their breaks by the gap rule (they do not depend on the window's pixel
 * size); M4 points carry them when the column width (ms) is given.
 */
function viewOf(id: string, t0: number, t1: number, width: number, pixelMs?: number): ChartView {
  const s = get(id);
  const [lo, hi] = s.loaded.indexRange(t0, t1);
  const perWindow = RAW_SAMPLES_PER_PIXEL * Math.floor(width);
  if (hi - lo < perWindow) {
    const span = t1 - t0;
    // The margins reach two windows in time, but never more than two windows' worth of samples at this width.
    const [from] = s.loaded.indexRange(t0 - SLICE_MARGIN_WINDOWS * span, t0);
    const [to] = s.loaded.indexRange(t1 + SLICE_MARGIN_WINDOWS * span, Infinity);
    const cap = SLICE_MARGIN_WINDOWS * perWindow;
    const slice = s.loaded.rawSlice(Math.max(from, lo - cap), Math.min(to, hi + cap), gapThreshold(s.interval));
    return { kind: 'raw', slice };
  }
  const maxGap = pixelMs === undefined ? undefined : windowGapThreshold(s.interval, pixelMs);
  return { kind: 'm4', points: s.loaded.m4(t0, t1, width, maxGap) };
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
   * Decodes a site's modelled rates (JSON) here off the page into three series, `${idPrefix}:0` the rate, `:1` its
   * lower and `:2` its upper bound.
   */
  async loadSiteRatesBytes(
    idPrefix: string,
    body: ArrayBuffer,
  ): Promise<{ id: string; length: number; interval: number }[]> {
    const cols = decodeSiteRatesJson(new TextDecoder().decode(body));
    const out: { id: string; length: number; interval: number }[] = [];
    for (const [k, values] of [cols.rate, cols.lowerBound, cols.upperBound].entries()) {
      const id = `${idPrefix}:${k}`;
      out.push({ id, ...(await api.loadSeries(id, cols.times, values)) });
    }
    return out;
  },
  /**
   * Decodes a device's wind answer (Arrow IPC: installation, time, direction, speed) here off the page and keeps it
   * under `key` for the charts that share it (its bytes come by transfer, once; see src/compute/held-answers.ts).
   */
  holdWind(key: string, body: ArrayBuffer): void {
    windAnswers.set(key, decodeWindArrow(body));
    // A backstop: the page releases each answer when its cache drops it, which garbage collection may delay.
    if (windAnswers.size > MAX_WIND_ANSWERS) windAnswers.delete(windAnswers.keys().next().value!);
  },
  releaseWind(key: string): void {
    windAnswers.delete(key);
  },
  /** Loads one series per installation of a kept wind answer, `${idPrefix}:${installationId}`, of its directions or speeds. */
  async loadHeldWind(
    key: string,
    idPrefix: string,
    which: 'direction' | 'speed',
  ): Promise<{ installationId: number; id: string; length: number; interval: number }[]> {
    const cols = windAnswers.get(key);
    if (!cols) throw heldAnswerLost('The wind answer is no longer held in the worker; please reload the chart.');
    windAnswers.delete(key);
    windAnswers.set(key, cols);
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
  view(id: string, t0: number, t1: number, width: number, pixelMs?: number): ChartView {
    const v = viewOf(id, t0, t1, width, pixelMs);
    return Comlink.transfer(v, buffersOf(v));
  },
  /** One message for every chart of a page scrubbing together: the round trips, not the M4s, dominate. */
  viewMany(ids: string[], t0: number, t1: number, width: number, pixelMs?: number): ChartView[] {
    const out = ids.map((id) => viewOf(id, t0, t1, width, pixelMs));
    return Comlink.transfer(out, out.flatMap(buffersOf));
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
