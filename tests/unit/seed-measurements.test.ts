import { describe, expect, it } from 'vitest';
import {
  deviceDay,
  emissionEvents,
  offlineGaps,
  plumePpm,
  siteSources,
  windAt,
  QUBE_TYPES,
} from '../../server/seed/measurements';
import { createRandom } from '../../server/seed/random';

const DAY = 86_400_000;
const day0 = Date.UTC(2026, 6, 1);

describe('synthetic device data', () => {
  it('puts CH4 from a source on a device only when the wind blows from the source towards it', () => {
    const source = { name: 'Tank battery', lat: 31.9, lng: -102.1 };
    const north = { lat: 31.9009, lng: -102.1 };
    // Wind from the south blows north, onto the device; from the north it blows away.
    expect(plumePpm(source, north, 10, { from: 180, speed: 10 })).toBeGreaterThan(1);
    expect(plumePpm(source, north, 10, { from: 0, speed: 10 })).toBe(0);
    // Stronger wind dilutes; a bigger leak adds more.
    expect(plumePpm(source, north, 10, { from: 180, speed: 20 })).toBeLessThan(
      plumePpm(source, north, 10, { from: 180, speed: 10 }),
    );
    expect(plumePpm(source, north, 20, { from: 180, speed: 10 })).toBeGreaterThan(
      plumePpm(source, north, 10, { from: 180, speed: 10 }),
    );
  });

  it('makes wind turn through the compass and blow harder by afternoon', () => {
    const dirs = new Set<number>();
    for (let t = day0; t < day0 + 30 * DAY; t += 3_600_000) dirs.add(Math.floor(windAt(t, 1, -102).from / 45));
    expect(dirs.size).toBeGreaterThanOrEqual(4);
    const mean = (h: number) =>
      Array.from(
        { length: 30 },
        (_, d) => windAt(day0 + d * DAY + h * 3_600_000 + 6.8 * 3_600_000, 1, -102).speed,
      ).reduce((a, b) => a + b) / 30;
    expect(mean(15)).toBeGreaterThan(mean(3));
  });

  it('writes a day of every Qube type, minute by minute, leaving offline gaps empty, the same for the same seed', () => {
    const r = createRandom(3);
    const sources = siteSources(r, 31.9, -102.1);
    const events = emissionEvents(r, sources, day0, day0 + 30 * DAY);
    expect(events.length).toBeGreaterThan(5);
    for (const e of events) expect(e.rate).toBeGreaterThanOrEqual(0.3);
    const device = { deviceId: 1, lat: 31.9006, lng: -102.1, types: QUBE_TYPES };
    const gap: [number, number][] = [[day0 + 3_600_000, day0 + 2 * 3_600_000]];
    const day = deviceDay(device, day0, sources, events, 0.4, gap, createRandom(9));
    expect([...day.keys()].sort((a, b) => a - b)).toEqual([...QUBE_TYPES].sort((a, b) => a - b));
    expect(day.get(1)!.times.length).toBe(1440 - 60);
    const again = deviceDay(device, day0, sources, events, 0.4, gap, createRandom(9));
    expect(Array.from(again.get(1)!.values)).toEqual(Array.from(day.get(1)!.values));
    const ch4 = Array.from(day.get(1)!.values);
    expect(Math.min(...ch4)).toBeGreaterThan(1.8);
    const battery = Array.from(day.get(12)!.values);
    expect(Math.max(...battery)).toBeLessThanOrEqual(100);
    expect(offlineGaps(createRandom(1), day0, day0 + 365 * DAY).length).toBeGreaterThan(10);
  });
});
