import { describe, expect, it } from 'vitest';
import {
  ch4Density,
  draxlerSpread,
  pgSigmaY,
  pgSigmaZ,
  pressureAtElevation,
  solarElevationDeg,
  stabilityFromSigmaTheta,
  yamartinoDeg,
} from '../../server/services/modelling/physics';

describe('modelling physics', () => {
  it('CH4 density from elevation and temperature', () => {
    expect(pressureAtElevation(0)).toBeCloseTo(101325, 0);
    // Sea level 25 °C: DLQ's 0.656 kg/m³; 1.5 km: about 15 % lower.
    expect(ch4Density(0, 25)).toBeCloseTo(0.656, 2);
    const high = ch4Density(1500, 25);
    expect(high / ch4Density(0, 25)).toBeGreaterThan(0.82);
    expect(high / ch4Density(0, 25)).toBeLessThan(0.86);
    expect(ch4Density(0, Number.NaN)).toBeCloseTo(0.678, 2); // 15 °C when unknown
    expect(ch4Density(0, 15, 85_000)).toBeCloseTo((0.678 * 85_000) / 101_325, 2); // measured pressure wins
    expect(ch4Density(1500, 15, Number.NaN)).toBeCloseTo(ch4Density(1500, 15), 12);
  });

  it('ISC3 Pasquill–Gifford curves', () => {
    // Class D at 100 m: σz = 34.459 · 0.1^0.86974, σy = 465.11628 · 0.1 · tan(8.333° + 0.72382° · ln 10).
    expect(pgSigmaZ(3, 100)).toBeCloseTo(34.459 * Math.pow(0.1, 0.86974), 6);
    expect(pgSigmaY(3, 100)).toBeCloseTo(46.511628 * Math.tan(0.017453293 * (8.333 + 0.72382 * Math.log(10))), 6);
    // Class A beyond 0.1 km uses the next segment.
    expect(pgSigmaZ(0, 120)).toBeCloseTo(158.08 * Math.pow(0.12, 1.0542), 6);
    for (let c = 0; c < 5; c++) expect(pgSigmaY(c as 0, 50)).toBeGreaterThan(pgSigmaY((c + 1) as 0, 50));
  });

  it('Draxler spread grows linearly then slower', () => {
    expect(draxlerSpread(0.5, 10, 300)).toBeCloseTo((0.5 * 10) / (1 + 0.9 * Math.sqrt(10 / 300)), 10);
    expect(draxlerSpread(0.5, 1200, 300) / 1200).toBeLessThan(draxlerSpread(0.5, 10, 300) / 10);
  });

  it('Yamartino σθ handles the 0/360 wrap', () => {
    expect(yamartinoDeg([350, 10, 350, 10])).toBeCloseTo(yamartinoDeg([170, 190, 170, 190]), 10);
    expect(yamartinoDeg([90, 90, 90])).toBeCloseTo(0, 6);
    expect(yamartinoDeg([1, Number.NaN])).toBeNaN();
  });

  it('stability by σA with night adjustments', () => {
    expect(stabilityFromSigmaTheta(25, 3, true)).toBe(0);
    expect(stabilityFromSigmaTheta(10, 3, true)).toBe(3);
    expect(stabilityFromSigmaTheta(2, 3, true)).toBe(5);
    expect(stabilityFromSigmaTheta(25, 3, false)).toBe(3);
    expect(stabilityFromSigmaTheta(5, 2, false)).toBe(5);
    expect(stabilityFromSigmaTheta(5, 4, false)).toBe(3);
  });

  it('solar elevation: noon high in summer, midnight below the horizon', () => {
    // Fort Collins (40.6 N, 105.1 W): solar noon near 19:00 UTC.
    expect(solarElevationDeg(Date.UTC(2026, 5, 21, 19), 40.6, -105.1)).toBeGreaterThan(65);
    expect(solarElevationDeg(Date.UTC(2026, 5, 21, 7), 40.6, -105.1)).toBeLessThan(0);
  });
});
