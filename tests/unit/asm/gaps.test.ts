import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitGaps } from '../../../asm/reference/gaps';
import { gapThreshold, medianInterval, withGapNulls } from '@/domain/chart-gaps';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

const MIN = 60_000;

describe('gap splitting', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('breaks over 120 minutes, or over twice the interval', () => {
    expect(gapThreshold(MIN)).toBe(2 * MIN);
    expect(gapThreshold(90 * MIN)).toBe(120 * MIN);
    expect(gapThreshold(0)).toBe(120 * MIN);
    const times = Float64Array.from([0, 1, 2, 3, 10, 11, 12], (m) => m * MIN);
    expect(medianInterval(times)).toBe(MIN);
    expect(Array.from(splitGaps(times, gapThreshold(medianInterval(times))))).toEqual([3]);
  });

  it('agrees with the reference for any sorted series', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 500 }),
        fc.integer({ min: 1, max: 200 }),
        (steps, gapMin) => {
          let t = 0;
          const times = Float64Array.from(steps, (d) => (t += d * MIN));
          const values = new Float32Array(times.length).fill(1);
          const ours = core.loadSeries(times, values).splitGaps(gapMin * MIN);
          expect(Array.from(ours)).toEqual(Array.from(splitGaps(times, gapMin * MIN)));
        },
      ),
    );
  });

  it('inserts one null per split so the chart draws the gap', () => {
    const times = Float64Array.from([0, 1, 200], (m) => m * MIN);
    const values = Float32Array.from([1, Number.NaN, 3]);
    expect(withGapNulls(times, values, Int32Array.of(1))).toEqual({
      times: [0, MIN, 100.5 * MIN, 200 * MIN],
      values: [1, null, null, 3],
    });
  });
});
