// The harness's feeder: readings are posted once they have arrived (late ones in a later batch), in time order, never
// NaN; what was posted is exactly what the DLQ port is fed.
import { describe, expect, it } from 'vitest';
import type { ReadingsChunk } from '../../bench/truth/types';
import { batches, Feeder, TYPE_CH4, TYPE_WIND_SPEED } from '../../bench/science/feed';

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/** Two sensors, minutes [from, to) of the scenario; sensor 1's minute 1 arrives late (at `lateArrival`). */
function chunk(from: number, to: number, lateArrival: number): ReadingsChunk {
  const n = to - from;
  const times = Float64Array.from({ length: n }, (_, k) => T0 + (from + k + 1) * MIN);
  const series = (f: (s: number, m: number) => number) =>
    [0, 1].map((s) => Float64Array.from({ length: n }, (_, k) => f(s, from + k)));
  return {
    start: T0 + from * MIN,
    end: T0 + to * MIN,
    times,
    ch4Ppm: series((s, m) => (s === 0 && m === 2 ? Number.NaN : 2 + s + m / 100)),
    windDirectionDeg: series((s) => (s === 0 ? 180 : Number.NaN)),
    windSpeedKmh: series((s) => (s === 0 ? 7.2 : Number.NaN)),
    temperatureC: series(() => Number.NaN),
    arrival: series((s, m) => (s === 1 && m === 1 ? lateArrival : T0 + (m + 1) * MIN)),
  };
}

describe('feeder', () => {
  it('holds late readings for the batch in which they arrive and never posts NaN', () => {
    const f = new Feeder(T0, 6, [11, 12]);
    const first = f.take(chunk(0, 3, T0 + 5 * MIN), T0 + 3 * MIN);
    // Sensor 0: 3 minutes of CH4 (one NaN left out) + wind; sensor 1: CH4 for minutes 0 and 2 only (minute 1 is late).
    expect(first.filter((s) => s.deviceId === 12 && s.measurementTypeId === TYPE_CH4).map((s) => s.time)).toEqual([
      new Date(T0 + MIN).toISOString(),
      new Date(T0 + 3 * MIN).toISOString(),
    ]);
    expect(first.filter((s) => s.deviceId === 11 && s.measurementTypeId === TYPE_CH4)).toHaveLength(2);
    expect(first.every((s) => Number.isFinite(s.value))).toBe(true);
    expect(first.map((s) => s.time)).toEqual([...first.map((s) => s.time)].sort());
    expect(Number.isNaN(f.posted.ch4Ppm[1]![1]!)).toBe(true);
    const second = f.take(chunk(3, 6, 0), T0 + 6 * MIN);
    // The late minute comes first (oldest first) in the next batch.
    expect(second[0]).toMatchObject({
      deviceId: 12,
      measurementTypeId: TYPE_CH4,
      time: new Date(T0 + 2 * MIN).toISOString(),
    });
    expect(f.posted.ch4Ppm[1]![1]).toBeCloseTo(3.01);
    expect(f.posted.windSpeedKmh[0]![4]).toBe(7.2);
    expect(second.some((s) => s.deviceId === 12 && s.measurementTypeId === TYPE_WIND_SPEED)).toBe(false);
    expect(f.newestCh4).toBe(T0 + 6 * MIN);
  });

  it('never posts a reading that had not arrived by the end of the run', () => {
    const f = new Feeder(T0, 3, [11, 12]);
    f.take(chunk(0, 3, T0 + 60 * MIN), T0 + 3 * MIN);
    expect(Number.isNaN(f.posted.ch4Ppm[1]![1]!)).toBe(true);
  });

  it('splits ingest calls at the sample cap', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});
