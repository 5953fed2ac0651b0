// Chart data rules (spec 2 §2 'Chart behaviour', §5 'Date-range dialog', §7 chart data calls, §9 constants): one
// definition for the date-range picker, the charts and the server's chart endpoints.
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export const MIN_RANGE_MINUTES = 60;
export const MAX_RANGE_DAYS = 365;
/** 15-minute and 1-hour averages only up to this span; the 1-day average only above one day. */
export const SHORT_AVERAGE_MAX_DAYS = 90;

export const AVERAGING_PERIODS_MINUTES = [15, 60, 1440] as const;

export const minimumRangeMessage = (minutes = MIN_RANGE_MINUTES) =>
  `Minimum time range is ${minutes} minutes(s), please select a larger time range`;
export const maximumRangeMessage = (days = MAX_RANGE_DAYS) =>
  `Maximum time range is ${days} day(s), please select a shorter time range`;
export const FUTURE_DATES_MESSAGE = 'All selected dates must be in the past, please select dates that are in the past';
export const END_BEFORE_START = 'The end of the time range must be after its start';
export const NO_DATA_TEXT = 'No data for the selected time period';

/** The range problem to show, or null; the end may be at most `now` (it is capped there by the picker). */
export function rangeProblem(
  start: number,
  end: number,
  now: number,
  limits: { minMinutes?: number; maxDays?: number } = {},
): string | null {
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return END_BEFORE_START;
  if (start > now) return FUTURE_DATES_MESSAGE;
  const minMinutes = limits.minMinutes ?? MIN_RANGE_MINUTES;
  const maxDays = limits.maxDays ?? MAX_RANGE_DAYS;
  if (end - start < minMinutes * MINUTE_MS) return minimumRangeMessage(minMinutes);
  // A year of days plus the day being lived in: 'the last 365 days' ending now spans 365 days and some hours.
  if (end - start > (maxDays + 1) * DAY_MS) return maximumRangeMessage(maxDays);
  return null;
}

export type ChartMode = 'Maximum' | 'Raw' | '15 Minutes' | '1 Hour' | '1 Day';
export const CHART_MODES: readonly ChartMode[] = ['Maximum', 'Raw', '15 Minutes', '1 Hour', '1 Day'];

/** Which modes a span allows (spec 2 §9). */
export function chartModeEnabled(mode: ChartMode, spanMs: number): boolean {
  if (mode === '15 Minutes' || mode === '1 Hour') return spanMs <= SHORT_AVERAGE_MAX_DAYS * DAY_MS;
  if (mode === '1 Day') return spanMs > DAY_MS;
  return true;
}

export const ARROW_STREAM_MIME = 'application/vnd.apache.arrow.stream';

/** The Maximum mode's sample period in minutes: about 4,000 maxima across the range (the worker's M4 does the rest). */
export const samplePeriodFor = (spanMs: number): number =>
  Math.max(1, Math.min(1440, Math.ceil(spanMs / MINUTE_MS / 4000)));
