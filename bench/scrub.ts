// Browser benchmark (issue 24): scrubbing ten charts, each holding a year of one-minute data, in Debian Chromium.
// Ours draws each viewport from the time-series worker's pyramid (M4 per pixel), or from a raw slice held on the page
// when the window holds fewer than four samples per pixel; the peer gives uPlot every raw point. Each window size is
// stepped across the year ('jump') and panned a tenth of a window per step ('pan'), alike for both sides. Prints
// median and p95 frame times, the peer/ours ratio and each side's draw alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser, serveStatic } from '../tests/e2e/harness';

type Stepping = 'jump' | 'pan';
const ALL_RUNS: [number, Stepping][] = [
  [365, 'jump'],
  [30, 'jump'],
  [30, 'pan'],
  [7, 'jump'],
  [7, 'pan'],
  [1, 'jump'],
  [1, 'pan'],
];

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

/**
 * `rounds` alternate ours and the peer per window (each round's figures are medians over its steps; the row gives the
 * median of the rounds and the range of their ratios); `only` picks windows ('7:pan'); `offscreen` adds the
 * OffscreenCanvas measurement.
 */
export async function scrubBenchmarks({ rounds = 1, only = [] as string[], offscreen: withOffscreen = true } = {}) {
  const root = path.resolve(import.meta.dirname, '..');
  const outDir = mkdtempSync(path.join(tmpdir(), 'scrub-bench-'));
  await build({
    configFile: false,
    root: path.join(root, 'bench/scrub-page'),
    logLevel: 'warn',
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000 },
  });
  const { server, origin } = await serveStatic(outDir);
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 1800 } })).newPage();
    await page.goto(origin);
    await page.waitForFunction(() => window.scrubReady === true);
    const rows = [];
    const runs = ALL_RUNS.filter(([d, s]) => only.length === 0 || only.includes(`${d}:${s}`));
    for (const [days, stepping] of runs) {
      type Result = Awaited<ReturnType<Window['runScrub']>>;
      const ours: Result[] = [];
      const peer: Result[] = [];
      for (let r = 0; r < rounds; r++) {
        ours.push(await page.evaluate(([d, s]) => window.runScrub('pyramid', d, 40, s), [days, stepping] as const));
        // The raw peer is slow over the whole year: fewer steps keep the run short, the median stays comparable.
        const steps = days === 365 ? 8 : 40;
        peer.push(
          await page.evaluate(([d, n, s]) => window.runScrub('raw', d, n, s), [days, steps, stepping] as const),
        );
      }
      const of = (xs: Result[], k: Exclude<keyof Result, 'check'>) => median(xs.map((x) => x[k]));
      const ratios = ours.map((o, r) => peer[r]!.median / o.median);
      rows.push({
        window: `${days} d, ${stepping}`,
        'check (before timing)': ours[0]!.check,
        'ours median (ms)': +of(ours, 'median').toFixed(1),
        'ours p95 (ms)': +of(ours, 'p95').toFixed(1),
        'of which worker (ms)': +of(ours, 'workerMedian').toFixed(1),
        'steps with no message': `${of(ours, 'served')}/${ours[0]!.frames}`,
        'raw median (ms)': +of(peer, 'median').toFixed(1),
        'raw p95 (ms)': +of(peer, 'p95').toFixed(1),
        'raw / ours (median)': +median(ratios).toFixed(1),
        ...(rounds > 1 ? { 'ratio range over rounds': range(ratios) } : {}),
        // Each side's charts redrawing the points they hold, no data moving: the drawing's floor.
        'draw alone, ours / raw (ms)': `${of(ours, 'drawMedian').toFixed(1)} / ${of(peer, 'drawMedian').toFixed(1)}`,
        // From each step's last draw hook to the next task, in neither frame time: chiefly the canvases' raster.
        'raster after, ours / raw (ms)': `${of(ours, 'rasterMedian').toFixed(1)} / ${of(peer, 'rasterMedian').toFixed(1)}`,
      });
    }
    if (!withOffscreen) return { rows, offscreen: [] };
    // Whether drawing off the main thread pays: one plain line drawing, on the page or on OffscreenCanvases in two workers.
    const offscreen = [];
    for (const [days, stepping] of [
      [365, 'jump'],
      [30, 'pan'],
      [7, 'pan'],
      [1, 'pan'],
    ] as const) {
      const steps = days === 365 ? 10 : 40;
      const onPage = await page.evaluate(([d, n, s]) => window.runCanvas('page', d, n, s), [
        days,
        steps,
        stepping,
      ] as const);
      const inWorkers = await page.evaluate(([d, n, s]) => window.runCanvas('worker', d, n, s), [
        days,
        steps,
        stepping,
      ] as const);
      offscreen.push({
        window: `${days} d, ${stepping}`,
        'page canvas median (ms)': +onPage.median.toFixed(2),
        'page p95 (ms)': +onPage.p95.toFixed(2),
        'OffscreenCanvas in 2 workers median (ms)': +inWorkers.median.toFixed(2),
        'workers p95 (ms)': +inWorkers.p95.toFixed(2),
        'page / workers': +(onPage.median / inWorkers.median).toFixed(2),
      });
    }
    return { rows, offscreen };
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  const { rows, offscreen } = await scrubBenchmarks({
    rounds: Number(arg('--rounds') ?? 1),
    only: arg('--only')?.split(',') ?? [],
    offscreen: !process.argv.includes('--no-offscreen'),
  });
  console.table(rows);
  if (offscreen.length) console.table(offscreen);
}
