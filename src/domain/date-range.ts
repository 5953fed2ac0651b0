// The shared date-range picker's rules (spec 2 §2 'Date-range picker', §5 'Date-range dialog', §9): quick ranges in
// the user's time zone, step and zoom, the history of the last five, URL parameters, and the end capped at now.
import { TZDate } from '@date-fns/tz';
import { addMonths, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { DAY_MS, FUTURE_DATES_MESSAGE, MAX_RANGE_DAYS, MIN_RANGE_MINUTES, MINUTE_MS, rangeProblem } from './chart-data';

export interface TimeRange {
  start: number;
  end: number;
}

export const QUICK_RANGES = [
  'Last 12 hours',
  'Last 24 hours',
  'Last 7 days',
  'Last 15 days',
  'Last 30 days',
  'Last 90 days',
  'Today',
  'This week',
  'This month',
  'Previous month',
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export const HISTORY_SIZE = 5;
export const RANGE_DEBOUNCE_MS = 500;
export const DEFAULT_DASHBOARD_DAYS = 30;

const HOUR_MS = 3_600_000;

/** A quick range ending now; calendar ranges start at the user's local midnight (weeks on Monday). */
export function quickRange(range: QuickRange, now: number, timeZone: string): TimeRange {
  const local = new TZDate(now, timeZone);
  const back = (ms: number) => ({ start: now - ms, end: now });
  switch (range) {
    case 'Last 12 hours':
      return back(12 * HOUR_MS);
    case 'Last 24 hours':
      return back(24 * HOUR_MS);
    case 'Last 7 days':
      return back(7 * DAY_MS);
    case 'Last 15 days':
      return back(15 * DAY_MS);
    case 'Last 30 days':
      return back(30 * DAY_MS);
    case 'Last 90 days':
      return back(90 * DAY_MS);
    case 'Today':
      return { start: startOfDay(local).getTime(), end: now };
    case 'This week':
      return { start: startOfWeek(local, { weekStartsOn: 1 }).getTime(), end: now };
    case 'This month':
      return { start: startOfMonth(local).getTime(), end: now };
    case 'Previous month': {
      const thisMonth = startOfMonth(local);
      return { start: addMonths(thisMonth, -1).getTime(), end: thisMonth.getTime() };
    }
  }
}

/** Today's range is shorter than the minimum just after midnight: it then reaches back to the minimum. */
export function atLeastMinimum(r: TimeRange, minMinutes = MIN_RANGE_MINUTES): TimeRange {
  return r.end - r.start >= minMinutes * MINUTE_MS ? r : { start: r.end - minMinutes * MINUTE_MS, end: r.end };
}

/** One span back or forward; forward stops at now. */
export function stepRange(r: TimeRange, direction: -1 | 1, now: number): TimeRange {
  const span = r.end - r.start;
  if (direction === -1) return { start: r.start - span, end: r.end - span };
  const end = Math.min(now, r.end + span);
  return { start: end - span, end };
}

export const canStepForward = (r: TimeRange, now: number) => r.end < now - MINUTE_MS;
export const canZoomIn = (r: TimeRange) => r.end - r.start > MIN_RANGE_MINUTES * MINUTE_MS;
export const canZoomOut = (r: TimeRange, maxDays = MAX_RANGE_DAYS) => r.end - r.start < maxDays * DAY_MS;

/** Half the span (never below the minimum) or twice it (never above the maximum, never past now), about the middle. */
export function zoomRange(r: TimeRange, direction: 'in' | 'out', now: number, maxDays = MAX_RANGE_DAYS): TimeRange {
  const span = r.end - r.start;
  const middle = r.start + span / 2;
  const next =
    direction === 'in' ? Math.max(MIN_RANGE_MINUTES * MINUTE_MS, span / 2) : Math.min(maxDays * DAY_MS, span * 2);
  let end = middle + next / 2;
  if (end > now) end = now;
  return { start: Math.round(end - next), end: Math.round(end) };
}

/** The newest range first, without repeats, at most five. */
export function pushHistory(history: readonly TimeRange[], r: TimeRange): TimeRange[] {
  return [r, ...history.filter((h) => h.start !== r.start || h.end !== r.end)].slice(0, HISTORY_SIZE);
}

/** The range a dialog confirms: both ends given, the end capped at now, then the spec's checks. */
export function confirmRange(
  start: number | null,
  end: number | null,
  now: number,
  limits?: { minMinutes?: number; maxDays?: number },
): { range: TimeRange } | { problem: string } {
  if (start === null || end === null) return { problem: 'Both from and to are needed' };
  if (start > now) return { problem: FUTURE_DATES_MESSAGE };
  const capped = Math.min(end, now);
  const problem = rangeProblem(start, capped, now, limits);
  return problem ? { problem } : { range: { start, end: capped } };
}

/** `start` and `end` query parameters (ISO) to a range, or null when missing or unreadable. */
export function rangeFromParams(start: string | null, end: string | null): TimeRange | null {
  if (!start || !end) return null;
  const s = Date.parse(start);
  const e = Date.parse(end);
  return Number.isFinite(s) && Number.isFinite(e) && e > s ? { start: s, end: e } : null;
}

export const rangeToParams = (r: TimeRange) => ({
  start: new Date(r.start).toISOString(),
  end: new Date(r.end).toISOString(),
});
