// The wind's measurement ids are written once, beside the table that names them.
import { describe, expect, it } from 'vitest';
import {
  isWindType,
  measurementType,
  WIND_DIRECTION_TYPE,
  WIND_SPEED_TYPE,
  WIND_TYPES,
} from '@/domain/measurement-type';

describe('wind measurement types', () => {
  it('are the table’s WindDirection and WindSpeed', () => {
    expect(measurementType(WIND_DIRECTION_TYPE).key).toBe('WindDirection');
    expect(measurementType(WIND_SPEED_TYPE).key).toBe('WindSpeed');
    expect(WIND_TYPES).toEqual([WIND_DIRECTION_TYPE, WIND_SPEED_TYPE]);
  });

  it('tells a wind type from the others', () => {
    expect(isWindType(WIND_DIRECTION_TYPE)).toBe(true);
    expect(isWindType(WIND_SPEED_TYPE)).toBe(true);
    expect(isWindType(1)).toBe(false);
  });
});
