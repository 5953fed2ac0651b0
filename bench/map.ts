// Browser benchmark (issue: device fleet): 10,000 devices on the map in Debian Chromium (WebGL in software). Ours draws
// them as one deck.gl layer of binary attributes; the peer is maplibre DOM markers. Prints time to first render and
// pan frame times (CPU side), and the peer/ours ratios. `--runs N` (default 1): every figure is the median of N cold
// runs, each in a browser of its own; `--variants` adds the first render without picking and with the warm-up layer
// under the devices' id.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser, serveStatic } from '../tests/e2e/harness';

type Mode = 'deck' | 'dom';
interface Variant {
  pickable: boolean;
  warmUpAsDevices: boolean;
}
const AS_THE_CONSOLE: Variant = { pickable: true, warmUpAsDevices: false };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number | null) => (x === null ? null : +x.toFixed(1));

export async function mapBenchmarks({ runs = 1, variants = false } = {}) {
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
  const cold = async (mode: Mode, n: number, variant: Variant) => {
    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto(origin);
      await page.waitForFunction(() => window.mapBenchReady === true);
      return await page.evaluate(([m, count, v]) => window.runMap(m, count, 40, v), [mode, n, variant] as const);
    } finally {
      await browser.close();
    }
  };
  // N cold runs; each throws unless its check passed, so every median counts only checked runs.
  const medianOf = async (mode: Mode, n: number, variant = AS_THE_CONSOLE) => {
    const all: Awaited<ReturnType<typeof cold>>[] = [];
    for (let i = 0; i < runs; i++) all.push(await cold(mode, n, variant));
    const of = (pick: (r: Awaited<ReturnType<typeof cold>>) => number | null) => {
      const xs = all.map(pick).filter((x): x is number => x !== null);
      return xs.length ? median(xs) : null;
    };
    return {
      check: all[0]!.check,
      setup: of((r) => r.setup)!,
      firstRender: of((r) => r.firstRender)!,
      rasterized: of((r) => r.rasterized),
      median: of((r) => r.median)!,
      p95: of((r) => r.p95)!,
    };
  };
  try {
    const rows = [];
    for (const n of [3000, 10000]) {
      const ours = await medianOf('deck', n);
      const peer = await medianOf('dom', n);
      // Measured, not taken unless they pay: the first render without picking buffers (lazy picking), and with the
      // warm-up layer under the devices' id (the data then only updates its attributes).
      const unpicked = variants ? await medianOf('deck', n, { pickable: false, warmUpAsDevices: false }) : null;
      const sameId = variants ? await medianOf('deck', n, { pickable: true, warmUpAsDevices: true }) : null;
      rows.push({
        devices: n,
        runs,
        'check (before it counts), ours / peer': `${ours.check} / ${peer.check}`,
        'deck.gl set-up with the map, before data (ms)': ms(ours.setup),
        'deck.gl first render, drawn synchronously (ms)': ms(ours.firstRender),
        'deck.gl until rasterized, read back (ms)': ms(ours.rasterized),
        ...(unpicked
          ? {
              'deck.gl without picking, drawn (ms)': ms(unpicked.firstRender),
              'deck.gl without picking, read back (ms)': ms(unpicked.rasterized),
            }
          : {}),
        ...(sameId
          ? {
              'deck.gl warm-up under the devices id, drawn (ms)': ms(sameId.firstRender),
              'deck.gl warm-up under the devices id, read back (ms)': ms(sameId.rasterized),
            }
          : {}),
        'DOM markers first render (ms)': ms(peer.firstRender),
        'first render DOM / deck (drawn)': +(peer.firstRender / ours.firstRender).toFixed(1),
        'DOM first render / deck read back': ours.rasterized ? +(peer.firstRender / ours.rasterized).toFixed(1) : null,
        'deck.gl pan median (ms)': ms(ours.median),
        'deck.gl pan p95 (ms)': ms(ours.p95),
        'DOM pan median (ms)': ms(peer.median),
        'DOM pan p95 (ms)': ms(peer.p95),
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
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 1;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
  for (const row of await mapBenchmarks({ runs, variants: process.argv.includes('--variants') })) {
    console.log(JSON.stringify(row, null, 1));
  }
}
