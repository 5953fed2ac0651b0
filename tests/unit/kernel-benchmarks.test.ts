// Issue 24 items 2 and 4: `npm run bench` and the /benchmarks page print the same rows from one suite, every row's
// equality check runs before its timing, and a kernel that answers differently stops the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { runKernelBenchmarks, type KernelBenchmark } from '../../src/compute/kernel-benchmarks';
import type { LoadedSeries, WasmCore } from '../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../src/compute/wasm-core-node';

// 150 days of one-minute samples: long enough for the 1-day window, too short for the 1-year one.
const POINTS = 150 * 1440;

describe('kernel benchmark suite', () => {
  let rows: KernelBenchmark[];
  const progress: number[] = [];
  beforeAll(async () => {
    rows = await runKernelBenchmarks(await loadWasmCoreFromDisk(), POINTS, (done) => progress.push(done));
  }, 60_000);

  it('has each kernel against its like-for-like peer, and the index build and yardsticks beside them', () => {
    const pairs = rows.map((r) => `${r.kernel.split(',')[0]} | ${r.peer}`);
    expect(pairs).toEqual([
      'Series load (copy in | copy of times + values into preallocated arrays (yardstick)',
      'M4 via the pyramid | TypeScript M4',
      'M4 via the pyramid | wasm M4 scanning every sample',
      'M4 via the pyramid | TypeScript M4',
      'M4 via the pyramid | wasm M4 scanning every sample',
      '1-hour averages (chart mode) | TypeScript averages',
      'MinMaxLTTB (pyramid preselection | TypeScript MinMaxLTTB',
      'MinMaxLTTB (pyramid preselection | wasm LTTB over every non-NaN sample',
      'LTTB over every non-NaN sample | TypeScript LTTB',
      'Gap splitting | TypeScript gap splitting',
      'Rose binning | TypeScript rose binning',
      'Rose columns copied into wasm memory (once per column pair) | copy of directions + values into preallocated arrays (yardstick)',
      'Rose binning incl. the copy-in | TypeScript rose binning',
      'IDW wind field | TypeScript IDW',
      'Decode 216 | JSON.parse of [time, value] pairs',
    ]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('states each row’s check: exact, within a tolerance, the approximation’s error, or a yardstick', () => {
    for (const r of rows) {
      if (r.peer.includes('(yardstick)')) expect(r.check).toBe('n/a (yardstick)');
      else if (r.peer.startsWith('wasm LTTB')) expect(r.check).toMatch(/^approximation: \d+ of 2000 indices/);
      else if (r.peer === 'TypeScript IDW') expect(r.check).toMatch(/^max \|Δu\|,\|Δv\| .* m\/s \(tolerance 1e-3\)$/);
      else expect(r.check).toMatch(/^same \d+ .*, exact$/);
      expect(r.oursMs).toBeGreaterThan(0);
      expect(r.ratio).toBeCloseTo(r.peerMs / r.oursMs, 6);
    }
  });

  it('stops before timing when a kernel answers differently from its peer', async () => {
    const core = await loadWasmCoreFromDisk();
    // The M4 answer off by one sample's value: the suite must refuse to time it.
    const broken = new Proxy(core, {
      get(target, key) {
        if (key !== 'loadSeries') return Reflect.get(target, key, target) as unknown;
        return (times: Float64Array, values: Float32Array): LoadedSeries => {
          const s = target.loadSeries(times, values);
          return {
            ...s,
            m4: (...args: Parameters<LoadedSeries['m4']>) => {
              const r = s.m4(...args);
              r.values[0] = r.values[0]! + 1;
              return r;
            },
          };
        };
      },
    }) as WasmCore;
    await expect(runKernelBenchmarks(broken, POINTS)).rejects.toThrow(/Equality check failed before timing: M4/);
  });
});
