import { describe, expect, it } from 'vitest';
import {
  directionTickLabel,
  DIRECTION_TICKS,
  niceStep,
  niceTicks,
  tickLabel,
  ticksWithin,
  timeTickLabel,
} from '@/domain/chart-axes';

describe('chart axes', () => {
  it('steps on 1, 2, 2.5 and 5 × 10ⁿ', () => {
    expect(niceStep(23, 5)).toBe(10); // 23/4 = 5.75 → 10
    expect(niceStep(4, 5)).toBe(1);
    expect(niceStep(0.9, 5)).toBe(0.25);
    expect(niceStep(7, 5)).toBe(2);
  });

  it("widens the issue's 0–23 axis (ticks 5.75, 11.5, 17.25) to nice ticks", () => {
    const t = niceTicks(0, 23, 5);
    expect(t.ticks).toEqual([0, 10, 20, 30]);
    expect(t.ticks.every((v) => Number.isInteger(v / t.step))).toBe(true);
    expect(niceTicks(0, 6.7, 5).ticks).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(-1.2, 0.3, 5).ticks).toEqual([-1.5, -1, -0.5, 0, 0.5]);
  });

  it('keeps a flat series and fractional steps readable', () => {
    const flat = niceTicks(5, 5, 5);
    expect(flat.min).toBeLessThan(5);
    expect(flat.max).toBeGreaterThan(5);
    expect(ticksWithin(0.1, 0.9, 0.25)).toEqual([0.25, 0.5, 0.75]);
    expect(tickLabel(0.30000000000000004, 0.1)).toBe('0.3');
    expect(tickLabel(2.5, 2.5)).toBe('2.5');
    expect(tickLabel(20000, 5000)).toBe('20,000');
  });

  it('labels direction ticks at the compass points, 0 to 360', () => {
    expect(DIRECTION_TICKS.map(directionTickLabel)).toEqual(['0° N', '90° E', '180° S', '270° W', '360° N']);
  });

  it("labels time ticks in the user's zone and clock", () => {
    const t = Date.parse('2026-05-08T16:58:00Z');
    expect(timeTickLabel(t, 3_600_000, 'America/Edmonton', '12-hr')).toBe('10:58 am');
    expect(timeTickLabel(t, 3_600_000, 'America/Edmonton', '24-hr')).toBe('10:58');
    expect(timeTickLabel(Date.parse('2026-05-08T06:00:00Z'), 3_600_000, 'America/Edmonton', '24-hr')).toBe('May 8');
    expect(timeTickLabel(t, 86_400_000, 'Asia/Tokyo', '12-hr')).toBe('May 9');
  });
});
