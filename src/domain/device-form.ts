// Device add/edit, start installation and quarantine (spec 2 §5): one set of rules for the dialogs and the server.
import { z } from 'zod';
import { idOrNewSchema, idSchema } from '@/contracts/bounds';
import { INVALID_COORDINATES, parseLatLng } from './coordinates';
import { DeviceInstallationType } from './enums';
import { LARGE_TEXT_MAX, MEDIUM_TEXT_MAX } from './text-limits';

export const DEVICE_KINDS = ['Qube', 'QubeLite', 'QubeCamera'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEVICE_KIND_LABEL: Record<DeviceKind, string> = {
  Qube: 'Qube',
  QubeLite: 'Qube Lite',
  QubeCamera: 'Qube Camera',
};

/** Name formats per kind (spec 2 §5); the message shows the form expected. */
export const DEVICE_NAME_FORMATS: Record<DeviceKind, { pattern: RegExp; message: string }> = {
  Qube: {
    pattern: /^(A-|AXON-V3-)\d{4,}$/,
    message: 'The device name must be in the form of A-XXXX or AXON-V3-XXXX, with 4 or more digits',
  },
  QubeLite: {
    pattern: /^B-\w{4,}$/,
    message: 'The device name must be in the form of B-XXXX, with 4 or more letters or digits',
  },
  QubeCamera: {
    pattern: /^C-\w{4,}$/,
    message: 'The device name must be in the form of C-XXXX, with 4 or more letters or digits',
  },
};

export const QUBE_SERIAL_PREFIXES = ['ARNT', 'P034', 'B40H', 'B40T', 'P027', 'P042', 'P044', 'P054'] as const;
export const SERIAL_PREFIX_MESSAGE = `Must start with one of these valid prefixes: ${QUBE_SERIAL_PREFIXES.join(', ')}`;

/** Hardware items of the edit form, in the order the form shows them. */
export const HARDWARE_ITEMS = [
  { key: 'anemometer', label: 'Anemometer' },
  { key: 'battery', label: 'Battery' },
  { key: 'solar', label: 'Solar' },
  { key: 'fan', label: 'Fan' },
  { key: 'pcbVersion', label: 'PCB Version' },
  { key: 'antenna', label: 'Antenna' },
  { key: 'inletFilter', label: 'Inlet Filter' },
] as const;
export type HardwareItem = (typeof HARDWARE_ITEMS)[number]['key'];

export const EDIT_SERIAL_NUMBERS = [
  { key: 'anemometerSerialNumber', label: 'Anemometer Serial Number' },
  { key: 'batterySerialNumber', label: 'Battery Serial Number' },
  { key: 'solarSerialNumber', label: 'Solar Serial Number' },
  { key: 'fanSerialNumber', label: 'Fan Serial Number' },
  { key: 'pcbSerialNumber', label: 'PCB Serial Number' },
  { key: 'daughterCardSerialNumber', label: 'Daughter Card Serial Number' },
] as const;
export type EditSerialNumber = (typeof EDIT_SERIAL_NUMBERS)[number]['key'];

/** A hardware choice: an existing option (id > 0), or a free-typed new value (id 0, QubeAdministration only). */
const hardwareChoice = (label: string) =>
  z
    .object({
      id: idOrNewSchema,
      name: z
        .string()
        .trim()
        .min(1, `${label} is required`)
        .max(MEDIUM_TEXT_MAX, `${label} must be at most ${MEDIUM_TEXT_MAX} characters`),
    })
    .nullable();
const optionalText = (label: string, max = MEDIUM_TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === '' ? null : v));

const hardwareShape = Object.fromEntries(HARDWARE_ITEMS.map((h) => [h.key, hardwareChoice(h.label)])) as Record<
  HardwareItem,
  ReturnType<typeof hardwareChoice>
>;
const serialShape = Object.fromEntries(EDIT_SERIAL_NUMBERS.map((s) => [s.key, optionalText(s.label)])) as Record<
  EditSerialNumber,
  ReturnType<typeof optionalText>
>;

const baseDeviceForm = z.object({
  id: idOrNewSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(MEDIUM_TEXT_MAX, `Name must be at most ${MEDIUM_TEXT_MAX} characters`),
  organizationId: z.number({ error: 'Organization is required' }).int().positive('Organization is required'),
  deviceType: z.enum(DEVICE_KINDS, { error: 'Device Type is required' }),
  pcbQrCode: optionalText('PCB QR Code'),
  thirdPartyId: z
    .string()
    .trim()
    .min(1, 'Third Party Id is required')
    .max(MEDIUM_TEXT_MAX, `Third Party Id must be at most ${MEDIUM_TEXT_MAX} characters`),
  thirdPartySerialNumber: optionalText('Third Party Serial Number'),
  ...hardwareShape,
  ...serialShape,
  /** ISO date; future dates are allowed. */
  inletVentDcaCleanoutTime: z
    .string()
    .nullable()
    .refine((v) => v === null || v === '' || !Number.isNaN(Date.parse(v)), 'Please enter a valid date'),
  productionNotes: optionalText('Production Notes', LARGE_TEXT_MAX),
});
export type DeviceFormInput = z.input<typeof baseDeviceForm>;
export type DeviceForm = z.output<typeof baseDeviceForm>;

/**
 * The device form's rules. The name's format is checked when adding, or once the name differs from `originalName`
 * (devices named before the formats existed keep their names).
 */
export function deviceFormSchema(originalName: string | null) {
  return baseDeviceForm.superRefine((f, ctx) => {
    const nameChanged = originalName === null || f.name !== originalName;
    if (nameChanged && f.name) {
      const format = DEVICE_NAME_FORMATS[f.deviceType];
      if (!format.pattern.test(f.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: format.message });
    }
    if (f.deviceType === 'Qube') {
      if (!f.thirdPartySerialNumber)
        ctx.addIssue({
          code: 'custom',
          path: ['thirdPartySerialNumber'],
          message: 'Third Party Serial Number is required',
        });
      else if (!QUBE_SERIAL_PREFIXES.some((p) => f.thirdPartySerialNumber!.startsWith(p)))
        ctx.addIssue({ code: 'custom', path: ['thirdPartySerialNumber'], message: SERIAL_PREFIX_MESSAGE });
    }
  });
}

/** Hardware choices typed in as new values; the server allows them only with QubeAdministration. */
export function freeTypedHardware(f: Pick<DeviceForm, HardwareItem>): HardwareItem[] {
  return HARDWARE_ITEMS.filter((h) => f[h.key]?.id === 0).map((h) => h.key);
}
export const FREE_TYPED_HARDWARE_MESSAGE = 'Only Qube administrators can add new hardware values';

// ---- Start installation (search drawer, spec 2 §5) ----

const optionalNumber = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).finite(message).nullable(),
  );

export const startInstallationSchema = z.object({
  deviceId: idSchema,
  siteId: z.number({ error: 'Site is required' }).int().positive('Site is required'),
  locationLatLng: z
    .string()
    .trim()
    .min(1, 'Location is required')
    .refine((v) => parseLatLng(v) !== null, INVALID_COORDINATES),
  height: optionalNumber('Please enter a valid number')
    .refine((v) => v === null || v > 0, 'Height must be greater than 0')
    .refine((v) => v === null || v <= 10000, 'Height must be less than or equal to 10,000'),
  azimuth: optionalNumber('Please enter a valid number')
    .refine((v) => v === null || v >= 0, 'Azimuth must be greater than or equal to 0')
    .refine((v) => v === null || v < 360, 'Azimuth must be less than 360'),
});
export type StartInstallation = z.output<typeof startInstallationSchema>;

/**
 * An installation recorded after the fact (API only; the dialogs start installations now): when the device was set
 * up in the field. It must not lie in the future nor before the start of the device's latest installation.
 */
export const INSTALLATION_START_IN_FUTURE = 'The installation cannot start in the future';
export const INSTALLATION_START_BEFORE_LATEST =
  "The installation must start after the start of the device's latest installation";
export const installationStartSchema = z.iso
  .datetime({ offset: true, error: 'Must be a date and time with its offset' })
  .optional();
export type StartInstallationInput = z.input<typeof startInstallationSchema>;

// ---- Quarantine (spec 2 §4, §5) ----

export const quarantineSchema = z.object({
  deviceId: idSchema,
  newDeviceInstallationType: z.number({ error: 'New installation type is required' }).int().min(0).max(2),
  quarantineNotes: z.string().max(LARGE_TEXT_MAX, `Notes must be at most ${LARGE_TEXT_MAX} characters`).nullable(),
});
export type QuarantineChange = z.infer<typeof quarantineSchema>;

/** Installation types the quarantine dialog offers: QuarantineWind only for Qube devices; cameras never. */
export function quarantineOptions(kind: DeviceKind): { value: number; label: string }[] {
  if (kind === 'QubeCamera') return [];
  return DeviceInstallationType.options.filter(
    (o) => kind === 'Qube' || o.value !== DeviceInstallationType.values.QuarantineWind,
  );
}

/** Why a device cannot be quarantined, or null when it can. */
export function quarantineBlocked(kind: DeviceKind, hasInstallation: boolean): string | null {
  if (kind === 'QubeCamera') return 'Qube Camera devices cannot be quarantined';
  if (!hasInstallation) return 'Devices must be installed to change their quarantine state';
  return null;
}

/** A device counts as quarantined when quarantinedAt is set and its type is a quarantine type (spec 2 §4). */
export function isQuarantined(d: { quarantinedAt: string | null; deviceInstallationType: number | null }): boolean {
  return (
    d.quarantinedAt !== null &&
    (d.deviceInstallationType === DeviceInstallationType.values.Quarantine ||
      d.deviceInstallationType === DeviceInstallationType.values.QuarantineWind)
  );
}
