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

export async function scrubBenchmarks() {
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
    const runs: [number, 'jump' | 'pan'][] = [
      [365, 'jump'],
      [30, 'jump'],
      [30, 'pan'],
      [7, 'jump'],
      [7, 'pan'],
      [1, 'jump'],
      [1, 'pan'],
    ];
    for (const [days, stepping] of runs) {
      const ours = await page.evaluate(([d, s]) => window.runScrub('pyramid', d, 40, s), [days, stepping] as const);
      // The raw peer is slow over the whole year: fewer steps keep the run short, the median stays comparable.
      const peer = await page.evaluate(([d, n, s]) => window.runScrub('raw', d, n, s), [
        days,
        days === 365 ? 8 : 40,
        stepping,
      ] as const);
      rows.push({
        window: `${days} d, ${stepping}`,
        'check (before timing)': ours.check,
        'ours median (ms)': +ours.median.toFixed(1),
        'ours p95 (ms)': +ours.p95.toFixed(1),
        'of which worker (ms)': +ours.workerMedian.toFixed(1),
        'steps with no message': `${ours.served}/${ours.frames}`,
        'raw median (ms)': +peer.median.toFixed(1),
        'raw p95 (ms)': +peer.p95.toFixed(1),
        'raw / ours (median)': +(peer.median / ours.median).toFixed(1),
        // Each side's charts redrawing the points they hold, no data moving: the drawing's floor.
        'draw alone, ours / raw (ms)': `${ours.drawMedian.toFixed(1)} / ${peer.drawMedian.toFixed(1)}`,
        // From each step's last draw hook to the next task, in neither frame time: chiefly the canvases' raster.
        'raster after, ours / raw (ms)': `${ours.rasterMedian.toFixed(1)} / ${peer.rasterMedian.toFixed(1)}`,
      });
    }
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
  const { rows, offscreen } = await scrubBenchmarks();
  console.table(rows);
  console.table(offscreen);
}
