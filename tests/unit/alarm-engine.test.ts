import { describe, expect, it } from 'vitest';
import {
  CALCULATION_AVERAGE,
  CALCULATION_MAX,
  findEpisodes,
  levelOf,
  slidingStatistic,
  withoutIntervals,
  type AlarmDetail,
} from '../../server/services/alarm-engine/episodes';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 1);
/** One sample a minute from T0 with these values. */
const series = (values: number[]) => ({
  times: Float64Array.from(values, (_, i) => T0 + i * MIN),
  values: Float32Array.from(values),
});
const at = (minute: number) => T0 + minute * MIN;
const detail = (d: Partial<AlarmDetail> = {}): AlarmDetail => ({
  calculationMethod: CALCULATION_MAX,
  hiThreshold: 10,
  hiHiThreshold: 50,
  criticalThreshold: 100,
  slidingWindowSizeInHours: 0.25,
  resetEvaluationPeriodInHours: 1,
  ...d,
});

describe('alarm engine arithmetic', () => {
  it('takes the window maximum and average over (t - window, t]', () => {
    const s = series([1, 9, 2, 3, 0, 0]);
    expect([...slidingStatistic(s, 3 * MIN, CALCULATION_MAX)]).toEqual([1, 9, 9, 9, 3, 3]);
    expect([...slidingStatistic(s, 2 * MIN, CALCULATION_AVERAGE)]).toEqual([1, 5, 5.5, 2.5, 1.5, 0]);
    // A sample exactly one window old has left the window.
    expect([...slidingStatistic(series([8, 0]), MIN, CALCULATION_MAX)]).toEqual([8, 0]);
  });

  it('grades a value by the highest threshold it reaches', () => {
    const d = detail();
    expect([levelOf(9.99, d), levelOf(10, d), levelOf(50, d), levelOf(100, d)]).toEqual([-1, 0, 1, 2]);
    expect(levelOf(1000, detail({ hiHiThreshold: null, criticalThreshold: null }))).toBe(0);
    expect(levelOf(1000, detail({ hiHiThreshold: null, criticalThreshold: 200 }))).toBe(2);
  });

  it('raises one alarm per event, escalating its level, and a new one only after the reset period', () => {
    const values = Array(300).fill(1);
    values[10] = 20; // HI
    values[30] = 60; // HI-HI 20 minutes later: the same event
    values[200] = 120; // Critical, 170 minutes after: beyond the 1-hour reset, a new alarm
    const episodes = findEpisodes(series(values), detail());
    expect(episodes).toEqual([
      { start: at(10), end: at(30 + 14), maxValue: 60, level: 1 },
      { start: at(200), end: at(214), maxValue: 120, level: 2 },
    ]);
  });

  it('averages over the window, so a single spike below the average threshold raises nothing', () => {
    const values = Array(120).fill(2);
    values[50] = 30;
    expect(
      findEpisodes(series(values), detail({ calculationMethod: CALCULATION_AVERAGE, slidingWindowSizeInHours: 0.25 })),
    ).toEqual([]);
    for (let i = 60; i < 80; i++) values[i] = 30;
    const [e] = findEpisodes(
      series(values),
      detail({ calculationMethod: CALCULATION_AVERAGE, slidingWindowSizeInHours: 0.25 }),
    );
    expect(e!.level).toBe(0);
    expect(e!.start).toBeGreaterThan(at(60));
    expect(e!.end).toBeLessThan(at(95));
  });

  it('closes an event across a data gap longer than the reset period, and keeps the same alarm across a shorter one', () => {
    const s = { times: Float64Array.from([at(0), at(30), at(200)]), values: Float32Array.from([20, 20, 20]) };
    expect(findEpisodes(s, detail({ slidingWindowSizeInHours: 0.25 })).map((e) => [e.start, e.end])).toEqual([
      [at(0), at(30)],
      [at(200), at(200)],
    ]);
  });

  it('is deterministic and leaves quarantined samples out', () => {
    const values = Array(200).fill(1);
    values[100] = 80;
    const s = series(values);
    expect(findEpisodes(s, detail())).toEqual(findEpisodes(s, detail()));
    const quarantined = withoutIntervals(s, [[at(90), at(110)]]);
    expect(quarantined.times.length).toBe(180);
    expect(findEpisodes(quarantined, detail())).toEqual([]);
  });
});
