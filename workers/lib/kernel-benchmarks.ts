// The in-browser benchmark suite: each wasm kernel against its plain-TypeScript twin on the same data, timed in the
// worker so the page stays responsive.
import { m4 as referenceM4 } from '../../asm/reference/m4';
import { minMaxLttb as referenceMinMaxLttb } from '../../asm/reference/lttb';
import { binRose as referenceRose } from '../../asm/reference/rose';
import { idw as referenceIdw } from '../../asm/reference/windfield';
import type { WasmCore } from './wasm-core';

export interface KernelBenchmark {
  kernel: string;
  peer: string;
  oursMs: number;
  peerMs: number;
  ratio: number;
}

/** Median wall time of `runs` calls, in ms. */
export function median(fn: () => unknown, runs = 21): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export function runKernelBenchmarks(core: WasmCore, points: number, onProgress: (done: number, total: number) => void = () => undefined): KernelBenchmark[] {
  const out: KernelBenchmark[] = [];
  const add = (kernel: string, peer: string, oursMs: number, peerMs: number) => out.push({ kernel, peer, oursMs, peerMs, ratio: peerMs / Math.max(oursMs, 1e-6) });
  const total = 4;
  const times = new Float64Array(points);
  const values = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    times[i] = i * 60_000;
    values[i] = 2 + Math.sin(i / 1440) + (i % 4999 === 0 ? 30 : 0);
  }
  const series = core.loadSeries(times, values);
  const t1 = points * 60_000;
  add(`M4, ${points.toLocaleString('en-US')} points to 2,000 px`, 'TypeScript M4', median(() => series.m4(0, t1, 2000), 9), median(() => referenceM4(times, values, 0, t1, 2000), 3));
  onProgress(1, total);
  add(`MinMaxLTTB, ${points.toLocaleString('en-US')} points to 2,000`, 'TypeScript MinMaxLTTB', median(() => series.minMaxLttb(2000), 9), median(() => referenceMinMaxLttb(times, values, 2000), 3));
  onProgress(2, total);
  const dirs = Float32Array.from({ length: points }, (_, i) => (i * 7.3) % 360);
  const thr = Float32Array.of(5, 25, 125);
  add(`Rose binning, ${points.toLocaleString('en-US')} samples`, 'TypeScript rose binning', median(() => core.binRose(dirs, values, 16, thr), 5), median(() => referenceRose(dirs, values, 16, thr), 3));
  onProgress(3, total);
  const m = 200;
  const x = Float64Array.from({ length: m }, (_, k) => ((k * 9301 + 49297) % 233280) / 233280 * 6400);
  const y = Float64Array.from({ length: m }, (_, k) => ((k * 4271 + 1231) % 233280) / 233280 * 6400);
  const u = Float64Array.from({ length: m }, (_, k) => Math.sin(k) * 10);
  const v = Float64Array.from({ length: m }, (_, k) => Math.cos(k) * 10);
  const grid = { x0: 0, y0: 0, spacing: 25, nx: 128, ny: 128, maxSpeed: 0 };
  add('IDW wind field, 200 stations to 128 x 128', 'TypeScript IDW', median(() => core.idw(x, y, u, v, grid), 5), median(() => referenceIdw({ x, y, u, v }, grid), 3));
  onProgress(4, total);
  return out;
}
