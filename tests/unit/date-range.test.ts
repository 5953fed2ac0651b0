import { describe, expect, it } from 'vitest';
import { maximumRangeMessage, minimumRangeMessage, FUTURE_DATES_MESSAGE, chartModeEnabled } from '@/domain/chart-data';
import {
  atLeastMinimum,
  canStepForward,
  canZoomIn,
  confirmRange,
  pushHistory,
  quickRange,
  rangeFromParams,
  stepRange,
  zoomRange,
  QUICK_RANGES,
} from '@/domain/date-range';

const H = 3_600_000;
const D = 24 * H;
// Thursday 2026-03-12 15:30 in Edmonton (UTC-6 after the spring change on March 8).
const now = Date.UTC(2026, 2, 12, 21, 30);
const tz = 'America/Edmonton';

describe('date-range picker rules (spec 2 §2, §5, §9)', () => {
  it('computes every quick range, calendar ones from local midnight', () => {
    expect(QUICK_RANGES).toHaveLength(10);
    expect(quickRange('Last 12 hours', now, tz)).toEqual({ start: now - 12 * H, end: now });
    expect(quickRange('Last 90 days', now, tz)).toEqual({ start: now - 90 * D, end: now });
    expect(quickRange('Today', now, tz).start).toBe(Date.UTC(2026, 2, 12, 6));
    expect(quickRange('This week', now, tz).start).toBe(Date.UTC(2026, 2, 9, 6));
    // March 1 was still on standard time (UTC-7).
    expect(quickRange('This month', now, tz).start).toBe(Date.UTC(2026, 2, 1, 7));
    expect(quickRange('Previous month', now, tz)).toEqual({
      start: Date.UTC(2026, 1, 1, 7),
      end: Date.UTC(2026, 2, 1, 7),
    });
    expect(atLeastMinimum({ start: now - 10 * 60_000, end: now })).toEqual({ start: now - H, end: now });
  });

  it('steps by the span and never past now', () => {
    const week = { start: now - 7 * D, end: now };
    expect(stepRange(week, -1, now)).toEqual({ start: now - 14 * D, end: now - 7 * D });
    expect(stepRange(stepRange(week, -1, now), 1, now)).toEqual(week);
    expect(stepRange({ start: now - 8 * D, end: now - D }, 1, now)).toEqual(week);
    expect(canStepForward(week, now)).toBe(false);
  });

  it('zooms about the middle, within 60 minutes and 365 days and never past now', () => {
    const day = { start: now - 2 * D, end: now - D };
    expect(zoomRange(day, 'in', now)).toEqual({ start: now - 1.75 * D, end: now - 1.25 * D });
    expect(
      zoomRange({ start: now - 90 * 60_000, end: now - 30 * 60_000 }, 'in', now).end -
        zoomRange({ start: now - 90 * 60_000, end: now - 30 * 60_000 }, 'in', now).start,
    ).toBe(H);
    expect(canZoomIn({ start: now - H, end: now })).toBe(false);
    expect(zoomRange({ start: now - 7 * D, end: now }, 'out', now)).toEqual({ start: now - 14 * D, end: now });
    expect(zoomRange({ start: now - 300 * D, end: now }, 'out', now)).toEqual({ start: now - 365 * D, end: now });
  });

  it('keeps the last five distinct ranges, newest first', () => {
    let history = [] as { start: number; end: number }[];
    for (let i = 0; i < 7; i++) history = pushHistory(history, { start: i, end: i + 1 });
    history = pushHistory(history, { start: 4, end: 5 });
    expect(history.map((h) => h.start)).toEqual([4, 6, 5, 3, 2]);
  });

  it("confirms a range with the spec's messages and caps the end at now", () => {
    expect(confirmRange(now - H, now + D, now)).toEqual({ range: { start: now - H, end: now } });
    expect(confirmRange(now - 30 * 60_000, now, now)).toEqual({ problem: minimumRangeMessage(60) });
    expect(confirmRange(now - 400 * D, now, now)).toEqual({ problem: maximumRangeMessage(365) });
    expect(confirmRange(now + D, now + 2 * D, now)).toEqual({ problem: FUTURE_DATES_MESSAGE });
    expect(confirmRange(null, now, now)).toEqual({ problem: 'Both from and to are needed' });
    expect(minimumRangeMessage(60)).toBe('Minimum time range is 60 minutes(s), please select a larger time range');
  });

  it('reads start and end from the URL', () => {
    expect(rangeFromParams('2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z')).toEqual({
      start: Date.UTC(2026, 2, 1),
      end: Date.UTC(2026, 2, 2),
    });
    expect(rangeFromParams('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z')).toBeNull();
    expect(rangeFromParams('yesterday', null)).toBeNull();
  });

  it('enables chart modes by span', () => {
    expect(chartModeEnabled('15 Minutes', 90 * D)).toBe(true);
    expect(chartModeEnabled('1 Hour', 91 * D)).toBe(false);
    expect(chartModeEnabled('1 Day', D)).toBe(false);
    expect(chartModeEnabled('1 Day', D + 1)).toBe(true);
    expect(chartModeEnabled('Raw', 365 * D)).toBe(true);
  });
});
