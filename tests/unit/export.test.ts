import { describe, expect, it } from 'vitest';
import {
  deviceDataProblems,
  EXPORT_MESSAGES,
  rollingMeans,
  samplePeriodOptions,
  volumePeriods,
  zonedIso,
} from '@/domain/export';

const H = 3_600_000;

describe('export rules', () => {
  it('limits averages of gases to 15 minutes, 1 hour and 1 day', () => {
    expect(samplePeriodOptions(1, 'CH4').map((p) => p.minutes)).toEqual([15, 60, 1440]);
    expect(samplePeriodOptions(2, 'CH4').map((p) => p.minutes)).toEqual([1, 5, 15, 60, 1440]);
    expect(samplePeriodOptions(1, 'Wind').map((p) => p.minutes)).toEqual([1, 5, 15, 60, 1440]);
  });
  it('checks device data requests with the spec messages', () => {
    const q = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-01T01:00:00Z' };
    expect(
      deviceDataProblems({ ...q, deviceDataType: 'CH4', samplePeriodMinutes: 60, samplingMethod: 2 }, false),
    ).toEqual({ dateRange: EXPORT_MESSAGES.rangeVsSample });
    expect(
      deviceDataProblems({ ...q, deviceDataType: 'CH4', samplePeriodMinutes: 15, samplingMethod: 2 }, false),
    ).toEqual({});
    expect(
      deviceDataProblems({ ...q, deviceDataType: 'Wind', samplePeriodMinutes: 15, samplingMethod: 2 }, false),
    ).toEqual({ samplingMethod: EXPORT_MESSAGES.windAverageOnly });
    expect(deviceDataProblems({ ...q, deviceDataType: 'CH4', raw: true }, false)).toEqual({
      raw: EXPORT_MESSAGES.rawPermission,
    });
    expect(
      deviceDataProblems(
        { startTime: q.startTime, endTime: '2026-01-01T00:00:30Z', deviceDataType: 'CH4', raw: true },
        true,
      ),
    ).toEqual({ dateRange: EXPORT_MESSAGES.minimumRange });
    expect(deviceDataProblems({ ...q, deviceDataType: null }, true)).toEqual({
      deviceDataType: EXPORT_MESSAGES.deviceDataTypeRequired,
      samplingMethod: EXPORT_MESSAGES.samplingMethodRequired,
      samplePeriod: EXPORT_MESSAGES.samplePeriodRequired,
    });
  });
  it('cuts volume periods in the time zone, including across a DST change', () => {
    const start = Date.parse('2026-03-07T06:00:00Z');
    const end = Date.parse('2026-03-10T05:00:00Z');
    const days = volumePeriods('Daily', start, end, 'America/Chicago');
    expect(days.map((d) => zonedIso(d.start, 'America/Chicago'))).toEqual([
      '2026-03-07T00:00:00-06:00',
      '2026-03-08T00:00:00-06:00',
      '2026-03-09T00:00:00-05:00',
    ]);
    // March 8 has 23 hours in Chicago.
    expect((days[1]!.end - days[1]!.start) / H).toBe(23);
    expect(volumePeriods('Total', start, end, 'UTC')).toEqual([{ start, end }]);
    expect(volumePeriods('Hourly', start, start + 3 * H, 'UTC')).toHaveLength(3);
    expect(
      volumePeriods('Yearly', Date.parse('2025-06-01T00:00:00Z'), Date.parse('2026-02-01T00:00:00Z'), 'UTC'),
    ).toHaveLength(2);
  });
  it('computes rolling means after the lookback', () => {
    expect(rollingMeans([1, 2, 3, 4, 5], 2, 2)).toEqual([2.5, 3.5, 4.5]);
    expect(rollingMeans([4, 0, 0], 24, 0)).toEqual([4, 2, 4 / 3]);
  });
});
