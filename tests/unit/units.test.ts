import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNIT_CONFIGURATION,
  fromDisplayUnit,
  inDisplayUnit,
  toDisplayUnit,
  unitConfigurationSchema,
  unitLabelsFor,
  UNITS,
} from '@/domain/units';

describe('display units (spec 2 §2, §3)', () => {
  it('converts by the published factors', () => {
    expect(toDisplayUnit(0, 52)).toBe(32);
    expect(toDisplayUnit(100, 52)).toBeCloseTo(212, 10);
    expect(toDisplayUnit(-40, 52)).toBeCloseTo(-40, 10);
    expect(toDisplayUnit(0, 53)).toBe(273.15);
    expect(toDisplayUnit(36, 42)).toBeCloseTo(10, 10);
    expect(toDisplayUnit(1.609344, 43)).toBeCloseTo(1, 6);
    expect(toDisplayUnit(101.325, 33)).toBeCloseTo(14.696, 3);
    expect(toDisplayUnit(1, 22)).toBe(1000);
    expect(toDisplayUnit(1, 5)).toBeCloseTo(8.76, 10);
    // 1 kg of methane is about 52 standard cubic feet and 1.47 m³.
    expect(toDisplayUnit(1, 3)).toBeCloseTo(52.0, 0);
    expect(toDisplayUnit(1, 15)).toBeCloseTo(1.474, 3);
  });

  it('round-trips every unit', () => {
    for (const u of UNITS) expect(fromDisplayUnit(toDisplayUnit(12.34, u.id), u.id)).toBeCloseTo(12.34, 9);
    expect(() => toDisplayUnit(1, 999)).toThrow('Unit 999 is not configured');
  });

  it('accepts only a unit of the right group for each of the six choices', () => {
    expect(unitConfigurationSchema.safeParse(DEFAULT_UNIT_CONFIGURATION).success).toBe(true);
    const wrong = unitConfigurationSchema.safeParse({ ...DEFAULT_UNIT_CONFIGURATION, speedDisplayUnitId: 52 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['speedDisplayUnitId', 'Choose one of the units offered'],
    ]);
    const missing = unitConfigurationSchema.safeParse({
      ...DEFAULT_UNIT_CONFIGURATION,
      pressureDisplayUnitId: undefined,
    });
    expect(missing.error?.issues[0]?.message).toBe('Pressure unit is required');
  });

  it('labels every gas and quantity from the six choices', () => {
    const labels = unitLabelsFor({
      ...DEFAULT_UNIT_CONFIGURATION,
      concentrationDisplayUnitId: 22,
      ch4RateDisplayUnitId: 3,
      speedDisplayUnitId: 43,
    });
    expect(labels.no2Concentration).toBe('ppb');
    expect(labels.ch4Rate).toBe('scf/h');
    expect(labels.coRate).toBe('kg/h');
    expect(labels.speed).toBe('mph');
    expect(inDisplayUnit(20, 'temperature', { ...DEFAULT_UNIT_CONFIGURATION, temperatureDisplayUnitId: 52 })).toEqual({
      value: 68,
      label: '°F',
    });
  });
});
