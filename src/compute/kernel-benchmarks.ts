// The in-browser benchmark suite: each wasm kernel against its plain-TypeScript twin on the same data, timed in the
// worker so the page stays responsive. As in bench/run.ts, every row first checks that both give the same answer
// (exactly, or within the stated tolerance) and stops with a message if they do not.
import { m4 as referenceM4 } from '../../asm/reference/m4';
import { lttb as referenceLttb, minMaxLttb as referenceMinMaxLttb, validIndices } from '../../asm/reference/lttb';
import { binRose as referenceRose } from '../../asm/reference/rose';
import { idw as referenceIdw } from '../../asm/reference/windfield';
import type { WasmCore } from './wasm-core';

export interface KernelBenchmark {
  kernel: string;
  peer: string;
  /** What was compared before timing, and the outcome. */
  check: string;
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

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function expectSame(ok: boolean, what: string): void {
  if (!ok) throw new Error(`The wasm kernel and its TypeScript twin disagree: ${what}`);
}

export const KERNEL_BENCHMARK_COUNT = 5;

export function runKernelBenchmarks(
  core: WasmCore,
  points: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): KernelBenchmark[] {
  const out: KernelBenchmark[] = [];
  const add = (kernel: string, peer: string, check: string, oursMs: number, peerMs: number) =>
    out.push({ kernel, peer, check, oursMs, peerMs, ratio: peerMs / Math.max(oursMs, 1e-6) });
  const total = KERNEL_BENCHMARK_COUNT;
  const count = points.toLocaleString('en-US');
  const times = new Float64Array(points);
  const values = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    times[i] = i * 60_000;
    values[i] = 2 + Math.sin(i / 1440) + (i % 4999 === 0 ? 30 : 0);
  }
  const series = core.loadSeries(times, values);
  const t1 = points * 60_000;
  {
    const ours = series.m4(0, t1, 2000);
    const peer = referenceM4(times, values, 0, t1, 2000);
    expectSame(same(ours.times, peer.times) && same(ours.values, peer.values), 'M4');
    add(
      `M4, ${count} points to 2,000 px`,
      'TypeScript M4',
      `same ${ours.times.length} points`,
      median(() => series.m4(0, t1, 2000), 9),
      median(() => referenceM4(times, values, 0, t1, 2000), 3),
    );
  }
  onProgress(1, total);
  {
    const ours = series.minMaxLttb(2000);
    expectSame(same(ours, referenceMinMaxLttb(times, values, 2000)), 'MinMaxLTTB');
    add(
      `MinMaxLTTB, ${count} points to 2,000`,
      'TypeScript MinMaxLTTB',
      `same ${ours.length} points`,
      median(() => series.minMaxLttb(2000), 9),
      median(() => referenceMinMaxLttb(times, values, 2000), 3),
    );
  }
  onProgress(2, total);
  {
    const ours = series.lttb(2000);
    expectSame(same(ours, referenceLttb(times, values, validIndices(values), 2000)), 'LTTB');
    add(
      `LTTB over every sample, ${count} points to 2,000`,
      'TypeScript LTTB',
      `same ${ours.length} points`,
      median(() => series.lttb(2000), 3),
      median(() => referenceLttb(times, values, validIndices(values), 2000), 3),
    );
  }
  onProgress(3, total);
  {
    const dirs = Float32Array.from({ length: points }, (_, i) => (i * 7.3) % 360);
    const thr = Float32Array.of(5, 25, 125);
    // The geo worker keeps a site's columns in wasm memory; the binning is timed where they live.
    const columns = core.loadRoseColumns(dirs, values);
    const ours = columns.bin(16, thr);
    const peer = referenceRose(dirs, values, 16, thr);
    expectSame(ours.counted === peer.counted && same(ours.counts, peer.counts), 'rose counts');
    add(
      `Rose binning, ${count} samples (columns in wasm memory)`,
      'TypeScript rose binning',
      `same ${ours.counts.length} counts`,
      median(() => columns.bin(16, thr), 9),
      median(() => referenceRose(dirs, values, 16, thr), 3),
    );
  }
  onProgress(4, total);
  {
    const m = 200;
    const x = Float64Array.from({ length: m }, (_, k) => (((k * 9301 + 49297) % 233280) / 233280) * 6400);
    const y = Float64Array.from({ length: m }, (_, k) => (((k * 4271 + 1231) % 233280) / 233280) * 6400);
    const u = Float64Array.from({ length: m }, (_, k) => Math.sin(k) * 10);
    const v = Float64Array.from({ length: m }, (_, k) => Math.cos(k) * 10);
    const grid = { x0: 0, y0: 0, spacing: 25, nx: 256, ny: 256, maxSpeed: 0 };
    const ours = core.idw(x, y, u, v, grid);
    const peer = referenceIdw({ x, y, u, v }, grid);
    let worst = 0;
    for (let i = 0; i < ours.u.length; i++)
      worst = Math.max(worst, Math.abs(ours.u[i]! - peer.u[i]!), Math.abs(ours.v[i]! - peer.v[i]!));
    // float32 lanes against float64: 1 mm/s is the stated tolerance.
    expectSame(worst <= 1e-3, `IDW differs by ${worst} m/s`);
    add(
      'IDW wind field, 200 stations to 256 x 256',
      'TypeScript IDW',
      `max |Δ| ${worst.toExponential(1)} m/s (≤ 1e-3)`,
      median(() => core.idw(x, y, u, v, grid), 5),
      median(() => referenceIdw({ x, y, u, v }, grid), 3),
    );
  }
  onProgress(5, total);
  return out;
}
