// The chart's line breaks as the product makes them: the gap rule (src/domain/chart-gaps.ts) applied by the compute
// core's kernel to a window's M4 points, then the null samples uPlot draws as a break.
import { beforeAll, describe, expect, it } from 'vitest';
import { splitGaps as referenceSplitGaps } from '../../asm/reference/gaps';
import { gapThreshold, windowGapThreshold, withGapNulls } from '@/domain/chart-gaps';
import type { WasmCore } from '../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../src/compute/wasm-core-node';

const MIN = 60_000;
let core: WasmCore;
beforeAll(async () => {
  core = await loadWasmCoreFromDisk();
});

/** The values of a window drawn at a width that keeps every point, broken by the kernel at maxGap. */
function drawn(times: Float64Array, values: Float32Array, maxGap: number) {
  const window = core.loadSeries(times, values).m4(times[0]!, times.at(-1)! + 1, 10_000, maxGap);
  expect(Array.from(window.times)).toEqual(Array.from(times));
  return withGapNulls(window.times, window.values, window.splits!);
}

describe('chart gap splitting (spec 2 §9)', () => {
  it('breaks one-minute data at a pause longer than twice its interval, even under 120 minutes', () => {
    const times = Float64Array.of(0, MIN, 2 * MIN, 62 * MIN, 63 * MIN);
    const { times: xs, values: ys } = drawn(times, Float32Array.of(1, 2, 3, 4, 5), windowGapThreshold(MIN, 0));
    expect(ys).toEqual([1, 2, 3, null, 4, 5]);
    expect(xs[3]).toBe(32 * MIN);
  });

  it('breaks hourly data only past 120 minutes, and draws a missing value as a gap', () => {
    const h = 60 * MIN;
    expect(gapThreshold(h)).toBe(120 * MIN);
    const { values } = drawn(Float64Array.of(0, h, 2 * h, 5 * h), Float32Array.of(1, 2, 3, 4), gapThreshold(h));
    expect(values).toEqual([1, 2, 3, null, 4]);
    const missing = withGapNulls(Float64Array.of(0, h, 2 * h), Float32Array.of(1, Number.NaN, 3), new Int32Array(0));
    expect(missing.values).toEqual([1, null, 3]);
  });

  it('does not break a zoomed-out line between the points of neighbouring pixel columns, only across a pause wider than a column', () => {
    const h = 60 * MIN;
    // A year at 1,200 px: a column is about 7.3 hours; points of sampled data lie up to a column apart.
    const column = (365 * 24 * h) / 1200;
    const times = Float64Array.of(0, 3 * h, 7 * h, 14 * h, 60 * h, 61 * h);
    const { values } = drawn(times, Float32Array.of(1, 2, 3, 4, 5, 6), windowGapThreshold(132 * MIN, column));
    expect(values).toEqual([1, 2, 3, 4, null, 5, 6]);
  });

  it('splits a merged line (times not loaded as a series) exactly as the TypeScript twin does', () => {
    const times = Float64Array.from({ length: 5000 }, (_, i) => i * MIN + Math.floor(i / 700) * 200 * MIN);
    const maxGap = gapThreshold(MIN);
    const ours = core.splitGaps(times, maxGap);
    expect(ours.length).toBeGreaterThan(0);
    expect(Array.from(ours)).toEqual(Array.from(referenceSplitGaps(times, maxGap)));
  });
});
