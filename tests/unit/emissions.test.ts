import { describe, expect, it } from 'vitest';
import {
  bucketsOf,
  canStepTrendForward,
  defaultPeriodsVisible,
  formatPercent,
  onSpecRatio,
  percentChange,
  periodsVisibleOptions,
  projectedEmissions,
  scatterRadius,
  siteEmissionStatus,
  stackGroups,
  stepTrendEnd,
  targetMonthsIn,
  trendWindow,
} from '@/domain/emission';
import {
  EMPTY_SITE_FILTER,
  migrateLegacySiteGroups,
  readStoredSiteFilter,
  siteFilterParams,
  siteFilterSchema,
} from '@/domain/site-filter';

const utc = (s: string) => Date.parse(s);
const iso = (t: number) => new Date(t).toISOString();

describe('site emission status', () => {
  it('follows the baseline ratio thresholds 1 and 2', () => {
    expect(siteEmissionStatus(0)).toBe('Below Baseline');
    expect(siteEmissionStatus(1)).toBe('Below Baseline');
    expect(siteEmissionStatus(1.0001)).toBe('Above Baseline');
    expect(siteEmissionStatus(1.999)).toBe('Above Baseline');
    expect(siteEmissionStatus(2)).toBe('Off-Spec');
    expect(siteEmissionStatus(null)).toBe('No Baseline');
    expect(siteEmissionStatus(Number.NaN)).toBe('No Baseline');
  });
  it('counts on-spec sites among those with a baseline', () => {
    expect(onSpecRatio([0.5, 1.5, 2.5, null])).toEqual({ onSpec: 2, withBaseline: 3, ratio: 2 / 3 });
    expect(onSpecRatio([null]).ratio).toBeNull();
  });
});

describe('trend periods', () => {
  const now = utc('2026-05-17T12:00:00Z');
  it('offers the periods-visible options per type, the first being the default', () => {
    expect(periodsVisibleOptions('Monthly').map((o) => o.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(periodsVisibleOptions('Quarterly').map((o) => o.id)).toEqual([4, 3, 2]);
    expect(periodsVisibleOptions('Daily')).toEqual([{ id: 31, label: '1 Month' }]);
    expect(defaultPeriodsVisible('Quarterly')).toBe(4);
  });
  it('shows whole months ending now in the current period', () => {
    expect(trendWindow('Monthly', 3, now, now, 'UTC')).toEqual({
      startTime: utc('2026-03-01T00:00:00Z'),
      endTime: now,
      endTimeIsInCurrentPeriod: true,
    });
  });
  it('shows whole periods when stepped back, in the time zone', () => {
    const back = stepTrendEnd('Quarterly', now, -1, now, 'America/Chicago');
    const w = trendWindow('Quarterly', 2, back, now, 'America/Chicago');
    // Q1 2026 in Chicago ends 2026-04-01 05:00Z (daylight time); two quarters start 2025-10-01 05:00Z.
    expect(iso(w.startTime)).toBe('2025-10-01T05:00:00.000Z');
    expect(iso(w.endTime)).toBe('2026-04-01T05:00:00.000Z');
    expect(w.endTimeIsInCurrentPeriod).toBe(false);
  });
  it('starts daily 30 days back, or at the start of the month when not current', () => {
    expect(iso(trendWindow('Daily', 31, now, now, 'UTC').startTime)).toBe('2026-04-17T00:00:00.000Z');
    const april = trendWindow('Daily', 31, stepTrendEnd('Daily', now, -1, now, 'UTC'), now, 'UTC');
    expect([iso(april.startTime), iso(april.endTime)]).toEqual([
      '2026-04-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
    ]);
  });
  it('cannot step past the current period', () => {
    expect(canStepTrendForward('Monthly', now, now, 'UTC')).toBe(false);
    expect(stepTrendEnd('Monthly', now, 1, now, 'UTC')).toBe(now);
    const back = stepTrendEnd('Monthly', now, -1, now, 'UTC');
    expect(iso(back)).toBe('2026-04-30T23:59:59.999Z');
    expect(canStepTrendForward('Monthly', back, now, 'UTC')).toBe(true);
    expect(stepTrendEnd('Monthly', back, 1, now, 'UTC')).toBe(now);
    expect(iso(stepTrendEnd('Monthly', back, -1, now, 'UTC'))).toBe('2026-03-30T23:59:59.999Z');
  });
  it('names buckets and cuts the last at the window end', () => {
    const b = bucketsOf('Monthly', utc('2026-03-01T00:00:00Z'), now, 'UTC');
    expect(b.map((x) => x.periodName)).toEqual(['Mar', 'Apr', 'May']);
    expect(b[2]!.end).toBe(now);
    expect(
      bucketsOf('Quarterly', utc('2025-10-01T00:00:00Z'), now, 'UTC').map((x) => `${x.periodName} ${x.year}`),
    ).toEqual(['Q4 2025', 'Q1 2026', 'Q2 2026']);
  });
  it('projects, changes and targets by hand-computed values', () => {
    // 10 kg in the first 10 of 31 days projects to 31 kg.
    expect(projectedEmissions(10, 0, 31 * 86_400_000, 10 * 86_400_000)).toBeCloseTo(31, 9);
    expect(projectedEmissions(10, 100, 200, 100)).toBeNull();
    expect(percentChange(20, 30)).toBe(50);
    expect(percentChange(0, 30)).toBeNull();
    expect(formatPercent(50)).toBe('+50%');
    expect(formatPercent(-4.25)).toBe('-4.3%');
    expect(formatPercent(10)).toBe('+10.0%');
    expect(targetMonthsIn('Quarterly', now, 'UTC')).toBe(3);
    expect(targetMonthsIn('Daily', utc('2026-02-10T00:00:00Z'), 'UTC')).toBeCloseTo(1 / 28, 12);
  });
});

describe('stacking', () => {
  const periods = [
    { periodName: 'Jan', year: 2026 },
    { periodName: 'Feb', year: 2026 },
  ];
  it("keeps the five largest groups and merges the rest into 'Other'", () => {
    const rows = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].flatMap((siteName, i) => [
      { periodName: 'Jan', year: 2026, siteName, totalEmissions: 10 - i },
      { periodName: 'Feb', year: 2026, siteName, totalEmissions: 1 },
    ]);
    const { groups, values } = stackGroups(rows, 'Site', periods);
    expect(groups).toEqual(['A', 'B', 'C', 'D', 'E', 'Other']);
    expect(values[5]).toEqual([5 + 4, 2]);
    expect(values[0]).toEqual([10, 1]);
  });
  it('orders alarm levels and names the blanks', () => {
    const rows = [
      { periodName: 'Jan', year: 2026, alarmLevel: 2, totalEmissions: 9 },
      { periodName: 'Jan', year: 2026, alarmLevel: null, totalEmissions: 1 },
      { periodName: 'Feb', year: 2026, alarmLevel: 0, totalEmissions: 3 },
    ];
    expect(stackGroups(rows, 'Alarm Level', periods).groups).toEqual(['Below HI', 'HI', 'Critical']);
    expect(
      stackGroups(
        [{ periodName: 'Jan', year: 2026, sourceCategoryName: null, totalEmissions: 1 }],
        'Source Category',
        periods,
      ).groups,
    ).toEqual(['Uncategorized']);
    expect(() => stackGroups(rows, 'Colour' as 'Site', periods)).toThrow('Unconfigured stack-by option value: Colour');
  });
});

describe('overview scatter radius', () => {
  it('scales from 8 to 50 px up to the max CH4 volume per day times the days', () => {
    expect(scatterRadius(0, 100, 30)).toBe(8);
    expect(scatterRadius(1500, 100, 30)).toBe(29);
    expect(scatterRadius(999_999, 100, 30)).toBe(50);
  });
});

describe('site filter', () => {
  it('parses repeated and single query values and drops what narrows nothing', () => {
    expect(siteFilterSchema.parse({ site: ['3', '4'], siteGroup: '7', includeDeletedSites: 'true' })).toEqual({
      ...EMPTY_SITE_FILTER,
      site: [3, 4],
      siteGroup: [7],
      includeDeletedSites: true,
    });
    expect(siteFilterParams({ ...EMPTY_SITE_FILTER, basin: [2] })).toEqual({ 'siteFilter.basin': [2] });
    expect(siteFilterSchema.safeParse({ site: ['x'] }).success).toBe(false);
  });
  it('reads stored filters defensively and migrates the legacy site groups once', () => {
    expect(readStoredSiteFilter('garbage')).toEqual(EMPTY_SITE_FILTER);
    expect(migrateLegacySiteGroups({ ...EMPTY_SITE_FILTER, siteGroup: [1] }, [1, '2', 'x'])).toEqual({
      ...EMPTY_SITE_FILTER,
      siteGroup: [1, 2],
    });
    expect(migrateLegacySiteGroups(EMPTY_SITE_FILTER, null)).toBe(EMPTY_SITE_FILTER);
  });
});
