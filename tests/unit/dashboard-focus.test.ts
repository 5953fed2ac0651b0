import { describe, expect, it } from 'vitest';
import { FOCUS_PAGE_STEPS, focusKeyTime, focusStepMs } from '@/features/site-dashboard/dashboard-focus';

const MIN = 60_000;
const DAY = 86_400_000;
const start = Date.UTC(2026, 10, 1);

describe('focused date by keyboard', () => {
  it('steps by the charts resolution over the range', () => {
    expect(focusStepMs({ start, end: start + DAY })).toBe(MIN);
    expect(focusStepMs({ start, end: start + 7 * DAY })).toBe(3 * MIN);
    expect(focusStepMs({ start, end: start + 30 * DAY })).toBe(11 * MIN);
    expect(focusStepMs({ start, end: start + 10_000 * DAY })).toBe(DAY);
  });

  it('moves like a slider over the range and clears on Escape', () => {
    const range = { start, end: start + 7 * DAY };
    const step = 3 * MIN;
    const mid = start + 3 * DAY;
    expect(focusKeyTime('ArrowLeft', mid, range)).toBe(mid - step);
    expect(focusKeyTime('ArrowDown', mid, range)).toBe(mid - step);
    expect(focusKeyTime('ArrowRight', mid, range)).toBe(mid + step);
    expect(focusKeyTime('ArrowUp', mid, range)).toBe(mid + step);
    expect(focusKeyTime('PageDown', mid, range)).toBe(mid - FOCUS_PAGE_STEPS * step);
    expect(focusKeyTime('PageUp', mid, range)).toBe(mid + FOCUS_PAGE_STEPS * step);
    expect(focusKeyTime('Home', mid, range)).toBe(range.start);
    expect(focusKeyTime('End', mid, range)).toBe(range.end);
    expect(focusKeyTime('Escape', mid, range)).toBeNull();
    expect(focusKeyTime('a', mid, range)).toBeUndefined();
    expect(focusKeyTime('Enter', null, range)).toBeUndefined();
  });

  it('starts from the range end going back and from its start going on, and stays inside it', () => {
    const range = { start, end: start + DAY };
    expect(focusKeyTime('ArrowLeft', null, range)).toBe(range.end);
    expect(focusKeyTime('ArrowRight', null, range)).toBe(range.start);
    expect(focusKeyTime('Escape', null, range)).toBeNull();
    expect(focusKeyTime('ArrowRight', range.end - 10_000, range)).toBe(range.end);
    expect(focusKeyTime('PageDown', range.start + MIN, range)).toBe(range.start);
  });
});
