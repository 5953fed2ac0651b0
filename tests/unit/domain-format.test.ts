import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLatLng, INVALID_COORDINATES, parseLatLng, roundForStorage } from '@/domain/coordinates';
import { AlarmLevel, AlarmType, DeviceInstallationType, onlineStatus } from '@/domain/enums';
import { formatDateTime, formatNumber, numberFieldValue } from '@/domain/format';
import { measurementType, MEASUREMENT_TYPES } from '@/domain/measurement-type';

describe('numbers', () => {
  it('uses 1 decimal, 0 at 10 or more, and shows tiny values as below the precision', () => {
    expect(formatNumber(3.14159)).toBe('3.1');
    expect(formatNumber(12.6)).toBe('13');
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(0.04)).toBe('< 0.1');
    expect(formatNumber(0)).toBe('0.0');
    expect(formatNumber(0.01234, { smallConcentration: true, unit: 'ppm' })).toBe('0.0123 ppm');
    expect(formatNumber(0.00001, { smallConcentration: true })).toBe('< 0.0001');
    expect(formatNumber(Number.NaN)).toBe('');
  });
  it('empties NaN and, for positive integers, values below 1', () => {
    expect(numberFieldValue(Number.NaN)).toBeNull();
    expect(numberFieldValue(0, true)).toBeNull();
    expect(numberFieldValue(3.7, true)).toBe(3);
    expect(numberFieldValue(-2)).toBe(-2);
  });
});

describe('dates', () => {
  it("formats in the user's time zone with the default format", () => {
    const t = Date.UTC(2026, 2, 5, 18, 7);
    expect(formatDateTime(t, 'America/Edmonton')).toBe('Mar 5, 2026, 11:07 am');
    expect(formatDateTime(t, 'UTC', '24-hr')).toBe('Mar 5, 2026, 18:07');
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});

describe('coordinates', () => {
  it('accepts latitude within 85 and longitude within 180 only', () => {
    expect(parseLatLng('51.05, -114.05')).toEqual({ lat: 51.05, lng: -114.05 });
    expect(parseLatLng('85,180')).toEqual({ lat: 85, lng: 180 });
    expect(parseLatLng('85.1,0')).toBeNull();
    expect(parseLatLng('0,-180.5')).toBeNull();
    expect(parseLatLng('abc,1')).toBeNull();
    expect(parseLatLng('1,2,3')).toBeNull();
    expect(parseLatLng('Infinity,1')).toBeNull();
    expect(INVALID_COORDINATES).toBe('Please enter valid latitude and longitude coordinates.');
  });
  it('stores 6 decimals and shows 5, for any valid point', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          const stored = roundForStorage({ lat, lng });
          expect(Math.abs(stored.lat - lat)).toBeLessThanOrEqual(5e-7 + 1e-12);
          expect(Math.abs(stored.lng - lng)).toBeLessThanOrEqual(5e-7 + 1e-12);
          const shown = formatLatLng(stored);
          expect(shown).toMatch(/^-?\d+\.\d{5},-?\d+\.\d{5}$/);
          expect(parseLatLng(shown)).not.toBeNull();
        },
      ),
    );
  });
});

describe('enumerations', () => {
  it('labels values and names unconfigured ones', () => {
    expect(AlarmLevel.label(1)).toBe('HI-HI');
    expect(AlarmType.label(2)).toBe('Emission Volume');
    expect(DeviceInstallationType.label(2)).toBe('Wind Quarantined');
    expect(() => AlarmLevel.label(7)).toThrow('Unconfigured AlarmLevel value: 7');
    expect(onlineStatus(null)).toBe('Unknown');
    expect(onlineStatus(false)).toBe('Offline');
  });
  it('numbers measurement types as the device charts do', () => {
    expect(measurementType(1).key).toBe('CH4');
    expect(measurementType(28).key).toBe('NH3');
    expect(measurementType(16).key).toBe('WindSpeed');
    expect(new Set(MEASUREMENT_TYPES.map((t) => t.id)).size).toBe(MEASUREMENT_TYPES.length);
    expect(() => measurementType(48)).toThrow('Unconfigured MeasurementType value: 48');
  });
});
