// Scrubbing benchmark page (bench/scrub.ts drives it): ten uPlot charts of a year of one-minute data each. Ours: the
// series live in the time-series worker's pyramid and every viewport draws its M4 at the chart's width. Peer: the
// same charts given all 525,600 points and told to show the viewport (uPlot's own culling and path building).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { timeseriesClient } from '../../src/compute/timeseries-client';

const CHARTS = 10;
/** Time spent waiting for the worker, per step (the rest is drawing). */
const workerMs: number[] = [];
/** Per step, from the last draw hook to the next task: chiefly Chromium rasterising the ten canvases. */
const rasterMs: number[] = [];
const N = 525_600;
const MINUTE = 60_000;
const T0 = Date.UTC(2025, 10, 1);
const WIDTH = 1200;

function series(k: number): { times: Float64Array; values: Float32Array } {
  const times = new Float64Array(N);
  const values = new Float32Array(N);
  let seed = 1234 + k;
  for (let i = 0; i < N; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    times[i] = T0 + i * MINUTE;
    values[i] = 2 + Math.sin(i / 1440 + k) * 0.3 + ((seed >>> 8) % 1000) / 10000 + (i % (997 + k * 13) === 0 ? 20 : 0);
  }
  return { times, values };
}

/** When each chart last finished drawing (uPlot's draw hook): frame time is measured on the CPU, not by vsync. */
const drawnAt = new Map<uPlot, number>();

const opts = (title: string): uPlot.Options => ({
  width: WIDTH,
  height: 150,
  title,
  scales: { x: { time: true } },
  series: [{}, { stroke: '#0e7490', width: 1 }],
  legend: { show: false },
  cursor: { show: false },
  hooks: { draw: [(u) => void drawnAt.set(u, performance.now())] },
});

/** Resolves at the start of a new task. Chromium rasterises a canvas's recorded drawing at the end of the task that drew it. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Resolves once every chart has drawn after `since`. */
async function allDrawn(charts: uPlot[], since: number): Promise<number> {
  for (;;) {
    const times = charts.map((c) => drawnAt.get(c) ?? 0);
    if (times.every((t) => t >= since)) return Math.max(...times);
    await new Promise((r) => setTimeout(r, 0));
  }
}

async function setup(mode: 'pyramid' | 'raw') {
  const host = document.getElementById('charts')!;
  host.innerHTML = '';
  const charts: uPlot[] = [];
  for (let k = 0; k < CHARTS; k++) {
    const s = series(k);
    const el = document.createElement('div');
    el.className = 'chart';
    host.append(el);
    if (mode === 'raw') {
      charts.push(new uPlot(opts(`raw ${k}`), [Array.from(s.times, (t) => t / 1000), Array.from(s.values)], el));
    } else {
      await timeseriesClient.loadSeries(`s${k}`, s.times, s.values);
      charts.push(new uPlot(opts(`pyramid ${k}`), [[], []], el));
    }
  }
  return charts;
}

/** Pans a window of `windowDays` across the year in `steps` steps; returns each step's time to the painted frame. */
async function scrub(mode: 'pyramid' | 'raw', charts: uPlot[], windowDays: number, steps: number): Promise<number[]> {
  const span = windowDays * 86_400_000;
  const frames: number[] = [];
  for (let i = 0; i < steps; i++) {
    const start = T0 + ((N * MINUTE - span) * i) / (steps - 1);
    const end = start + span;
    const t = performance.now();
    if (mode === 'raw') {
      for (const c of charts) c.setScale('x', { min: start / 1000, max: end / 1000 });
    } else {
      const answers = await timeseriesClient.m4Many(
        charts.map((_, k) => `s${k}`),
        start,
        end,
        WIDTH,
        'scrub',
      );
      workerMs.push(performance.now() - t);
      answers.forEach((a, k) => {
        charts[k]!.batch(() => {
          const xs = new Float64Array(a.times.length);
          for (let i = 0; i < xs.length; i++) xs[i] = a.times[i]! / 1000;
          charts[k]!.setData([xs as unknown as number[], a.values as unknown as number[]], false);
          charts[k]!.setScale('x', { min: start / 1000, max: end / 1000 });
        });
      });
    }
    const drawn = await allDrawn(charts, t);
    frames.push(drawn - t);
    // The next move comes in a new task, as the next input event would, so no step's time holds the raster of the
    // step before. The peer's steps always worked that way (its charts draw in the move's own task and allDrawn
    // resolves in a later timer task); ours used to post the next move from inside the task that drew, so that
    // frame's raster then ran inside our next step, competing with the workers.
    await nextTask();
    rasterMs.push(performance.now() - drawn);
  }
  return frames;
}

function stats(frames: number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), frames: frames.length };
}

declare global {
  interface Window {
    runScrub: (
      mode: 'pyramid' | 'raw',
      windowDays: number,
      steps: number,
    ) => Promise<{
      check: string;
      median: number;
      p95: number;
      frames: number;
      workerMedian: number;
      rasterMedian: number;
    }>;
    scrubReady: boolean;
  }
}

/**
 * Before timing: the points we hand uPlot for a window keep what the raw drawing shows at its edges and extremes —
 * the window's first and last samples and its minimum and maximum, exactly (M4's promise). Throws if not.
 */
async function checkWindow(windowDays: number): Promise<string> {
  const raw = series(0);
  const start = T0 + (N * MINUTE - windowDays * 86_400_000) / 2;
  const end = start + windowDays * 86_400_000;
  const [ours] = await timeseriesClient.m4Many(['s0'], start, end, WIDTH, 'check');
  let lo = 0;
  while (raw.times[lo]! < start) lo++;
  let hi = lo;
  while (hi < N && raw.times[hi]! < end) hi++;
  const edges = (a: Float32Array) => {
    let min = Infinity;
    let max = -Infinity;
    for (const x of a) {
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    return [a[0]!, a[a.length - 1]!, min, max];
  };
  const want = edges(raw.values.subarray(lo, hi));
  const v = ours!.values;
  const got = edges(v);
  if (want.some((x, i) => x !== got[i]))
    throw new Error(`${windowDays} d: drawn points ${got.join(', ')} against raw ${want.join(', ')}`);
  return `first, last, min, max of ${hi - lo} samples kept exactly in ${v.length} points`;
}

window.runScrub = async (mode, windowDays, steps) => {
  const charts = await setup(mode);
  const check = mode === 'pyramid' ? await checkWindow(windowDays) : 'peer';
  await scrub(mode, charts, windowDays, 5);
  workerMs.length = 0;
  rasterMs.length = 0;
  const result = {
    check,
    ...stats(await scrub(mode, charts, windowDays, steps)),
    workerMedian: workerMs.length ? stats(workerMs).median : 0,
    rasterMedian: stats(rasterMs).median,
  };
  for (const c of charts) c.destroy();
  if (mode === 'pyramid') for (let k = 0; k < CHARTS; k++) await timeseriesClient.unloadSeries(`s${k}`);
  return result;
};
window.scrubReady = true;
