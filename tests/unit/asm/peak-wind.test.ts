import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { peakPerPeriod, windPerPeriod } from '../../../asm/reference/aggregate';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

const MIN = 60_000;
const T0 = 1_700_000_000_000;
const maybeNaN = (min: number, max: number) =>
  fc.oneof({ weight: 5, arbitrary: fc.float({ min, max, noNaN: true }) }, { weight: 1, arbitrary: fc.constant(NaN) });

describe('chart peaks and wind per period: the wasm kernels against their TypeScript twins', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('keeps the same peak at the same time for any series and period (ties keep the earlier)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), maybeNaN(-50, 50)), { maxLength: 1200 }),
        fc.constantFrom(MIN, 5 * MIN, 60 * MIN, 1440 * MIN),
        fc.integer({ min: -10 * MIN, max: 10 * MIN }),
        (steps, period, originShift) => {
          let t = T0;
          const times = Float64Array.from(steps, ([d]) => (t += d * MIN));
          // Integer-valued floats, so equal values (ties) occur.
          const values = Float32Array.from(steps, ([, v]) => Math.round(v));
          const ours = core.peakPerPeriod(times, values, T0 + originShift, period);
          const ref = peakPerPeriod(times, values, T0 + originShift, period);
          expect(Array.from(ours.times)).toEqual(Array.from(ref.times));
          expect(Array.from(ours.values)).toEqual(Array.from(ref.values));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reduces paired wind the same way: the strongest exactly, circular means within 1e-4 degrees', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), maybeNaN(0, Math.fround(359.9)), maybeNaN(0, 30)), {
          maxLength: 1000,
        }),
        fc.constantFrom(5 * MIN, 15 * MIN, 60 * MIN),
        fc.constantFrom('average' as const, 'strongest' as const),
        fc.constantFrom(0, -7 * 3_600_000, 3 * MIN),
        (steps, period, mode, shift) => {
          let t = T0;
          const wind = {
            times: Float64Array.from(steps, ([d]) => (t += d * MIN)),
            directions: Float32Array.from(steps, ([, d]) => d),
            speeds: Float32Array.from(steps, ([, , s]) => Math.round(s)),
          };
          const ours = core.windPerPeriod(wind, mode, period, shift);
          const ref = windPerPeriod(wind, mode, period, shift);
          expect(Array.from(ours.times)).toEqual(Array.from(ref.times));
          expect(Array.from(ours.speeds)).toEqual(Array.from(ref.speeds));
          ours.directions.forEach((d, i) => {
            const r = ref.directions[i]!;
            if (Number.isNaN(r)) expect(d).toBeNaN();
            else expect(Math.abs(((d - r + 540) % 360) - 180)).toBeLessThan(1e-4);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('averages 350° and 10° to north and keeps the strongest reading with its own direction', () => {
    const wind = {
      times: Float64Array.of(0, MIN, 2 * MIN, 3 * MIN),
      directions: Float32Array.of(350, 10, 90, NaN),
      speeds: Float32Array.of(2, 4, 9, 12),
    };
    const mean = core.windPerPeriod(wind, 'average', 2 * MIN, 0);
    expect(Array.from(mean.times)).toEqual([0, 2 * MIN]);
    expect(Array.from(mean.speeds)).toEqual([3, 9]);
    expect(Math.min(mean.directions[0]!, 360 - mean.directions[0]!)).toBeLessThan(1e-4);
    expect(mean.directions[1]).toBeCloseTo(90, 4);
    // The strongest of [2, 4) minutes is the 12 m/s reading, whose direction is missing: kept as it was measured.
    const strongest = core.windPerPeriod(wind, 'strongest', 2 * MIN, 0);
    expect(Array.from(strongest.times)).toEqual([MIN, 3 * MIN]);
    expect(Array.from(strongest.speeds)).toEqual([4, 12]);
    expect(strongest.directions[1]).toBeNaN();
    expect(() => core.windPerPeriod({ ...wind, times: Float64Array.of(MIN, 0, 2, 3) }, 'average', MIN, 0)).toThrow(
      'sorted ascending',
    );
  });
});
