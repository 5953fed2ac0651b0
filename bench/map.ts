// Browser benchmark (issue: device fleet): 10,000 devices on the map in Debian Chromium (WebGL in software). Ours draws
// them as one deck.gl layer of binary attributes; the peer is maplibre DOM markers. Prints time to first render and
// pan frame times (CPU side), and the peer/ours ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser, serveStatic } from '../tests/e2e/harness';

export async function mapBenchmarks(variants = false) {
  const root = path.resolve(import.meta.dirname, '..');
  const outDir = mkdtempSync(path.join(tmpdir(), 'map-bench-'));
  await build({
    configFile: false,
    root: path.join(root, 'bench/map-page'),
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000 },
  });
  const { server, origin } = await serveStatic(outDir);
  // Cold: every size and side in a browser of its own, so neither inherits the other's compiled shaders or caches.
  // Cold: every size and side in a browser of its own, so neither inherits the other's compiled shaders or caches.
  const cold = async (mode: 'deck' | 'dom', n: number, pickable = true) => {
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto(origin);
      await page.waitForFunction(() => window.mapBenchReady === true);
      return await page.evaluate(([m, count, p]) => window.runMap(m, count, 40, { pickable: p }), [
        mode,
        n,
        pickable,
      ] as const);
    } finally {
      await browser.close();
    }
  };
  try {
    const rows = [];
    for (const n of [3000, 10000]) {
      const ours = await cold('deck', n);
      const peer = await cold('dom', n);
      // Lazy picking measured, not taken unless it pays: the same first render without picking buffers.
      const unpicked = variants ? await cold('deck', n, false) : null;
      rows.push({
        devices: n,
        'check (before it counts), ours / peer': `${ours.check} / ${peer.check}`,
        'deck.gl set-up with the map, before data (ms)': +ours.setup.toFixed(1),
        'deck.gl first render, drawn synchronously (ms)': +ours.firstRender.toFixed(1),
        'deck.gl until rasterized, read back (ms)': +(ours.rasterized ?? NaN).toFixed(1),
        ...(unpicked
          ? {
              'deck.gl without picking, drawn (ms)': +unpicked.firstRender.toFixed(1),
              'deck.gl without picking, read back (ms)': +(unpicked.rasterized ?? NaN).toFixed(1),
            }
          : {}),
        'DOM markers first render (ms)': +peer.firstRender.toFixed(1),
        'first render DOM / deck (drawn)': +(peer.firstRender / ours.firstRender).toFixed(1),
        'DOM first render / deck read back': +(peer.firstRender / (ours.rasterized ?? NaN)).toFixed(1),
        'deck.gl pan median (ms)': +ours.median.toFixed(1),
        'deck.gl pan p95 (ms)': +ours.p95.toFixed(1),
        'DOM pan median (ms)': +peer.median.toFixed(1),
        'DOM pan p95 (ms)': +peer.p95.toFixed(1),
        'pan DOM / deck (median)': +(peer.median / ours.median).toFixed(1),
      });
    }
    return rows;
  } finally {
    await new Promise((r) => server.close(r));
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await mapBenchmarks(process.argv.includes('--variants')));
}
