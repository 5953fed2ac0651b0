import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregate, CHART_PERIODS } from '../../../asm/reference/aggregate';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

describe('chart modes: averages and maxima per period', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('agrees with the reference for any series, period and mode', () => {
    const step = fc.tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.oneof(fc.float({ min: -1000, max: 1000, noNaN: true }), fc.constant(Number.NaN)),
    );
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 1500 }),
        fc.constantFrom(...Object.values(CHART_PERIODS)),
        fc.constantFrom(0, -7 * 3_600_000),
        fc.constantFrom('average' as const, 'max' as const),
        (steps, period, offset, mode) => {
          let t = 1_700_000_000_000;
          const times = Float64Array.from(steps, ([d]) => (t += d * 60_000));
          const values = Float32Array.from(steps, ([, v]) => v);
          const ours = core.loadSeries(times, values).aggregate(period, offset, mode);
          const ref = aggregate(times, values, period, offset, mode);
          expect(Array.from(ours.times)).toEqual(Array.from(ref.times));
          expect(Array.from(ours.values)).toEqual(Array.from(ref.values));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('averages per 15 minutes, skips missing values, and aligns days to the local offset', () => {
    const times = Float64Array.from([0, 5, 10, 15, 20], (m) => m * 60_000);
    const values = Float32Array.of(1, 2, Number.NaN, 10, 20);
    const r = core.loadSeries(times, values).aggregate(CHART_PERIODS['15 Minutes'], 0, 'average');
    expect(Array.from(r.times)).toEqual([0, 15 * 60_000]);
    expect(Array.from(r.values)).toEqual([1.5, 15]);
    const max = core.loadSeries(times, values).aggregate(CHART_PERIODS['1 Hour'], 0, 'max');
    expect(Array.from(max.values)).toEqual([20]);
    // 06:00 UTC is still the previous local day at UTC-7.
    const day = core
      .loadSeries(Float64Array.of(6 * 3_600_000), Float32Array.of(3))
      .aggregate(CHART_PERIODS['1 Day'], -7 * 3_600_000, 'average');
    expect(day.times[0]).toBe(-86_400_000 + 7 * 3_600_000);
    expect(core.loadSeries(times, values).aggregate(0, 0, 'average').times.length).toBe(0);
  });
});
