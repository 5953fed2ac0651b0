import { describe, expect, it } from 'vitest';
import { withGaps } from '@/components/lib/time-series-chart';

const MIN = 60_000;

describe('chart gap splitting (spec 2 §9)', () => {
  it('breaks one-minute data at a pause longer than twice its interval, even under 120 minutes', () => {
    const times = Float64Array.of(0, MIN, 2 * MIN, 62 * MIN, 63 * MIN);
    const [xs, ys] = withGaps(times, Float32Array.of(1, 2, 3, 4, 5), MIN);
    expect(ys).toEqual([1, 2, 3, null, 4, 5]);
    expect(xs[3]).toBe(32 * 60);
  });

  it('breaks hourly data only past 120 minutes, and keeps missing values as gaps', () => {
    const h = 60 * MIN;
    const [, ys] = withGaps(Float64Array.of(0, h, 2 * h, 5 * h), Float32Array.of(1, Number.NaN, 3, 4), h);
    expect(ys).toEqual([1, null, 3, null, 4]);
  });
});
