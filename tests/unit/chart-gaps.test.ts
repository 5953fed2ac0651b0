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

  it('does not break a zoomed-out line between the points of neighbouring pixel columns, only across a pause wider than a column', () => {
    const h = 60 * MIN;
    // A year at 1,200 px: a column is about 7.3 hours; points of sampled data lie up to a column apart.
    const column = (365 * 24 * h) / 1200;
    const times = Float64Array.of(0, 3 * h, 7 * h, 14 * h, 60 * h, 61 * h);
    const [, ys] = withGaps(times, Float32Array.of(1, 2, 3, 4, 5, 6), 132 * MIN, column);
    expect(ys).toEqual([1, 2, 3, 4, null, 5, 6]);
  });
});
