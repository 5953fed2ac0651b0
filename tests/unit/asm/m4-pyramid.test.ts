// The pyramid M4 on long series: many pyramid levels, column starts found by galloping from the previous column's
// width, empty columns skipped, buckets folded out of index order. Every answer must equal the raw scan's.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { m4 as referenceM4 } from '../../../asm/reference/m4';
import { minMaxLttb } from '../../../asm/reference/lttb';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

/** Deterministic series: regular stretches, bursts of equal timestamps, long gaps, NaN runs, ties, ±0 and ±inf. */
function longSeries(n: number, seed: number): { times: Float64Array; values: Float32Array } {
  let x = seed;
  const rnd = () => (x = (x * 48271) % 2147483647) / 2147483647;
  const times = new Float64Array(n);
  const values = new Float32Array(n);
  let t = 1_700_000_000_000;
  let nanRun = 0;
  for (let i = 0; i < n; i++) {
    const r = rnd();
    t += r < 0.02 ? 0 : r < 0.025 ? Math.ceil(rnd() * 5000) * 60_000 : 60_000;
    times[i] = t;
    if (nanRun > 0) {
      nanRun--;
      values[i] = Number.NaN;
      continue;
    }
    const v = rnd();
    if (v < 0.001) nanRun = Math.floor(rnd() * 3000);
    values[i] =
      v < 0.01
        ? Number.NaN
        : v < 0.02
          ? [0, -0, Infinity, -Infinity][Math.floor(rnd() * 4)]!
          : Math.round(rnd() * 40) / 4;
  }
  return { times, values };
}

describe('M4 through the pyramid on long series', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('returns exactly the raw scan for any window and width, including sparse windows and empty columns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 1, max: 2 ** 31 - 2 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.double({ min: -0.1, max: 1.1, noNaN: true }),
        fc.double({ min: 0, max: 1.2, noNaN: true }),
        (n, seed, width, a, span) => {
          const s = longSeries(n, seed);
          const first = s.times[0]!;
          const range = s.times[n - 1]! - first || 60_000;
          const t0 = first + a * range;
          const t1 = t0 + span * range;
          const loaded = core.loadSeries(s.times, s.values);
          const ours = loaded.m4(t0, t1, width);
          const scan = loaded.m4Scan(t0, t1, width);
          expect(Array.from(ours.times)).toEqual(Array.from(scan.times));
          expect(Array.from(ours.values)).toEqual(Array.from(scan.values));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('matches the TypeScript reference over a year of one-minute data at chart widths', () => {
    const n = 525_600;
    const times = Float64Array.from({ length: n }, (_, i) => 1_730_419_200_000 + i * 60_000);
    const values = Float32Array.from({ length: n }, (_, i) =>
      i % 9973 === 0
        ? Number.NaN
        : 2 + Math.sin(i / 1440) * 0.3 + (i % 997 === 0 ? 20 : 0) + ((i * 7919) % 1000) / 10_000,
    );
    const loaded = core.loadSeries(times, values);
    for (const [days, width] of [
      [365, 1200],
      [365, 317],
      [30, 1200],
      [1, 1200],
      [1, 2999],
    ] as const) {
      const t0 = times[0]! + 3_600_000 * 7 + 123;
      const t1 = t0 + days * 86_400_000;
      const ref = referenceM4(times, values, t0, t1, width);
      const ours = loaded.m4(t0, t1, width);
      expect(Array.from(ours.times)).toEqual(Array.from(ref.times));
      expect(Array.from(ours.values)).toEqual(Array.from(ref.values));
    }
  });

  it('MinMaxLTTB reads the same minima and maxima from the pyramid on long series', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 2 ** 31 - 2 }),
        fc.integer({ min: 3, max: 2000 }),
        (n, seed, k) => {
          const s = longSeries(n, seed);
          expect(Array.from(core.loadSeries(s.times, s.values).minMaxLttb(k))).toEqual(
            Array.from(minMaxLttb(s.times, s.values, k)),
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});
