// Chart axes (issue 25 'Chart polish'): value ticks on nice steps (1, 2, 2.5 or 5 × 10ⁿ), direction axes 0–360° with
// ticks at the compass points, and time labels in the user's time zone and 12/24-hour setting — the same date format
// as the rest of the app (formatDateTime) in the cursor legend.
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { ChartMode } from './chart-data';

const NICE_FRACTIONS = [1, 2, 2.5, 5, 10];

/** The smallest nice step that covers `span` in at most `count - 1` intervals. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = NICE_FRACTIONS.find((f) => f * power >= raw - 1e-12 * power) ?? 10;
  return fraction * power;
}

/** An axis over [min, max] widened to nice bounds, with its ticks (about `count`). */
export function niceTicks(
  min: number,
  max: number,
  count: number,
): { min: number; max: number; step: number; ticks: number[] } {
  if (!Number.isFinite(min) || !Number.isFinite(max))
    return { min: 0, max: 1, step: 0.25, ticks: [0, 0.25, 0.5, 0.75, 1] };
  if (min === max) {
    const pad = min === 0 ? 1 : Math.abs(min) * 0.1;
    return niceTicks(min - pad, max + pad, count);
  }
  const [lo, hi] = min < max ? [min, max] : [max, min];
  let step = niceStep(hi - lo, count);
  let start = Math.floor(lo / step) * step;
  let end = Math.ceil(hi / step) * step;
  // Widening to whole steps can need one interval more than asked; then take the next step up.
  if (Math.round((end - start) / step) > count - 1) {
    step = niceStep((end - start) * 1.0001, count);
    start = Math.floor(lo / step) * step;
    end = Math.ceil(hi / step) * step;
  }
  return { min: start, max: end, step, ticks: ticksWithin(start, end, step) };
}

/** The multiples of `step` inside [min, max] (a user-set y range keeps nice ticks inside it). */
export function ticksWithin(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let i = Math.ceil(min / step - 1e-9); i * step <= max + step * 1e-9; i++)
    ticks.push(roundToStep(i * step, step));
  return ticks;
}

const decimalsOf = (step: number) =>
  Math.max(
    0,
    Math.min(
      6,
      -Math.floor(Math.log10(step) + 1e-9) + (String(step / 10 ** Math.floor(Math.log10(step))).includes('.') ? 1 : 0),
    ),
  );
const roundToStep = (v: number, step: number) => Number(v.toFixed(decimalsOf(step)));

/** A tick's label with as many decimals as the step needs (2.5 → '2.5', 0.25 → '0.25', 20 → '20'). */
export function tickLabel(value: number, step: number): string {
  return roundToStep(value, step).toLocaleString('en-US', { maximumFractionDigits: decimalsOf(step) });
}

/** Direction axes (wind direction): the full circle with the compass points. */
export const DIRECTION_RANGE: readonly [number, number] = [0, 360];
export const DIRECTION_TICKS: readonly number[] = [0, 90, 180, 270, 360];
const COMPASS: Record<number, string> = { 0: 'N', 90: 'E', 180: 'S', 270: 'W', 360: 'N' };
export const directionTickLabel = (deg: number): string => `${deg}° ${COMPASS[deg] ?? ''}`.trim();

/**
 * A direction's modes: averages are circular means; 'Maximum' (the largest angle of a period) means nothing for an
 * angle, so it is never offered. The first of `preferred` the span allows is the default.
 */
export const DIRECTION_MODES: readonly ChartMode[] = ['Raw', '15 Minutes', '1 Hour', '1 Day'];
export const DIRECTION_PREFERRED_MODES: readonly ChartMode[] = ['15 Minutes', '1 Day', 'Raw'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A time axis tick in the user's zone and clock: times of day for ticks under a day apart (midnight shows the date),
 * dates for daily ticks, month and year for monthly ones.
 */
export function timeTickLabel(
  ms: number,
  incrementMs: number,
  timeZone: string,
  timeFormat: '12-hr' | '24-hr',
): string {
  const d = new TZDate(ms, timeZone);
  if (incrementMs >= 360 * DAY_MS) return format(d, 'yyyy');
  if (incrementMs >= 28 * DAY_MS) return format(d, d.getMonth() === 0 ? 'MMM yyyy' : 'MMM');
  if (incrementMs >= DAY_MS || (d.getHours() === 0 && d.getMinutes() === 0)) return format(d, 'MMM d');
  return format(d, timeFormat === '24-hr' ? 'HH:mm' : 'h:mm aaa');
}
