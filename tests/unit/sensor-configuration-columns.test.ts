// The Sensor Configurations grid's pure pieces: row identity, the Loaded text, the latest coefficients by serial, the
// selected rows, the columns and the quick filters.
import { describe, expect, it } from 'vitest';
import type { SensorConfigurationRow } from '@/contracts/sensor-configuration';
import { SENSOR_QUICK_FILTERS } from '@/domain/sensor-configuration';
import {
  latestCoefficientsBySerial,
  loadedText,
  SENSOR_CONFIGURATION_FILTERS,
  selectedRows,
  sensorConfigurationColumns,
  sensorRowId,
} from '@/features/sensor-configurations/sensor-configuration-columns';

const row: SensorConfigurationRow = {
  sensorSerialNumber: '12345678',
  versionId: 2,
  createdAt: '2026-05-01T00:00:00Z',
  coefficients: '1.02, -0.003',
  deviceId: 7,
  deviceName: 'Q-7',
  thirdPartyId: null,
  siteName: 'Pad 3',
  particleOnlineStatus: true,
  syncSuccess: true,
  syncError: null,
  syncTime: '2026-05-01T01:00:00Z',
  deviceConfirmedVersionId: 2,
  userEmail: 'a@example.com',
};
const bareDevice: SensorConfigurationRow = {
  ...row,
  sensorSerialNumber: null,
  versionId: null,
  coefficients: null,
  deviceId: 8,
  deviceName: 'Q-8',
};
const loneSensor: SensorConfigurationRow = { ...row, sensorSerialNumber: '87654321', deviceId: null, deviceName: null };

describe('sensor configuration columns', () => {
  it('identifies a row by its sensor and its device, either of which may be missing', () => {
    expect(sensorRowId(row)).toBe('12345678|7');
    expect(sensorRowId(bareDevice)).toBe('|8');
    expect(sensorRowId(loneSensor)).toBe('87654321|');
  });

  it('says whether the device loaded the coefficients, nothing for a sensor on no device', () => {
    expect(loadedText(row)).toBe('Loaded');
    expect(loadedText({ ...row, syncSuccess: false })).toBe('Failed');
    expect(loadedText({ ...row, syncSuccess: null })).toBe('Not loaded');
    expect(loadedText(loneSensor)).toBe('');
  });

  it('maps configured sensors to their latest coefficients, skipping unconfigured rows', () => {
    const latest = latestCoefficientsBySerial([row, bareDevice, { ...loneSensor, coefficients: '3, 4' }]);
    expect([...latest]).toEqual([
      ['12345678', '1.02, -0.003'],
      ['87654321', '3, 4'],
    ]);
    expect(latestCoefficientsBySerial(undefined).size).toBe(0);
  });

  it('keeps the selected rows in the grid’s order', () => {
    expect(selectedRows([row, bareDevice, loneSensor], new Set(['|8', '12345678|7']))).toEqual([row, bareDevice]);
    expect(selectedRows(undefined, new Set(['|8']))).toEqual([]);
  });

  it('has the screen’s columns, the audit and sync details hidden by default', () => {
    const columns = sensorConfigurationColumns({ canOpenDevice: true, time: (iso) => iso });
    expect(columns.map((c) => c.header)).toEqual([
      'Sensor Serial Number',
      'Device',
      'Site',
      'Online',
      'Loaded',
      'Device Runs',
      'Version',
      'Coefficients',
      'Created',
      'Created By',
      'Third Party Id',
      'Loaded At',
      'Load Error',
    ]);
    expect(columns.filter((c) => c.hiddenByDefault).map((c) => c.id)).toEqual([
      'userEmail',
      'thirdPartyId',
      'syncTime',
      'syncError',
    ]);
    expect(columns.find((c) => c.id === 'sync')!.value(row)).toBe('Loaded');
  });

  it('has a quick filter for each of the spec’s', () => {
    expect(SENSOR_CONFIGURATION_FILTERS.map((f) => f.id)).toEqual([...SENSOR_QUICK_FILTERS]);
    expect(SENSOR_CONFIGURATION_FILTERS.map((f) => f.label)).toEqual([...SENSOR_QUICK_FILTERS]);
  });
});
