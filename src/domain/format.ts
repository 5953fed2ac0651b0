// Number and date formatting (spec 1 §9).
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';

export const DEFAULT_DATE_FORMAT = 'MMM d, yyyy, h:mm aaa';
export const DATE_FORMAT_24H = 'MMM d, yyyy, HH:mm';

/**
 * 1 decimal, 0 decimals at 10 or more; values that would round to zero show '< 0.1'. Small concentrations (below
 * 1) use 4 decimals when `smallConcentration` is set.
 */
export function formatNumber(
  value: number | null | undefined,
  opts: { smallConcentration?: boolean; unit?: string } = {},
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const decimals = opts.smallConcentration && Math.abs(value) < 1 ? 4 : Math.abs(value) >= 10 ? 0 : 1;
  const precision = 10 ** -decimals;
  let text: string;
  if (value !== 0 && Math.abs(value) < precision) text = `< ${precision.toFixed(decimals)}`;
  else text = value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return opts.unit ? `${text} ${opts.unit}` : text;
}

/** A time in the user's time zone and format; empty for a missing value. */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  timeZone: string,
  timeFormat: '12-hr' | '24-hr' = '12-hr',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return format(new TZDate(date, timeZone), timeFormat === '24-hr' ? DATE_FORMAT_24H : DEFAULT_DATE_FORMAT);
}

/** Number form fields (spec 1 §5): NaN becomes empty; the positive-integer variant treats values below 1 as empty. */
export function numberFieldValue(value: number, positiveInteger = false): number | null {
  if (Number.isNaN(value)) return null;
  if (positiveInteger && value < 1) return null;
  return positiveInteger ? Math.floor(value) : value;
}
