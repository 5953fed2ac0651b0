import { describe, expect, it } from 'vitest';
import {
  alignColumns,
  collapseSeries,
  mergeSeries,
  OTHER_SERIES_LABEL,
  type WindowSeries,
} from '@/domain/chart-series';
import { windPerInstallation } from '../../server/services/chart-series';
import { windByInstallation } from '../../src/codec/series-arrow';

const MIN = 60_000;
const s = (label: string, times: number[], values: number[], interval = MIN): WindowSeries => ({
  label,
  times: Float64Array.from(times),
  values: Float32Array.from(values),
  interval,
});

describe('more than five chart series collapse into Other (spec 2 §9)', () => {
  it('keeps five or fewer series as they are, leaving out series with nothing in the window', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((l) => s(l, [0], [1]));
    expect(collapseSeries([...five, s('empty', [], [])]).map((x) => x.label)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('names the five with the most values in the window and merges the rest into Other by the largest value', () => {
    const many = [
      s('one point', [0], [50]),
      s('a', [0, MIN, 2 * MIN], [1, 2, 3]),
      s('b', [0, MIN, 2 * MIN], [1, 2, 3]),
      s('c', [0, MIN, 2 * MIN], [1, 2, 3]),
      s('d', [0, MIN, 2 * MIN], [1, 2, 3]),
      s('e', [0, MIN], [1, 2]),
      s('f', [MIN, 3 * MIN], [9, Number.NaN], 5 * MIN),
    ];
    const out = collapseSeries(many);
    expect(out.map((x) => x.label)).toEqual(['a', 'b', 'c', 'd', 'e', OTHER_SERIES_LABEL]);
    const other = out[5]!;
    expect(Array.from(other.times)).toEqual([0, MIN, 3 * MIN]);
    expect(Array.from(other.values)).toEqual([50, 9, Number.NaN]);
    expect(other.interval).toBe(MIN);
  });

  it('merges series that take turns in time (a device moved between installations) into one ordered series', () => {
    const merged = mergeSeries([s('late', [10 * MIN, 11 * MIN], [3, 4]), s('early', [0, MIN], [1, 2])], 'Other');
    expect(Array.from(merged.times)).toEqual([0, MIN, 10 * MIN, 11 * MIN]);
    expect(Array.from(merged.values)).toEqual([1, 2, 3, 4]);
  });

  it('aligns series on one time axis: undefined where a series has no point, null over the whole of its gaps', () => {
    // A pauses between 0 and 10 (the null at 5 is its gap marker); B reports in between.
    expect(
      alignColumns([
        { times: [0, 5, 10], values: [1, null, 2] },
        { times: [2, 4, 6, 8], values: [20, 40, 60, 80] },
      ]),
    ).toEqual([
      [0, 2, 4, 5, 6, 8, 10],
      [1, null, null, null, null, null, 2],
      [undefined, 20, 40, undefined, 60, 80, undefined],
    ]);
    expect(alignColumns([{ times: [1, 2], values: [5, null] }])).toEqual([
      [1, 2],
      [5, null],
    ]);
  });
});

describe('wind per installation (spec 2 §7 deviceWindData)', () => {
  const direction = {
    times: Float64Array.from([0, MIN, 2 * MIN, 3 * MIN, 4 * MIN]),
    values: Float32Array.from([10, 20, 30, 40, 50]),
  };
  // Speed has a reading without a direction at 2.5 minutes: it pairs with nothing and is left out.
  const speed = {
    times: Float64Array.from([0, MIN, 2 * MIN, 2.5 * MIN, 3 * MIN, 4 * MIN]),
    values: Float32Array.from([1, 5, 2, 99, 3, 7]),
  };
  const stays = [
    { id: 7, from: 0, to: 3 * MIN },
    { id: 8, from: 3 * MIN, to: 10 * MIN },
  ];

  it('pairs direction and speed by time and splits them by the installation stays', async () => {
    const wind = await windPerInstallation(direction, speed, stays, null);
    expect(Array.from(wind.installationIds)).toEqual([7, 7, 7, 8, 8]);
    expect(Array.from(wind.windSpeeds)).toEqual([1, 5, 2, 3, 7]);
    expect(Array.from(wind.windDirections)).toEqual([10, 20, 30, 40, 50]);
    expect([...windByInstallation(wind)]).toEqual([
      [7, { from: 0, to: 3 }],
      [8, { from: 3, to: 5 }],
    ]);
  });

  it('samples the strongest wind of each period with its own direction and time, periods cut at a move', async () => {
    const wind = await windPerInstallation(direction, speed, stays, { kind: 'strongest', start: 0, period: 2 * MIN });
    // Periods [0, 2), [2, 4) and [4, 6) minutes; the move at 3 minutes starts the second installation's own period.
    expect(Array.from(wind.installationIds)).toEqual([7, 7, 8, 8]);
    expect(Array.from(wind.times)).toEqual([MIN, 2 * MIN, 3 * MIN, 4 * MIN]);
    expect(Array.from(wind.windSpeeds)).toEqual([5, 2, 3, 7]);
    expect(Array.from(wind.windDirections)).toEqual([20, 30, 40, 50]);
  });

  it('averages per period within each stay: speeds arithmetically, directions as circular means', async () => {
    // 350° and 10° average to north, not to 180°.
    const dir = {
      times: Float64Array.from([0, MIN, 2 * MIN, 3 * MIN]),
      values: Float32Array.from([350, 10, 90, Number.NaN]),
    };
    const spd = { times: Float64Array.from([0, MIN, 2 * MIN, 3 * MIN]), values: Float32Array.from([2, 4, 9, 1]) };
    const wind = await windPerInstallation(dir, spd, [{ id: 1, from: 0, to: 10 * MIN }], {
      kind: 'average',
      period: 2 * MIN,
      offset: 0,
    });
    expect(Array.from(wind.times)).toEqual([0, 2 * MIN]);
    expect(Array.from(wind.windSpeeds)).toEqual([3, 9]);
    const [north, east] = Array.from(wind.windDirections);
    expect(Math.min(north!, 360 - north!)).toBeCloseTo(0, 3);
    expect(east).toBeCloseTo(90, 3);
  });
});
