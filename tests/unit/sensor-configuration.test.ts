import { describe, expect, it } from 'vitest';
import {
  coefficientsProblem,
  matchesSensorFilter,
  normalizeCoefficients,
  parseCoefficients,
  readRmxArgument,
  rmxArgument,
  rmxBlocked,
  sensorConfigurationFormSchema,
  SENSOR_CONFIGURATION_MESSAGES as M,
  serialProblem,
} from '@/domain/sensor-configuration';

describe('sensor configuration rules', () => {
  it('needs an 8-digit serial number', () => {
    expect(serialProblem('')).toBe(M.serialRequired);
    expect(serialProblem('1234567')).toBe('Must be 8 digits long');
    expect(serialProblem('123456789')).toBe('Must be 8 digits long');
    expect(serialProblem('1234567a')).toBe('Must be 8 digits long');
    expect(serialProblem(' 12345678 ')).toBeNull();
  });

  it('reads coefficients separated by commas, semicolons or spaces, and refuses anything else', () => {
    expect(parseCoefficients('1.02, -0.004;1.7e-5  .5')).toEqual([1.02, -0.004, 1.7e-5, 0.5]);
    expect(parseCoefficients('1.02, 0x10')).toBeNull();
    expect(parseCoefficients('1.02, Infinity')).toBeNull();
    expect(parseCoefficients('  ')).toBeNull();
    expect(coefficientsProblem('')).toBe(M.coefficientsRequired);
    expect(coefficientsProblem('1, two')).toBe(M.coefficientsNumbers);
    expect(coefficientsProblem(Array(17).fill('1').join(','))).toBe(M.coefficientsTooMany);
    expect(normalizeCoefficients(' 1.02 -0.004;1.7e-5 ')).toBe('1.02, -0.004, 1.7e-5');
  });

  it('puts each problem on its field', () => {
    const r = sensorConfigurationFormSchema.safeParse({ sensorSerialNumber: '12', coefficients: '' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sensorSerialNumber', 'Must be 8 digits long'],
      ['coefficients', M.coefficientsRequired],
    ]);
  });

  it('sorts rows into the quick filters', () => {
    const row = (
      versionId: number | null,
      deviceId: number | null,
      syncSuccess: boolean | null,
      deviceConfirmedVersionId: number | null,
    ) => ({ versionId, deviceId, syncSuccess, deviceConfirmedVersionId });
    expect(matchesSensorFilter('Devices Not Configured', row(null, 1, null, null))).toBe(true);
    expect(matchesSensorFilter('Devices Not Configured', row(4, 1, null, null))).toBe(false);
    expect(matchesSensorFilter('Unconfirmed Synced Coefficients', row(4, 1, true, 3))).toBe(true);
    expect(matchesSensorFilter('Unconfirmed Synced Coefficients', row(4, 1, true, 4))).toBe(false);
    expect(matchesSensorFilter('Unconfirmed Synced Coefficients', row(4, 1, false, 3))).toBe(false);
    expect(matchesSensorFilter('Sensors Not Associated', row(4, null, null, null))).toBe(true);
    expect(matchesSensorFilter('Sensors Not Associated', row(4, 1, null, null))).toBe(false);
  });

  it('writes and reads the device-cloud argument, and says when loading is not possible', () => {
    const argument = rmxArgument(42, '1.02, -0.004, 1.7e-5');
    expect(argument).toBe('version=42;coefficients=1.02,-0.004,1.7e-5');
    expect(readRmxArgument(argument)).toEqual({ versionId: 42, coefficients: [1.02, -0.004, 1.7e-5] });
    expect(readRmxArgument('version=42')).toBeNull();
    expect(readRmxArgument('version=x;coefficients=1')).toBeNull();
    expect(rmxBlocked({ deviceId: null, versionId: 1, particleOnlineStatus: true })).toBe(
      'The sensor is not fitted to a Qube',
    );
    expect(rmxBlocked({ deviceId: 1, versionId: null, particleOnlineStatus: true })).toBe(
      'The sensor has no configuration yet',
    );
    expect(rmxBlocked({ deviceId: 1, versionId: 1, particleOnlineStatus: null })).toBe('The device is offline');
    expect(rmxBlocked({ deviceId: 1, versionId: 1, particleOnlineStatus: true })).toBeNull();
  });
});
