// Add Device / Edit Device's values: starting values, the organizations offered, the hints, and how the inputs' text
// becomes the form's values.
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/contracts/current-user';
import type { DeviceEdit } from '@/contracts/device';
import { Permission } from '@/domain/permissions';
import { DEFAULT_UNIT_CONFIGURATION } from '@/domain/units';
import {
  cleanoutDay,
  cleanoutTime,
  deviceFormDefaults,
  deviceOrganizations,
  nameHint,
  particleSaveMessage,
  pickedHardware,
  textValue,
  thirdPartySerialHint,
  typedHardware,
} from '@/entities/device/device-form-values';

const org = (id: number, roleId: number, deleted = false) => ({ id, name: `Org ${id}`, roleId, deleted, sites: [] });

const user = (globalRoleId: number | null): CurrentUser => ({
  userDetails: { isQubeUser: globalRoleId !== null, roleId: globalRoleId, userEmail: 'a@example.com', userId: 1 },
  userOrganizations: [org(1, 10), org(2, 11), org(3, 10, true)],
  roles: [
    { id: 10, name: 'Device admin', permissions: [Permission.DeviceAdministration] },
    { id: 11, name: 'Viewer', permissions: [] },
    { id: 20, name: 'Staff', permissions: [Permission.DeviceAdministration] },
  ],
  userSettings: {
    limits: { ch4MaxVolumePerDay: null, maxWindSpeed: null },
    unitLabels: {},
    unitConfiguration: DEFAULT_UNIT_CONFIGURATION,
    ianaTimezoneId: 'UTC',
    timeFormat: '24-hr',
    gridColumnVisibility: {},
  },
});

const device: DeviceEdit = {
  id: 7,
  name: 'A-1234',
  organizationId: 2,
  deviceType: 'Qube',
  pcbQrCode: null,
  thirdPartyId: null,
  thirdPartySerialNumber: 'P0341',
  anemometer: { id: 3, name: 'Gill' },
  battery: null,
  solar: null,
  fan: null,
  pcbVersion: null,
  antenna: null,
  inletFilter: null,
  anemometerSerialNumber: null,
  batterySerialNumber: null,
  solarSerialNumber: null,
  fanSerialNumber: null,
  pcbSerialNumber: null,
  daughterCardSerialNumber: null,
  inletVentDcaCleanoutTime: '2026-03-04T00:00:00.000Z',
  productionNotes: 'notes',
};

const list = [
  { id: 1, name: 'Gill WindSonic' },
  { id: 2, name: 'Davis' },
];

describe('device form values', () => {
  it('starts from the stored device (no third party id as blank) or an empty Qube in the current organization', () => {
    expect(deviceFormDefaults(device, 1)).toEqual({ ...device, thirdPartyId: '' });
    expect(deviceFormDefaults({ ...device, thirdPartyId: 'abc' }, 1).thirdPartyId).toBe('abc');
    const empty = deviceFormDefaults(null, 5);
    expect(empty).toMatchObject({ id: 0, name: '', deviceType: 'Qube', organizationId: 5, thirdPartyId: '' });
    expect(empty.anemometer).toBeNull();
    expect(empty.productionNotes).toBeNull();
  });

  it('offers live organizations where devices may be administered, and the device’s own', () => {
    expect(deviceOrganizations(user(null), undefined).map((o) => o.id)).toEqual([1]);
    expect(deviceOrganizations(user(null), 2).map((o) => o.id)).toEqual([1, 2]);
    expect(deviceOrganizations(user(20), undefined).map((o) => o.id)).toEqual([1, 2]);
    expect(deviceOrganizations(user(20), 3).map((o) => o.id)).toEqual([1, 2]);
  });

  it('hints the name format per kind and the serial prefixes for a Qube', () => {
    expect(nameHint('Qube')).toBe('A-1234 or AXON-V3-1234');
    expect(nameHint('QubeLite')).toBe('B-1234');
    expect(nameHint('QubeCamera')).toBe('C-1234');
    expect(thirdPartySerialHint('Qube')).toBe('Starts with ARNT, P034, B40H, B40T, P027, P042, P044 or P054');
    expect(thirdPartySerialHint('QubeLite')).toBeUndefined();
    expect(thirdPartySerialHint('QubeCamera')).toBeUndefined();
  });

  it('reads blank text as none except for Name and Third Party Id', () => {
    expect(textValue('name', '  ')).toBe('  ');
    expect(textValue('thirdPartyId', '')).toBe('');
    expect(textValue('pcbQrCode', '  ')).toBeNull();
    expect(textValue('pcbQrCode', ' x ')).toBe(' x ');
    expect(textValue('productionNotes', null)).toBeNull();
  });

  it('takes a typed hardware name as the known option (any case), a new value, or none', () => {
    expect(typedHardware(list, ' davis ')).toEqual({ id: 2, name: 'Davis' });
    expect(typedHardware(list, 'Vaisala ')).toEqual({ id: 0, name: 'Vaisala ' });
    expect(typedHardware(list, '   ')).toBeNull();
    expect(typedHardware([], 'x')).toEqual({ id: 0, name: 'x' });
  });

  it('takes a picked hardware option by its id, none for the blank choice', () => {
    expect(pickedHardware(list, '1')).toEqual({ id: 1, name: 'Gill WindSonic' });
    expect(pickedHardware(list, '')).toBeNull();
    expect(pickedHardware(list, '9')).toBeNull();
  });

  it('shows the cleanout time as its day and stores a picked day at midnight UTC', () => {
    expect(cleanoutDay('2026-03-04T00:00:00.000Z')).toBe('2026-03-04');
    expect(cleanoutDay(null)).toBe('');
    expect(cleanoutDay(undefined)).toBe('');
    expect(cleanoutTime('2026-03-04')).toBe('2026-03-04T00:00:00.000Z');
    expect(cleanoutTime('')).toBeNull();
  });

  it('says the save went through when Particle was not updated', () => {
    expect(particleSaveMessage('the device is offline')).toBe(
      'The save was successful. However Particle was not updated because the device is offline',
    );
  });
});
