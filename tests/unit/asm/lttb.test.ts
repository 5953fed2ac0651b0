import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lttb, minMaxLttb, validIndices } from '../../../asm/reference/lttb';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

const seriesArb = fc
  .array(fc.oneof(fc.float({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(Number.NaN)), { maxLength: 3000 })
  .map((vals) => ({
    times: Float64Array.from(vals, (_, i) => i * 60_000 + (i % 7) * 1000),
    values: Float32Array.from(vals),
  }));

describe('LTTB and MinMaxLTTB', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('LTTB picks exactly the reference samples', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 0, max: 400 }), (s, k) => {
        const ours = core.loadSeries(s.times, s.values).lttb(k);
        expect(Array.from(ours)).toEqual(Array.from(lttb(s.times, s.values, validIndices(s.values), k)));
      }),
      { numRuns: 150 },
    );
  });

  it('MinMaxLTTB picks exactly the reference samples, in time order, keeping both ends', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 3, max: 300 }), (s, k) => {
        const ours = core.loadSeries(s.times, s.values).minMaxLttb(k);
        const ref = minMaxLttb(s.times, s.values, k);
        expect(Array.from(ours)).toEqual(Array.from(ref));
        expect(ours.length).toBeLessThanOrEqual(k);
        const valid = validIndices(s.values);
        if (valid.length > 0 && ours.length >= 3) {
          expect(ours[0]).toBe(valid[0]);
          expect(ours[ours.length - 1]).toBe(valid[valid.length - 1]);
        }
        for (let j = 1; j < ours.length; j++) expect(ours[j]!).toBeGreaterThan(ours[j - 1]!);
      }),
      { numRuns: 150 },
    );
  });

  it('returns nothing for an all-missing series', () => {
    const loaded = core.loadSeries(Float64Array.of(1, 2, 3), Float32Array.of(Number.NaN, Number.NaN, Number.NaN));
    expect(loaded.lttb(10).length).toBe(0);
    expect(loaded.minMaxLttb(10).length).toBe(0);
  });
});
