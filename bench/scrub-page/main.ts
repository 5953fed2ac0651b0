// Scrubbing benchmark page (bench/scrub.ts drives it): ten uPlot charts of a year of one-minute data each. Ours: the
// series live in the time-series worker's pyramid; a viewport holding four samples per pixel or more draws its M4 at
// the chart's width, a shorter one draws raw samples from a slice the worker sent once and the page holds (pans
// inside it need no message; the next slice is asked for near its edge), as the product's charts do. Peer: the same
// charts given all 525,600 points and told to show the viewport (uPlot's own culling and path building).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { timeseriesClient, type ChartView } from '../../src/compute/timeseries-client';
import { RawSliceCache, type SliceWindow } from '../../src/ui/chart/raw-slice-cache';
import { drawWindow } from './line-draw';
import { MINUTE, N, series, T0 } from './year-series';

const CHARTS = 10;
/** Time spent waiting for the worker, per step (0 when every chart was served from its held slice). */
const workerMs: number[] = [];
/** Steps that sent no message: every chart drawn from a held raw slice. */
let served = 0;
/** Per step, from the last draw hook to the next task: chiefly Chromium rasterising the ten canvases. */
const rasterMs: number[] = [];
const WIDTH = 1200;

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

/**
 * How a scrub moves the window: 'jump' spreads the steps over the whole year (every step lands somewhere new, as a
 * drag of the range's slider across the year would); 'pan' moves it by a tenth of its width per step (a 120 px drag
 * on the plot), from a third of the way into the year. Both sides step alike.
 */
type Stepping = 'jump' | 'pan';

function windowAt(stepping: Stepping, windowDays: number, i: number, steps: number): [number, number] {
  const span = windowDays * 86_400_000;
  const start =
    stepping === 'jump' || span >= N * MINUTE
      ? T0 + ((N * MINUTE - span) * i) / Math.max(1, steps - 1)
      : T0 + Math.min(N * MINUTE - span, (N * MINUTE) / 3 + (i * span) / 10);
  return [start, start + span];
}

let slices = new RawSliceCache();
const IDS = Array.from({ length: CHARTS }, (_, k) => `s${k}`);

/** Each chart's points for [start, end): from its held slice, else from the worker (one message per worker). */
async function pointsFor(start: number, end: number, t: number): Promise<(SliceWindow | ChartView)[]> {
  const held: (SliceWindow | ChartView | null)[] = IDS.map((id) => slices.window(id, start, end, WIDTH));
  const missing = IDS.filter((_, k) => !held[k]);
  if (missing.length) {
    const views = await timeseriesClient.viewMany(missing, start, end, WIDTH, 'scrub');
    workerMs.push(performance.now() - t);
    views.forEach((v, j) => {
      const k = IDS.indexOf(missing[j]!);
      if (v.kind === 'raw') slices.put(missing[j]!, v.slice);
      held[k] = v.kind === 'raw' ? slices.window(missing[j]!, start, end, WIDTH) : v;
    });
  } else {
    workerMs.push(0);
    served++;
  }
  const due = slices.toPrefetch(IDS, start, end);
  if (due.length)
    void timeseriesClient
      .viewMany(due, start, end, WIDTH, `prefetch:${due.join()}`)
      .then((views) =>
        views.forEach((v, j) => (v.kind === 'raw' ? slices.put(due[j]!, v.slice) : slices.drop(due[j]!))),
      )
      .catch(() => undefined);
  return held.map((h) => h!);
}

/** uPlot's columns: a held slice's seconds are converted once on arrival; M4 answers are converted here. */
function columnsOf(p: SliceWindow | ChartView): [Float64Array, Float32Array] {
  if ('seconds' in p) return [p.seconds, p.values];
  const a = p.kind === 'm4' ? p.points : p.slice;
  const xs = new Float64Array(a.times.length);
  for (let i = 0; i < xs.length; i++) xs[i] = a.times[i]! / 1000;
  return [xs, a.values];
}

/** Pans a window of `windowDays` across the year in `steps` steps; returns each step's time to the painted frame. */
async function scrub(
  mode: 'pyramid' | 'raw' | 'draw',
  charts: uPlot[],
  windowDays: number,
  steps: number,
  stepping: Stepping,
): Promise<number[]> {
  const frames: number[] = [];
  // Every scrub starts with nothing held, as a first drag would.
  slices = new RawSliceCache();
  for (let i = 0; i < steps; i++) {
    const [start, end] = windowAt(stepping, windowDays, i, steps);
    const t = performance.now();
    if (mode === 'raw') {
      for (const c of charts) c.setScale('x', { min: start / 1000, max: end / 1000 });
    } else if (mode === 'draw') {
      // The floor: each chart redraws the points it already holds (paths and axes), no data moves.
      for (const c of charts) c.redraw();
    } else {
      const points = await pointsFor(start, end, t);
      points.forEach((p, k) => {
        const [xs, ys] = columnsOf(p);
        charts[k]!.batch(() => {
          charts[k]!.setData([xs as unknown as number[], ys as unknown as number[]], false);
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
      stepping: Stepping,
    ) => Promise<{
      check: string;
      median: number;
      p95: number;
      frames: number;
      workerMedian: number;
      served: number;
      rasterMedian: number;
      drawMedian: number;
    }>;
    runCanvas: typeof runCanvas;
    scrubReady: boolean;
  }
}

function pointsOf(p: SliceWindow | ChartView): { times: Float64Array; values: Float32Array } {
  return 'seconds' in p ? p : p.kind === 'm4' ? p.points : p.slice;
}

/**
 * Before timing, on the path the steps take: the points we hand uPlot for a window keep what the raw drawing shows at
 * its edges and extremes — the window's first and last samples and its minimum and maximum, exactly (M4's promise);
 * raw slices must hold every sample of the window, exactly. A second window a tenth further on is checked too: for
 * short windows it is served from the slice the first one fetched. Throws if not.
 */
async function checkWindow(windowDays: number): Promise<string> {
  const raw = series(0);
  const span = windowDays * 86_400_000;
  slices = new RawSliceCache();
  const out: string[] = [];
  for (const shift of [0, 0.1]) {
    const start = T0 + (N * MINUTE - span) / 2 + shift * span;
    const end = start + span;
    const wasHeld = slices.window('s0', start, end, WIDTH) !== null;
    const [drawn] = await pointsFor(start, end, performance.now());
    const p = pointsOf(drawn!);
    const from = p.times.findIndex((t) => t >= start);
    let to = from;
    while (to < p.times.length && p.times[to]! < end) to++;
    const v = p.values.subarray(from, to);
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
    const got = edges(v);
    if (want.some((x, i) => x !== got[i]))
      throw new Error(`${windowDays} d: drawn points ${got.join(', ')} against raw ${want.join(', ')}`);
    const isRaw = 'seconds' in drawn!;
    if (isRaw) {
      const same =
        v.length === hi - lo && v.every((x, i) => x === raw.values[lo + i] && p.times[from + i] === raw.times[lo + i]);
      if (!same) throw new Error(`${windowDays} d: the raw slice is not the window's ${hi - lo} samples`);
    }
    out.push(
      isRaw
        ? `all ${hi - lo} samples exactly, raw slice${wasHeld ? ' held on the page' : ' from the worker'}`
        : `first, last, min, max of ${hi - lo} samples kept exactly in ${v.length} M4 points`,
    );
  }
  workerMs.length = 0;
  served = 0;
  return [...new Set(out)].join('; ');
}

window.runScrub = async (mode, windowDays, steps, stepping) => {
  const charts = await setup(mode);
  const check = mode === 'pyramid' ? await checkWindow(windowDays) : 'peer';
  await scrub(mode, charts, windowDays, 5, stepping);
  workerMs.length = 0;
  rasterMs.length = 0;
  served = 0;
  const timed = stats(await scrub(mode, charts, windowDays, steps, stepping));
  const result = {
    check,
    ...timed,
    workerMedian: workerMs.length ? stats(workerMs).median : 0,
    served,
    rasterMedian: stats(rasterMs).median,
    // The charts redrawing the last window's points as they hold them: no data moves, the draw alone.
    drawMedian: stats(await scrub('draw', charts, windowDays, 20, stepping)).median,
  };
  for (const c of charts) c.destroy();
  if (mode === 'pyramid') for (let k = 0; k < CHARTS; k++) await timeseriesClient.unloadSeries(`s${k}`);
  return result;
};
/**
 * Whether drawing off the main thread pays: the same plain line drawing (line-draw.ts) of every raw sample in the
 * window, on ten page canvases, or on ten OffscreenCanvases split over two workers (each holds its charts' year). A
 * worker step runs from posting the window to both workers' answers that their charts are drawn.
 */
async function runCanvas(where: 'page' | 'worker', windowDays: number, steps: number, stepping: Stepping) {
  const host = document.getElementById('charts')!;
  host.innerHTML = '';
  const canvases = Array.from({ length: CHARTS }, () => {
    const c = document.createElement('canvas');
    c.width = WIDTH;
    c.height = 150;
    c.className = 'chart';
    host.append(c);
    return c;
  });
  let step: (t0: number, t1: number) => Promise<void>;
  let workers: Worker[] = [];
  if (where === 'page') {
    const all = canvases.map((c, k) => ({ ctx: c.getContext('2d')!, s: series(k) }));
    step = async (t0, t1) => {
      for (const c of all) drawWindow(c.ctx, c.s, t0, t1, WIDTH, 150);
    };
  } else {
    workers = [0, 1].map(() => new Worker(new URL('./offscreen.worker.ts', import.meta.url), { type: 'module' }));
    const answer = (w: Worker) => new Promise<void>((r) => w.addEventListener('message', () => r(), { once: true }));
    await Promise.all(
      workers.map((w, j) => {
        const mine = canvases.flatMap((c, k) => (k % 2 === j ? [[k, c.transferControlToOffscreen()] as const] : []));
        const ready = answer(w);
        w.postMessage(
          { canvases: mine },
          mine.map(([, c]) => c),
        );
        return ready;
      }),
    );
    step = async (t0, t1) => {
      const drawn = workers.map(answer);
      for (const w of workers) w.postMessage({ t0, t1 });
      await Promise.all(drawn);
    };
  }
  const frames: number[] = [];
  for (let i = 0; i < 5 + steps; i++) {
    const [t0, t1] = windowAt(stepping, windowDays, Math.max(0, i - 5), steps);
    const t = performance.now();
    await step(t0, t1);
    if (i >= 5) frames.push(performance.now() - t);
    await nextTask();
  }
  for (const w of workers) w.terminate();
  return stats(frames);
}
window.runCanvas = runCanvas;
window.scrubReady = true;
