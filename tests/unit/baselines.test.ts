import { describe, expect, it } from 'vitest';
import {
  addDays,
  BASELINE_MESSAGES,
  baselineInputProblems,
  baselineStatus,
  calculateBaseline,
  calculationDays,
  dayDifference,
  effectiveDateProblems,
  formatBaseline,
  isEpaRegulated,
  type BaselineInput,
} from '@/domain/site-baseline';

const base: BaselineInput = { organizationId: 1, siteId: 1, baselineType: 1, activities: [] };
const days = (n: number, volume: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => ({ day: addDays('2026-03-01', i), volume: volume(i) }));

describe('baseline rules', () => {
  it('accepts an average period of 30 to 92 days (day difference 29 to 91)', () => {
    expect(dayDifference('2026-03-01', '2026-03-30')).toBe(29);
    expect(baselineInputProblems({ ...base, baselineRange: ['2026-03-01', '2026-03-30'] })).toEqual({});
    expect(baselineInputProblems({ ...base, baselineRange: ['2026-03-01', '2026-03-29'] })).toEqual({
      baselineRange: [BASELINE_MESSAGES.periodLength],
    });
    expect(baselineInputProblems({ ...base, baselineRange: ['2026-01-01', '2026-04-02'] })).toEqual({});
    expect(baselineInputProblems({ ...base, baselineRange: ['2026-01-01', '2026-04-03'] })).toEqual({
      baselineRange: [BASELINE_MESSAGES.periodLength],
    });
  });
  it('orders effective dates', () => {
    expect(effectiveDateProblems(null, null)).toEqual({ effectiveFrom: [BASELINE_MESSAGES.effectiveFromRequired] });
    expect(effectiveDateProblems('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).toEqual({
      effectiveTo: [BASELINE_MESSAGES.effectiveOrder],
    });
    expect(effectiveDateProblems('2026-01-01T00:00:00Z', null)).toEqual({});
  });
  it('calculates by hand-computed values', () => {
    // 10 days of 48 kg (2 kg/h) with a 480 kg day excluded by an activity: 2 kg/h; thresholds 4 and 2.
    const input: BaselineInput = {
      ...base,
      baselineRange: ['2026-03-01', '2026-03-10'],
      activities: [{ dateRange: ['2026-03-05', '2026-03-05'], comment: 'Blowdown' }],
    };
    const c = calculateBaseline(
      input,
      days(10, (i) => (i === 4 ? 480 : 48)),
    );
    expect(c).toMatchObject({
      baseline: 2,
      sevenDayThreshold: 4,
      ninetyDayThreshold: 2,
      baselineIsMaxForSiteType: false,
    });
    expect(c.dailyVolumes[4]).toEqual({ startTime: '2026-03-05', includedVolume: 0, excludedVolume: 480, rate: 20 });
    expect(calculateBaseline({ ...base, baselineType: 0, yearlyEmissionInventory: 17_520 }, []).baseline).toBe(2);
    const epa: BaselineInput = {
      ...base,
      baselineType: 2,
      baselineStartDate: '2026-03-01',
      inspectionDate: '2026-03-02',
      epaSiteType: 'Small Well Site',
    };
    expect(calculationDays(epa)).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(
      calculateBaseline(
        epa,
        days(30, () => 72),
      ),
    ).toMatchObject({ baseline: 2, baselineIsMaxForSiteType: true });
    expect(
      calculateBaseline(
        epa,
        days(30, () => 24),
      ),
    ).toMatchObject({ baseline: 1, baselineIsMaxForSiteType: false });
  });
  it('derives the status and formats with 2 decimals', () => {
    expect(baselineStatus({ effectiveTo: null, deletedAt: null })).toBe('Active');
    expect(baselineStatus({ effectiveTo: '2026-01-01', deletedAt: null })).toBe('Ended');
    expect(baselineStatus({ effectiveTo: null, deletedAt: '2026-01-01' })).toBe('Deleted');
    expect(formatBaseline(1.23456)).toBe('1.23');
    expect(isEpaRegulated('EPA OOOOb')).toBe(true);
    expect(isEpaRegulated('AER Directive 060')).toBe(false);
  });
});
