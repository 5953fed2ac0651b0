// The compute core's benchmark rows, one suite for both places that print them: `npm run bench` (bench/run.ts, in
// Node, 10M points) and the /benchmarks page (in the time-series worker, 1M or 5M points). Every row first checks that
// ours and its peer give the same answer (exactly, or within the stated tolerance and metric) and stops with a
// message if they do not; then it times both in the same run. Yardsticks copy into arrays allocated once, as the wasm
// side copies into memory it already has; an index's build (the series load's pyramid) is its own row beside the
// queries it serves.
import { m4 as referenceM4 } from '../../asm/reference/m4';
import { aggregate as referenceAggregate } from '../../asm/reference/aggregate';
import { splitGaps as referenceSplitGaps } from '../../asm/reference/gaps';
import { lttb as referenceLttb, minMaxLttb as referenceMinMaxLttb, validIndices } from '../../asm/reference/lttb';
import { binRose as referenceRose } from '../../asm/reference/rose';
import { idw as referenceIdw } from '../../asm/reference/windfield';
import { decodeSeriesArrow, decodeSeriesJson, encodeSeriesArrow } from '../codec/series-arrow';
import { gapThreshold } from '../domain/chart-gaps';
import type { IdwGrid, WasmCore } from './wasm-core';

export interface KernelBenchmark {
  kernel: string;
  peer: string;
  /** What was compared before timing, and the outcome. */
  check: string;
  oursMs: number;
  peerMs: number;
  ratio: number;
}

/** Shortest timed stretch: a browser's clock ticks every 0.1 ms without cross-origin isolation. */
const MIN_TIMED_MS = 2;

/**
 * Median wall time of one call over `runs` timings, in ms, after one warm-up call. A call quicker than MIN_TIMED_MS
 * is timed in batches (doubled until a batch fills that stretch), so no timing is below the clock's tick.
 */
export function median(fn: () => unknown, runs = 21): number {
  let t = performance.now();
  fn();
  let first = performance.now() - t;
  let batch = 1;
  // Calls too short to see: double the batch until it fills the stretch.
  while (first < MIN_TIMED_MS && batch < 1 << 20) {
    batch *= 2;
    t = performance.now();
    for (let k = 0; k < batch; k++) fn();
    first = performance.now() - t;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    for (let k = 0; k < batch; k++) fn();
    times.push((performance.now() - t) / batch);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function expectSame(ok: boolean, what: string): void {
  if (!ok) throw new Error(`Equality check failed before timing: ${what}`);
}

/** Mean absolute vertical distance of every non-NaN sample from the line through the chosen points. */
function lineError(times: Float64Array, values: Float32Array, chosen: Int32Array): number {
  let sum = 0;
  let count = 0;
  for (let s = 0; s + 1 < chosen.length; s++) {
    const a = chosen[s]!;
    const b = chosen[s + 1]!;
    const ta = times[a]!;
    const va = values[a]!;
    const slope = (values[b]! - va) / (times[b]! - ta);
    for (let i = a; i < b; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      sum += Math.abs(v - (va + slope * (times[i]! - ta)));
      count++;
    }
  }
  return count > 0 ? sum / count : 0;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = 1_700_000_000_000;

/** One-minute samples: a daily wave, a 40 ppm spike every 5,003 samples and a missing sample every 7,919. */
function seriesData(points: number) {
  const times = new Float64Array(points);
  const values = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    times[i] = T0 + i * MINUTE;
    values[i] = 2 + Math.sin(i / 1440) + (i % 5003 === 0 ? 40 : 0) + (i % 7919 === 0 ? Number.NaN : 0);
  }
  return { times, values };
}

/**
 * The IDW case: 200 stations (off the grid points) with 10 m/s winds onto 256 × 256 cells of 25 m whose centres lie a
 * quarter cell in from the origin (so that @turf/interpolate's point grid over a 255.5-cell bbox is the same points).
 */
export function idwCase() {
  const m = 200;
  const cell = 25;
  const x = Float64Array.from({ length: m }, (_, k) => (((k * 9301 + 49297) % 233280) / 233280) * 6380 + 3.1);
  const y = Float64Array.from({ length: m }, (_, k) => (((k * 4271 + 1231) % 233280) / 233280) * 6380 + 4.7);
  const u = Float64Array.from({ length: m }, (_, k) => Math.sin(k) * 10);
  const v = Float64Array.from({ length: m }, (_, k) => Math.cos(k) * 10);
  const grid: IdwGrid = {
    x0: 0.25 * cell - cell / 2,
    y0: 0.25 * cell - cell / 2,
    spacing: cell,
    nx: 256,
    ny: 256,
    maxSpeed: 0,
  };
  return { x, y, u, v, grid, cell };
}

/** Progress steps of runKernelBenchmarks (one per kernel group). */
export const KERNEL_BENCHMARK_COUNT = 7;

/**
 * Runs the suite over `points` one-minute samples on one wasm instance: each group loads its data (a series, rose
 * columns) in place of the last group's, as a worker's instance holds one at a time.
 */
export async function runKernelBenchmarks(
  core: WasmCore,
  points: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<KernelBenchmark[]> {
  const out: KernelBenchmark[] = [];
  const add = (kernel: string, peer: string, check: string, oursMs: number, peerMs: number) =>
    out.push({ kernel, peer, check, oursMs, peerMs, ratio: peerMs / Math.max(oursMs, 1e-6) });
  let done = 0;
  const step = () => onProgress(++done, KERNEL_BENCHMARK_COUNT);
  const count = points.toLocaleString('en-US');
  const { times, values } = seriesData(points);

  // The series load builds the min/max pyramid, the index the M4 and MinMaxLTTB rows query.
  let series = core.loadSeries(times, values);
  expectSame(series.length === points, `the loaded series holds ${series.length} of ${points} samples`);
  const timesInto = new Float64Array(points);
  const valuesInto = new Float32Array(points);
  add(
    `Series load (copy in, validate, build the min/max pyramid: the index of the M4 and MinMaxLTTB rows), ${count} points`,
    'copy of times + values into preallocated arrays (yardstick)',
    'n/a (yardstick)',
    median(() => (series = core.loadSeries(times, values)), 5),
    median(() => {
      timesInto.set(times);
      valuesInto.set(values);
    }, 5),
  );
  const t1 = times[points - 1]! + 1;
  const windows: [string, number, number, number][] = [[`${count} points to 2,000 px`, T0, t1, 11]];
  // The windows of a year and a day, where the series is long enough to hold them after 200 days.
  if (points >= (200 + 366) * 1440)
    windows.push([
      'a 1-year window (525,600 points) to 2,000 px',
      T0 + 200 * DAY,
      T0 + 200 * DAY + 525_600 * MINUTE,
      51,
    ]);
  if (points >= 102 * 1440) windows.push(['a 1-day window to 2,000 px', T0 + 100 * DAY, T0 + 101 * DAY, 101]);
  for (const [label, a, b, runs] of windows) {
    const ours = series.m4(a, b, 2000);
    const peer = referenceM4(times, values, a, b, 2000);
    const scan = series.m4Scan(a, b, 2000);
    expectSame(same(ours.times, peer.times) && same(ours.values, peer.values), `M4 vs TypeScript M4, ${label}`);
    expectSame(same(ours.times, scan.times) && same(ours.values, scan.values), `M4 vs wasm scan, ${label}`);
    const check = `same ${ours.times.length} points, exact`;
    const oursMs = median(() => series.m4(a, b, 2000), runs);
    const peerRuns = Math.min(runs, 11);
    add(
      `M4 via the pyramid, ${label}`,
      'TypeScript M4',
      check,
      oursMs,
      median(() => referenceM4(times, values, a, b, 2000), peerRuns),
    );
    add(
      `M4 via the pyramid, ${label}`,
      'wasm M4 scanning every sample',
      check,
      oursMs,
      median(() => series.m4Scan(a, b, 2000), peerRuns),
    );
  }
  step();

  {
    const ours = series.aggregate(3_600_000, 0, 'average');
    const peer = referenceAggregate(times, values, 3_600_000, 0, 'average');
    expectSame(same(ours.times, peer.times) && same(ours.values, peer.values), '1-hour averages');
    add(
      `1-hour averages (chart mode), ${count} points`,
      'TypeScript averages',
      `same ${ours.times.length} buckets, exact`,
      median(() => series.aggregate(3_600_000, 0, 'average'), 5),
      median(() => referenceAggregate(times, values, 3_600_000, 0, 'average'), 3),
    );
  }
  step();

  // MinMaxLTTB: the like-for-like peer is the same algorithm in TypeScript; full LTTB shows what the preselection
  // costs in fidelity.
  {
    const ours = series.minMaxLttb(2000);
    expectSame(same(ours, referenceMinMaxLttb(times, values, 2000)), 'MinMaxLTTB vs TypeScript MinMaxLTTB');
    const oursMs = median(() => series.minMaxLttb(2000), 11);
    add(
      `MinMaxLTTB (pyramid preselection, ratio 4), ${count} points to 2,000`,
      'TypeScript MinMaxLTTB',
      `same ${ours.length} indices, exact`,
      oursMs,
      median(() => referenceMinMaxLttb(times, values, 2000), 3),
    );
    const full = series.lttb(2000);
    expectSame(same(full, referenceLttb(times, values, validIndices(values), 2000)), 'LTTB vs TypeScript LTTB');
    const shared = new Set(full);
    let agree = 0;
    for (const i of ours) if (shared.has(i)) agree++;
    const errOurs = lineError(times, values, ours);
    const errFull = lineError(times, values, full);
    const fullMs = median(() => series.lttb(2000), 3);
    add(
      `MinMaxLTTB (pyramid preselection, ratio 4), ${count} points to 2,000`,
      'wasm LTTB over every non-NaN sample',
      `approximation: ${agree} of ${ours.length} indices as full LTTB; mean |line − sample| ${errOurs.toFixed(4)} vs ${errFull.toFixed(4)} (${((errOurs / errFull - 1) * 100).toFixed(1)} %)`,
      oursMs,
      fullMs,
    );
    add(
      `LTTB over every non-NaN sample, ${count} points to 2,000`,
      'TypeScript LTTB',
      `same ${full.length} indices, exact`,
      fullMs,
      median(() => referenceLttb(times, values, validIndices(values), 2000), 3),
    );
  }
  step();

  // Gap splitting over the same samples shifted by a 3-hour outage every 7,001 samples, in its own instance.
  {
    const gapTimes = Float64Array.from(times, (t, i) => t + Math.floor(i / 7_001) * 3 * 3_600_000);
    const gapped = core.loadSeries(gapTimes, values);
    const maxGap = gapThreshold(MINUTE);
    const ours = gapped.splitGaps(maxGap);
    expectSame(same(ours, referenceSplitGaps(gapTimes, maxGap)) && ours.length > 0, 'gap splitting');
    add(
      `Gap splitting, ${count} points`,
      'TypeScript gap splitting',
      `same ${ours.length} splits, exact`,
      median(() => gapped.splitGaps(maxGap), 5),
      median(() => referenceSplitGaps(gapTimes, maxGap), 3),
    );
  }
  step();

  // Rose binning into 16 sectors × 4 CH4 classes: the geo worker keeps the columns in wasm memory; their copy-in is
  // its own row.
  {
    const dirs = new Float32Array(points);
    const conc = new Float32Array(points);
    for (let i = 0; i < points; i++) {
      dirs[i] = ((i * 7.3) % 360) + (i % 1009 === 0 ? Number.NaN : 0);
      conc[i] = (i % 1000) / 5;
    }
    const thr = Float32Array.of(5, 25, 125);
    let columns = core.loadRoseColumns(dirs, conc);
    const ours = columns.bin(16, thr);
    const peer = referenceRose(dirs, conc, 16, thr);
    expectSame(ours.counted === peer.counted && same(ours.counts, peer.counts), 'rose counts');
    const check = `same ${ours.counts.length} counts (${ours.counted} samples), exact`;
    const peerMs = median(() => referenceRose(dirs, conc, 16, thr), 5);
    add(
      `Rose binning, ${count} samples, columns resident in wasm memory`,
      'TypeScript rose binning',
      check,
      median(() => columns.bin(16, thr), 21),
      peerMs,
    );
    const dirsInto = new Float32Array(points);
    const concInto = new Float32Array(points);
    add(
      `Rose columns copied into wasm memory (once per column pair), ${count} samples`,
      'copy of directions + values into preallocated arrays (yardstick)',
      'n/a (yardstick)',
      median(() => (columns = core.loadRoseColumns(dirs, conc)), 5),
      median(() => {
        dirsInto.set(dirs);
        concInto.set(conc);
      }, 5),
    );
    const withCopy = core.binRose(dirs, conc, 16, thr);
    expectSame(withCopy.counted === peer.counted && same(withCopy.counts, peer.counts), 'rose counts incl. copy-in');
    add(
      `Rose binning incl. the copy-in, ${count} samples`,
      'TypeScript rose binning',
      check,
      median(() => core.binRose(dirs, conc, 16, thr), 7),
      peerMs,
    );
  }
  step();

  {
    const { x, y, u, v, grid } = idwCase();
    const ours = core.idw(x, y, u, v, grid);
    const peer = referenceIdw({ x, y, u, v }, grid);
    let worst = 0;
    for (let i = 0; i < ours.u.length; i++)
      worst = Math.max(worst, Math.abs(ours.u[i]! - peer.u[i]!), Math.abs(ours.v[i]! - peer.v[i]!));
    // The kernel weighs in float32 lanes against the twin's float64: 1 mm/s on 10 m/s winds is the stated tolerance.
    expectSame(worst <= 1e-3, `IDW vs TypeScript IDW: max |Δ| ${worst} m/s`);
    add(
      'IDW wind field, 200 stations to 256 × 256 (u and v)',
      'TypeScript IDW',
      `max |Δu|,|Δv| ${worst.toExponential(1)} m/s (tolerance 1e-3)`,
      median(() => core.idw(x, y, u, v, grid), 11),
      median(() => referenceIdw({ x, y, u, v }, grid), 3),
    );
  }
  step();

  // A year of one-minute data over the wire: Arrow IPC decode against JSON.parse of [time, value] pairs.
  {
    const n = Math.min(points, 525_600);
    const yearTimes = times.slice(0, n);
    const yearValues = values.slice(0, n).map((x) => (Number.isNaN(x) ? 0 : x));
    const arrowBytes = encodeSeriesArrow({ times: yearTimes, values: yearValues });
    const jsonText = JSON.stringify(Array.from(yearTimes, (t, i) => [t, yearValues[i]]));
    const a = decodeSeriesArrow(arrowBytes);
    const j = decodeSeriesJson(jsonText);
    expectSame(
      same(a.times, j.times) && same(a.values, j.values) && same(a.times, yearTimes) && same(a.values, yearValues),
      'Arrow vs JSON decode',
    );
    add(
      `Decode ${n.toLocaleString('en-US')} one-minute samples (Arrow IPC stream)`,
      'JSON.parse of [time, value] pairs',
      `same ${a.times.length} samples, exact`,
      median(() => decodeSeriesArrow(arrowBytes), 11),
      median(() => decodeSeriesJson(jsonText), 5),
    );
  }
  step();
  return out;
}
