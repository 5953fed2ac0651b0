// Emission analytics rules (spec 3 §3, §4, §9): site emission status by the baseline ratio, trend periods in the
// user's time zone, stepping that cannot pass the current period, projection, percent change, and 'Other' groups.
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addQuarters, format, startOfDay, startOfMonth, startOfQuarter } from 'date-fns';

export const EMISSIONS_DEBOUNCE_MS = 500;
/** The modelling pipeline's step: each site-rate value stands for 15 minutes. */
export const SITE_RATE_STEP_MS = 15 * 60_000;
export const EVENT_LOG_TOP = 100;
export const MAX_NAMED_GROUPS = 5;
export const OTHER_GROUP = 'Other';
export const UNCATEGORIZED = 'Uncategorized';
export const CHART_MIN_Y_MAX = 5;
export const RATE_AXIS_MIN_MAX = 1;
export const FUTURE_TOOLTIP = 'Cannot move into the future';
export const NO_EMISSIONS = 'No emissions for the selected time period';
export const NO_ALARMS = 'No alarms for the selected time period';
export const NO_ACTIVE_BASELINE = 'No Active Baseline Set';

// ---- Site emission status (spec 3 §4, §9 'Baseline thresholds: 1 and 2') ----

export const SITE_EMISSION_STATUSES = ['Below Baseline', 'Above Baseline', 'Off-Spec', 'No Baseline'] as const;
export type SiteEmissionStatus = (typeof SITE_EMISSION_STATUSES)[number];
export const BASELINE_RATIO_ABOVE = 1;
export const BASELINE_RATIO_OFF_SPEC = 2;

export function siteEmissionStatus(emissionRatio: number | null | undefined): SiteEmissionStatus {
  if (emissionRatio === null || emissionRatio === undefined || !Number.isFinite(emissionRatio)) return 'No Baseline';
  if (emissionRatio <= BASELINE_RATIO_ABOVE) return 'Below Baseline';
  if (emissionRatio < BASELINE_RATIO_OFF_SPEC) return 'Above Baseline';
  return 'Off-Spec';
}

export const isOnSpec = (status: SiteEmissionStatus) => status === 'Below Baseline' || status === 'Above Baseline';

/** On-spec sites over the sites that have a baseline; null when none has one. */
export function onSpecRatio(ratios: readonly (number | null)[]): {
  onSpec: number;
  withBaseline: number;
  ratio: number | null;
} {
  const statuses = ratios.map(siteEmissionStatus).filter((s) => s !== 'No Baseline');
  const onSpec = statuses.filter(isOnSpec).length;
  return { onSpec, withBaseline: statuses.length, ratio: statuses.length === 0 ? null : onSpec / statuses.length };
}

// ---- Trend periods (spec 3 §4 'Trend chart', §9 'Trends and analytics') ----

export const BUCKET_INTERVALS = ['Monthly', 'Quarterly', 'Daily'] as const;
export type BucketInterval = (typeof BUCKET_INTERVALS)[number];
export const DEFAULT_BUCKET: BucketInterval = 'Monthly';

export interface PeriodsVisibleOption {
  id: number;
  label: string;
}

/** Monthly 12 down to 3 months, Quarterly 4 down to 2 quarters, Daily the one '1 Month' option (id 31). */
export function periodsVisibleOptions(bucket: BucketInterval): PeriodsVisibleOption[] {
  switch (bucket) {
    case 'Monthly':
      return Array.from({ length: 10 }, (_, i) => ({ id: 12 - i, label: `${12 - i} Months` }));
    case 'Quarterly':
      return Array.from({ length: 3 }, (_, i) => ({ id: 4 - i, label: `${4 - i} Quarters` }));
    case 'Daily':
      return [{ id: 31, label: '1 Month' }];
    default:
      throw new Error(`Unconfigured bucket interval value: ${String(bucket)}`);
  }
}

/** Changing the period type resets periods visible to its first option. */
export const defaultPeriodsVisible = (bucket: BucketInterval) => periodsVisibleOptions(bucket)[0]!.id;

const periodStart = (bucket: BucketInterval, t: TZDate) =>
  bucket === 'Quarterly' ? startOfQuarter(t) : bucket === 'Daily' ? startOfDay(t) : startOfMonth(t);
const addPeriods = (bucket: BucketInterval, t: TZDate, n: number) =>
  bucket === 'Quarterly' ? addQuarters(t, n) : bucket === 'Daily' ? addDays(t, n) : addMonths(t, n);
/** The step of the back and forward buttons: a quarter for Quarterly, otherwise a month (Daily shows one month). */
const stepPeriod = (bucket: BucketInterval, t: TZDate, n: number) =>
  bucket === 'Quarterly' ? addQuarters(t, n) : addMonths(t, n);
const stepStart = (bucket: BucketInterval, t: TZDate) => (bucket === 'Quarterly' ? startOfQuarter(t) : startOfMonth(t));

/** Whether `endTime` lies in the period (month, or quarter) that holds now. */
export function isInCurrentPeriod(bucket: BucketInterval, endTime: number, now: number, timeZone: string): boolean {
  return (
    stepStart(bucket, new TZDate(endTime, timeZone)).getTime() >= stepStart(bucket, new TZDate(now, timeZone)).getTime()
  );
}

export interface TrendWindow {
  startTime: number;
  endTime: number;
  endTimeIsInCurrentPeriod: boolean;
}

/**
 * The chart's window for an end time: `periodsVisible` whole periods ending with the one holding the end time, and
 * ending now while that is the current period. Daily starts 30 days back, or at the start of the month when the end
 * is not in the current period (spec 3 §9).
 */
export function trendWindow(
  bucket: BucketInterval,
  periodsVisible: number,
  endTime: number,
  now: number,
  timeZone: string,
): TrendWindow {
  const current = isInCurrentPeriod(bucket, endTime, now, timeZone);
  const end = new TZDate(current ? now : endTime, timeZone);
  if (bucket === 'Daily') {
    if (current)
      return { startTime: startOfDay(addDays(end, -30)).getTime(), endTime: now, endTimeIsInCurrentPeriod: true };
    const month = startOfMonth(end);
    return { startTime: month.getTime(), endTime: addMonths(month, 1).getTime(), endTimeIsInCurrentPeriod: false };
  }
  const last = periodStart(bucket, end);
  return {
    startTime: addPeriods(bucket, last, -(periodsVisible - 1)).getTime(),
    endTime: current ? now : addPeriods(bucket, last, 1).getTime(),
    endTimeIsInCurrentPeriod: current,
  };
}

/** Moves the end time one period; it may not pass the current period, where it becomes now (spec 3 §4). */
export function stepTrendEnd(
  bucket: BucketInterval,
  endTime: number,
  direction: -1 | 1,
  now: number,
  timeZone: string,
): number {
  const end = new TZDate(endTime, timeZone);
  // Back from the current period lands on the last instant of the previous one, not part-way into it.
  const moved =
    direction === -1 && isInCurrentPeriod(bucket, endTime, now, timeZone)
      ? stepStart(bucket, new TZDate(now, timeZone)).getTime() - 1
      : stepPeriod(bucket, end, direction).getTime();
  return isInCurrentPeriod(bucket, moved, now, timeZone) ? now : moved;
}

export const canStepTrendForward = (bucket: BucketInterval, endTime: number, now: number, timeZone: string) =>
  !isInCurrentPeriod(bucket, endTime, now, timeZone);

export interface Bucket {
  start: number;
  end: number;
  periodName: string;
  year: number;
}

/** The periods of a window in the time zone; the last one ends at the window's end (now, in the current period). */
export function bucketsOf(bucket: BucketInterval, startTime: number, endTime: number, timeZone: string): Bucket[] {
  const out: Bucket[] = [];
  let t = periodStart(bucket, new TZDate(startTime, timeZone));
  for (let guard = 0; t.getTime() < endTime && guard < 400; guard++) {
    const next = addPeriods(bucket, t, 1);
    out.push({
      start: t.getTime(),
      end: Math.min(next.getTime(), endTime),
      periodName: periodName(bucket, t),
      year: t.getFullYear(),
    });
    t = next;
  }
  return out;
}

function periodName(bucket: BucketInterval, t: TZDate): string {
  if (bucket === 'Quarterly') return `Q${Math.floor(t.getMonth() / 3) + 1}`;
  if (bucket === 'Daily') return format(t, 'MMM d');
  return format(t, 'MMM');
}

/** Full length of the period that starts at `start` (for projecting a period still under way). */
export function fullPeriodEnd(bucket: BucketInterval, start: number, timeZone: string): number {
  return addPeriods(bucket, new TZDate(start, timeZone), 1).getTime();
}

/** A period under way projected to its full length at the rate so far; none before any time has passed. */
export function projectedEmissions(total: number, start: number, fullEnd: number, now: number): number | null {
  const elapsed = Math.min(now, fullEnd) - start;
  if (elapsed <= 0) return null;
  return (total * (fullEnd - start)) / elapsed;
}

/** Months of target a period carries: 1 a month, 3 a quarter, a day its share of its month. */
export function targetMonthsIn(bucket: BucketInterval, start: number, timeZone: string): number {
  if (bucket === 'Monthly') return 1;
  if (bucket === 'Quarterly') return 3;
  const t = new TZDate(start, timeZone);
  const month = startOfMonth(t);
  return 1 / Math.round((addMonths(month, 1).getTime() - month.getTime()) / 86_400_000);
}

/** Percent change from the first value; shown only when the first is above zero (spec 3 §9). */
export function percentChange(first: number | null | undefined, second: number | null | undefined): number | null {
  if (first === null || first === undefined || second === null || second === undefined || !(first > 0)) return null;
  return ((second - first) / first) * 100;
}

/** Percentages over 10 are rounded; smaller ones keep one decimal. */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  const shown = Math.abs(value) > 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${value > 0 ? '+' : ''}${shown}%`;
}

// ---- Stacking (spec 3 §2 'Stack-by options', §9 'At most 5 named groups') ----

export const STACK_BY = ['None', 'Site', 'Source Category', 'Alarm Level'] as const;
export type StackBy = (typeof STACK_BY)[number];

export interface GroupedEmission {
  periodName: string;
  year: number;
  totalEmissions: number;
  alarmLevel?: number | null;
  siteName?: string | null;
  sourceCategoryName?: string | null;
}

export const ALARM_LEVEL_NAMES: Record<number, string> = { 0: 'HI', 1: 'HI-HI', 2: 'Critical' };
export const NO_ALARM_LEVEL = 'Below HI';

export function groupName(row: GroupedEmission, stackBy: StackBy): string {
  switch (stackBy) {
    case 'None':
      return 'Total';
    case 'Site':
      return row.siteName || 'Unknown';
    case 'Source Category':
      return row.sourceCategoryName || UNCATEGORIZED;
    case 'Alarm Level':
      return row.alarmLevel === null || row.alarmLevel === undefined
        ? NO_ALARM_LEVEL
        : (ALARM_LEVEL_NAMES[row.alarmLevel] ?? NO_ALARM_LEVEL);
    default:
      throw new Error(`Unconfigured stack-by option value: ${String(stackBy)}`);
  }
}

/**
 * Stacks per period: the five largest groups over the whole window keep their names, the rest merge into 'Other'.
 * Alarm levels keep their own order (none, HI, HI-HI, Critical).
 */
export function stackGroups(
  rows: readonly GroupedEmission[],
  stackBy: StackBy,
  periods: readonly { periodName: string; year: number }[],
): { groups: string[]; values: number[][] } {
  const totals = new Map<string, number>();
  for (const row of rows)
    totals.set(groupName(row, stackBy), (totals.get(groupName(row, stackBy)) ?? 0) + row.totalEmissions);
  let named = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  if (stackBy === 'Alarm Level') {
    const order = [NO_ALARM_LEVEL, ...Object.values(ALARM_LEVEL_NAMES)];
    named = named.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  const keep = named.length > MAX_NAMED_GROUPS ? named.slice(0, MAX_NAMED_GROUPS) : named;
  const groups = named.length > MAX_NAMED_GROUPS ? [...keep, OTHER_GROUP] : keep;
  const index = new Map(groups.map((g, i) => [g, i]));
  const periodIndex = new Map(periods.map((p, i) => [`${p.year}|${p.periodName}`, i]));
  const values = groups.map(() => periods.map(() => 0));
  for (const row of rows) {
    const p = periodIndex.get(`${row.year}|${row.periodName}`);
    if (p === undefined) continue;
    const g = index.get(groupName(row, stackBy)) ?? index.get(OTHER_GROUP)!;
    values[g]![p]! += row.totalEmissions;
  }
  return { groups, values };
}

// ---- Overview (spec 3 §2, §9) ----

export const OVERVIEW_RANGES = ['last24Hours', 'last7Days', 'last15Days', 'last30Days', 'last90Days'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
export const DEFAULT_OVERVIEW_RANGE: OverviewRange = 'last30Days';
export const OVERVIEW_RANGE_LABELS: Record<OverviewRange, string> = {
  last24Hours: 'Last 24 Hours',
  last7Days: 'Last 7 Days',
  last15Days: 'Last 15 Days',
  last30Days: 'Last 30 Days',
  last90Days: 'Last 90 Days',
};
export const OVERVIEW_RANGE_DAYS: Record<OverviewRange, number> = {
  last24Hours: 1,
  last7Days: 7,
  last15Days: 15,
  last30Days: 30,
  last90Days: 90,
};
export const OVERVIEW_MONTHS = 3;

export const SCATTER_MIN_RADIUS = 8;
export const SCATTER_MAX_RADIUS = 50;
/** Fallback when the user has set no max CH4 volume per day (kg). */
export const DEFAULT_MAX_CH4_VOLUME_PER_DAY = 100;

/** Scatter radius: 8 to 50 px over a domain up to the user's max CH4 volume per day times the days shown. */
export function scatterRadius(volume: number, maxVolumePerDay: number | null, days: number): number {
  const domainMax = Math.max(1e-9, (maxVolumePerDay ?? DEFAULT_MAX_CH4_VOLUME_PER_DAY) * days);
  const share = Math.min(1, Math.max(0, volume / domainMax));
  return SCATTER_MIN_RADIUS + share * (SCATTER_MAX_RADIUS - SCATTER_MIN_RADIUS);
}
