import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_CONFIGURATION } from '@/domain/units';
import {
  alarmLinkWindow,
  alarmTitle,
  alarmValueInDisplayUnit,
  canSendComment,
  decodeAlarmId,
  encodeAlarmId,
  ldarChange,
  ldarProblems,
  ldarResolves,
  REPAIR_TYPE_REQUIRED,
  sourceSummary,
  type LdarForm,
} from '@/domain/alarm';

const empty: LdarForm = {
  classification: null,
  rootCauseId: null,
  repairRequired: null,
  repairType: null,
  repairCompleted: null,
};

describe('alarm rules', () => {
  it('encodes alarm ids opaquely and refuses ids that were not encoded', () => {
    for (const id of [1, 2, 99, 123_456, 2_147_483_647]) expect(decodeAlarmId(encodeAlarmId(id))).toBe(id);
    expect(encodeAlarmId(1)).not.toContain('1'.repeat(2));
    const good = encodeAlarmId(42);
    const tampered = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    expect(decodeAlarmId(tampered)).toBeNull();
    expect(decodeAlarmId('')).toBeNull();
    expect(decodeAlarmId('../etc')).toBeNull();
    expect(decodeAlarmId('ZZZZZZZZZZZZ')).toBeNull();
  });

  it('titles alarms by gas, type and calculation', () => {
    expect(alarmTitle({ measurementTypeId: 1, alarmType: 0, calculationMethod: 1 })).toBe(
      'CH4 Measurement Alarm (Max)',
    );
    expect(alarmTitle({ measurementTypeId: 1, alarmType: 1, calculationMethod: 0 })).toBe('CH4 Emission Rate Alarm');
  });

  it('opens a link over the sliding window plus 30 minutes for a recent alarm and 60 for an older one', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const recent = alarmLinkWindow(
      { startTime: '2026-11-23T10:00:00Z', endTime: '2026-11-23T11:00:00Z', slidingWindowSizeInHours: 0.25 },
      now,
    );
    expect(recent).toEqual({ start: Date.UTC(2026, 10, 23, 9, 15), end: Date.UTC(2026, 10, 23, 11, 30) });
    const old = alarmLinkWindow(
      { startTime: '2026-11-01T10:00:00Z', endTime: '2026-11-01T11:00:00Z', slidingWindowSizeInHours: null },
      now,
    );
    expect(old).toEqual({ start: Date.UTC(2026, 10, 1, 8, 45), end: Date.UTC(2026, 10, 1, 12) });
    const ongoing = alarmLinkWindow(
      { startTime: '2026-11-23T11:50:00Z', endTime: null, slidingWindowSizeInHours: 1 },
      now,
    );
    expect(ongoing.end).toBe(now);
  });

  it('resolves an LDAR form when nothing was found, no repair is needed, or the repair is typed and completed', () => {
    expect(ldarResolves(empty)).toBe(false);
    expect(ldarResolves({ ...empty, classification: 'NothingFound' })).toBe(true);
    expect(ldarResolves({ ...empty, classification: 'Venting', repairRequired: false })).toBe(true);
    expect(ldarResolves({ ...empty, classification: 'Venting', repairRequired: true, repairType: 0 })).toBe(false);
    expect(
      ldarResolves({
        ...empty,
        classification: 'Venting',
        repairRequired: true,
        repairType: 0,
        repairCompleted: '2026-11-01T00:00:00Z',
      }),
    ).toBe(true);
    expect(
      ldarProblems({
        ...empty,
        classification: 'Venting',
        repairRequired: true,
        repairCompleted: '2026-11-01T00:00:00Z',
      }),
    ).toEqual({ repairType: REPAIR_TYPE_REQUIRED });
  });

  it('clears what depends on a changed field', () => {
    const full: LdarForm = {
      classification: 'Fugitive',
      rootCauseId: 3,
      repairRequired: true,
      repairType: 1,
      repairCompleted: '2026-11-01T00:00:00Z',
    };
    expect(ldarChange(full, 'classification', 'Venting')).toEqual({ ...empty, classification: 'Venting' });
    expect(ldarChange(full, 'repairRequired', false)).toEqual({
      ...full,
      repairRequired: false,
      repairType: null,
      repairCompleted: null,
    });
    expect(ldarChange(full, 'repairType', 0)).toEqual({ ...full, repairType: 0 });
  });

  it('summarises sources and refuses blank comments', () => {
    expect(sourceSummary(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({
      first: 'a',
      tooltip: ['b', 'c', 'd', 'e'],
      others: 2,
    });
    expect(sourceSummary([])).toEqual({ first: null, tooltip: [], others: 0 });
    expect(canSendComment(' \n ')).toBe(false);
    expect(canSendComment(' ok ')).toBe(true);
  });
});

describe('alarm values in display units', () => {
  it('shows emission rate alarms in the CH4 rate unit, volume alarms in the volume unit, gases in their unit', () => {
    const lbPerHour = { ...DEFAULT_UNIT_CONFIGURATION, ch4RateDisplayUnitId: 2, ch4VolumeDisplayUnitId: 12 };
    expect(alarmValueInDisplayUnit(10, { alarmType: 1, measurementTypeId: 1 }, lbPerHour)).toEqual({
      value: 22.04623,
      label: 'lb/h',
    });
    expect(alarmValueInDisplayUnit(1000, { alarmType: 2, measurementTypeId: 1 }, lbPerHour)).toEqual({
      value: 1,
      label: 't',
    });
    expect(alarmValueInDisplayUnit(5, { alarmType: 0, measurementTypeId: 1 }, lbPerHour)).toEqual({
      value: 5,
      label: 'ppm',
    });
  });
});
