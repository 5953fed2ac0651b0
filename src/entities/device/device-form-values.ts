// Add Device / Edit Device's values (spec 2 §5): the form's starting values, the organizations a device may be put
// in, the hints under Name and Third Party Serial Number, and how the inputs' text becomes the form's values (blank
// as none, a hardware name as a known option or a new value, the cleanout date as an ISO time).
import type { CurrentUser } from '@/contracts/current-user';
import type { DeviceEdit } from '@/contracts/device';
import type { DeviceFormInput, DeviceKind } from '@/domain/device-form';
import { effectivePermissions, Permission } from '@/domain/permissions';

const EMPTY: Omit<DeviceFormInput, 'organizationId'> = {
  id: 0,
  name: '',
  deviceType: 'Qube',
  pcbQrCode: null,
  thirdPartyId: '',
  thirdPartySerialNumber: null,
  anemometer: null,
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
  inletVentDcaCleanoutTime: null,
  productionNotes: null,
};

export const particleSaveMessage = (error: string) =>
  `The save was successful. However Particle was not updated because ${error}`;

/** The stored device's values (no third party id reads as ''), or an empty device in the current organization. */
export const deviceFormDefaults = (device: DeviceEdit | null, organizationId: number): DeviceFormInput =>
  device ? { ...device, thirdPartyId: device.thirdPartyId ?? '' } : { ...EMPTY, organizationId };

/**
 * The organizations offered: live ones where the user may administer devices (global role ∪ role there), and the
 * device's own.
 */
export function deviceOrganizations(user: CurrentUser, deviceOrganizationId: number | undefined) {
  const globalPermissions = user.roles.find((r) => r.id === user.userDetails.roleId)?.permissions;
  return user.userOrganizations.filter((o) => {
    if (o.deleted) return false;
    if (o.id === deviceOrganizationId) return true;
    return effectivePermissions(globalPermissions, user.roles.find((r) => r.id === o.roleId)?.permissions).has(
      Permission.DeviceAdministration,
    );
  });
}

/** The name format of a device kind, shown under Name. */
export const nameHint = (kind: DeviceKind) =>
  kind === 'Qube' ? 'A-1234 or AXON-V3-1234' : kind === 'QubeLite' ? 'B-1234' : 'C-1234';

/** The serial prefixes a Qube needs, shown under Third Party Serial Number; other kinds have none. */
export const thirdPartySerialHint = (kind: DeviceKind) =>
  kind === 'Qube' ? 'Starts with ARNT, P034, B40H, B40T, P027, P042, P044 or P054' : undefined;

/** A text input's value: Name and Third Party Id as typed (the rules require them), other blank text as none. */
export const textValue = (name: keyof DeviceFormInput, v: string | null) =>
  v === null ? null : name === 'name' || name === 'thirdPartyId' || v.trim() !== '' ? v : null;

type Option = { id: number; name: string };

/** A typed hardware name: the known option of that name (any case), a new value (id 0), or none when blank. */
export function typedHardware(list: readonly Option[], typed: string): Option | null {
  if (typed.trim() === '') return null;
  const known = list.find((o) => o.name.toLowerCase() === typed.trim().toLowerCase());
  return known ? { id: known.id, name: known.name } : { id: 0, name: typed };
}

/** The hardware option picked by its id in a select ('' for none). */
export function pickedHardware(list: readonly Option[], value: string): Option | null {
  const picked = list.find((o) => o.id === Number(value));
  return picked ? { id: picked.id, name: picked.name } : null;
}

/** The cleanout time as a date input shows it (its day), and a picked day as the stored time (midnight UTC). */
export const cleanoutDay = (time: string | null | undefined) => (time ? time.slice(0, 10) : '');
export const cleanoutTime = (day: string) => (day ? `${day}T00:00:00.000Z` : null);
