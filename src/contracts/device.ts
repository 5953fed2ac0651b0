// A device as its dashboard shows it (spec 2 §2 'Device Dashboard', §3 'Device installation').
import { z } from 'zod';

export const deviceSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: z.enum(['Qube', 'QubeLite', 'QubeCamera']),
  online: z.boolean().nullable(),
  thirdPartySerialNumber: z.string().nullable(),
  organizationId: z.number().int(),
  installations: z.array(
    z.object({
      id: z.number().int(),
      siteId: z.number().int(),
      siteName: z.string(),
      deviceInstallationType: z.number().int(),
      location: z.object({ lat: z.number(), lng: z.number() }),
      startTime: z.string(),
      endTime: z.string().nullable(),
    }),
  ),
  /** Measurement types with stored data, and the span of that data. */
  measurementTypes: z.array(z.object({ id: z.number().int(), firstTime: z.string(), lastTime: z.string() })),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

const iso = z.string();
const deviceKind = z.enum(['Qube', 'QubeLite', 'QubeCamera']);

/** A support ticket as lists show it (spec 2 §3 'Ticket'); empty until the ticket store exists. */
export const ticketRefSchema = z.object({ id: z.number().int(), status: z.number().int().nullable() });

/** One row of the Device Health grid (spec 2 §3 'Device health row'). */
export const deviceHealthRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thirdPartyId: z.string().nullable(),
  deviceType: deviceKind,
  organizationName: z.string(),
  siteGroupNames: z.array(z.string()),
  currentSiteId: z.number().int().nullable(),
  currentSiteName: z.string().nullable(),
  currentDeviceInstallationId: z.number().int().nullable(),
  deviceInstallationType: z.number().int().nullable(),
  quarantinedAt: iso.nullable(),
  quarantineNotes: z.string().nullable(),
  freshdeskTickets: z.array(ticketRefSchema),
  particleOnlineStatus: z.boolean().nullable(),
  firmware: z.string().nullable(),
  /** Keyed by measurement type id. */
  latestDeviceMeasurements: z.record(z.string(), z.object({ value: z.number(), time: iso })),
  latestDeviceWind: z.object({ windDirection: z.number().nullable(), windSpeed: z.number().nullable(), time: iso }).nullable(),
  latestTemperatureBelowThreshold: z.boolean().nullable(),
  latestAzimuth: z.number().nullable(),
  latestHeight: z.number().nullable(),
  latestLocationLatLng: z.string().nullable(),
  latestSiteId: z.number().int().nullable(),
  latestCH4Time: iso.nullable(),
  latestWindTime: iso.nullable(),
  rmxGen: z.string().nullable(),
  /** Hardware item key -> chosen value's name. */
  hardware: z.record(z.string(), z.string()),
  symptomPrimaryNames: z.array(z.string()),
  inletVentDcaCleanout: iso.nullable(),
});
export type DeviceHealthRow = z.infer<typeof deviceHealthRowSchema>;

const hardwareChoiceSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** The device form's stored values (spec 2 §3 'Device edit'). */
export const deviceEditSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  deviceType: deviceKind,
  pcbQrCode: z.string().nullable(),
  thirdPartyId: z.string().nullable(),
  thirdPartySerialNumber: z.string().nullable(),
  anemometer: hardwareChoiceSchema,
  battery: hardwareChoiceSchema,
  solar: hardwareChoiceSchema,
  fan: hardwareChoiceSchema,
  pcbVersion: hardwareChoiceSchema,
  antenna: hardwareChoiceSchema,
  inletFilter: hardwareChoiceSchema,
  anemometerSerialNumber: z.string().nullable(),
  batterySerialNumber: z.string().nullable(),
  solarSerialNumber: z.string().nullable(),
  fanSerialNumber: z.string().nullable(),
  pcbSerialNumber: z.string().nullable(),
  daughterCardSerialNumber: z.string().nullable(),
  inletVentDcaCleanoutTime: iso.nullable(),
  productionNotes: z.string().nullable(),
});
export type DeviceEdit = z.infer<typeof deviceEditSchema>;

export const deviceEditResultSchema = z.object({ id: z.number().int(), name: z.string(), particleError: z.string().nullable() });

/** Option lists per hardware item. */
export const hardwareItemOptionsSchema = z.record(z.string(), z.array(z.object({ id: z.number().int(), name: z.string() })));

/** One row of the Devices page. */
export const deviceListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: deviceKind,
  thirdPartyId: z.string().nullable(),
  thirdPartySerialNumber: z.string().nullable(),
  organizationName: z.string(),
  currentSiteId: z.number().int().nullable(),
  currentSiteName: z.string().nullable(),
  siteGroupNames: z.array(z.string()),
  deviceInstallationType: z.number().int().nullable(),
  quarantinedAt: iso.nullable(),
  particleOnlineStatus: z.boolean().nullable(),
  firmware: z.string().nullable(),
  installedAt: iso.nullable(),
  freshdeskTickets: z.array(ticketRefSchema),
});
export type DeviceListRow = z.infer<typeof deviceListRowSchema>;

/** Installation as the dashboard and history show it (spec 2 §3 'Installation'). */
export const installationSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  siteId: z.number().int(),
  siteName: z.string(),
  startTime: iso,
  endTime: iso.nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  height: z.number().nullable(),
  azimuth: z.number().nullable(),
  installedBy: z.string().nullable(),
  uninstalledBy: z.string().nullable(),
  deviceInstallationType: z.number().int(),
  quarantineNotes: z.string().nullable(),
});
export type Installation = z.infer<typeof installationSchema>;

