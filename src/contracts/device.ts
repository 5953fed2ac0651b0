// A device as its dashboard shows it (spec 2 §2 'Device Dashboard', §3 'Device installation').
import { z } from 'zod';
import { idOrNewSchema, idSchema, queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';
import { cloudFunctionCallSchema } from '@/domain/cloud-function';
import { bulkDevicesAnswerSchema } from '@/domain/device-bulk';
import { DEVICE_EVENT_FIELDS, DEVICE_EVENT_QUICK_FILTERS } from '@/domain/device-event-grid';
import { installationStartSchema, quarantineSchema, startInstallationSchema } from '@/domain/device-form';
import { gridQuerySchema } from '@/domain/grid-query';
import { Permission } from '@/domain/permissions';

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
  latestDeviceWind: z
    .object({ windDirection: z.number().nullable(), windSpeed: z.number().nullable(), time: iso })
    .nullable(),
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

export const deviceEditResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  particleError: z.string().nullable(),
});

/** Option lists per hardware item. */
export const hardwareItemOptionsSchema = z.record(
  z.string(),
  z.array(z.object({ id: z.number().int(), name: z.string() })),
);

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

/** A GPS fix the device reported (spec 2 §3 'Location stat'), with its distance from the installation it belonged to. */
export const locationStatSchema = z.object({
  time: iso,
  location: z.object({ lat: z.number(), lng: z.number() }),
  numberOfSatellites: z.number().int(),
  deviceInstallationId: z.number().int(),
  distanceFromDeviceInstallationInMeters: z.number(),
});
export type LocationStat = z.infer<typeof locationStatSchema>;
/** A device's location stats answer holds at most its newest this many fixes. */
export const LOCATION_STATS_LIMIT = 1000;

/** One row of the Device Events grid (spec 2 §3 'Device event'). */
export const deviceEventSchema = z.object({
  id: z.number().int(),
  time: iso,
  deviceName: z.string(),
  thirdPartyId: z.string().nullable(),
  eventCode: z.number().int(),
  message: z.string(),
  parameters: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  organizationName: z.string(),
  siteName: z.string().nullable(),
  siteId: z.number().int().nullable(),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

export const deviceEventsAnswerSchema = z.object({
  rows: z.array(deviceEventSchema),
  totalRows: z.number().int(),
  lastRow: z.number().int(),
});

/** The Detail tab's device (spec 2 §3 'Device detail'): device-cloud status and what the device is made of. */
export const deviceDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: deviceKind,
  organizationName: z.string(),
  currentSiteId: z.number().int().nullable(),
  currentSiteName: z.string().nullable(),
  /** The newest fixes first, at most LOCATION_STATS_LIMIT. */
  locationStats: z.array(locationStatSchema),
  particleOnlineStatus: z.boolean().nullable(),
  particleFirmwareVersion: z.string().nullable(),
  particleTargetedFirmwareVersion: z.string().nullable(),
  particleLastHeardAt: iso.nullable(),
  particleLastHandshakeAt: iso.nullable(),
  particleNotes: z.string().nullable(),
  pcbQrCode: z.string().nullable(),
  thirdPartyId: z.string().nullable(),
  thirdPartySerialNumber: z.string().nullable(),
  hardwareContent: z.string().nullable(),
  sensorConfigurationVersionId: z.number().int().nullable(),
  /** Hardware item key -> value name. */
  hardware: z.record(z.string(), z.string()),
  /** Part (ch4 ... voc, anemometer, battery, solar, fan, pcb, daughterCard) -> serial number. */
  serialNumbers: z.record(z.string(), z.string()),
  inletVentDcaCleanoutTime: iso.nullable(),
  productionNotes: z.string().nullable(),
});

/** A site on the Device Health map (spec 2 §3 'Site marker (map)'). */
export const siteMarkerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  organization: z.string(),
  /** A site of one of the provider's own organizations. */
  providerOwn: z.boolean(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  devices: z.array(
    z.object({
      particleOnlineStatus: z.boolean().nullable(),
      deviceInstallationType: z.number().int(),
      hasFreshDeskTicket: z.boolean(),
    }),
  ),
  modellingPipelineOn: z.boolean(),
});
export type SiteMarker = z.infer<typeof siteMarkerSchema>;

/** A device in the search drawer (spec 2 §3 'Device (search list)'). */
export const deviceSearchRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: deviceKind,
  organizationId: z.number().int(),
  organizationName: z.string(),
  currentInstallationId: z.number().int().nullable(),
  currentSiteName: z.string().nullable(),
  siteGroupNames: z.array(z.string()),
  latestAzimuth: z.number().nullable(),
  latestHeight: z.number().nullable(),
  latestLocationLatLng: z.string().nullable(),
  latestSiteId: z.number().int().nullable(),
  deviceInstallationType: z.number().int().nullable(),
  quarantinedAt: iso.nullable(),
  quarantineNotes: z.string().nullable(),
});
export type DeviceSearchRow = z.infer<typeof deviceSearchRowSchema>;

/** A site in the search drawer. */
export const siteSearchRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  siteGroupNames: z.array(z.string()),
  location: z.object({ lat: z.number(), lng: z.number() }),
});

/** A cloud function the device cloud offers (spec 2 §3 'Cloud function definition'). */
export const cloudFunctionDefinitionSchema = z.object({
  id: z.number().int(),
  functionType: z.string(),
  argument: z.string(),
  description: z.string(),
  paramsRequired: z.boolean(),
});
export type CloudFunctionDefinition = z.infer<typeof cloudFunctionDefinitionSchema>;
export const cloudFunctionResultSchema = z.object({ success: z.boolean(), error: z.string().nullable() });
export const cloudFunctionHistoryRowSchema = z.object({
  functionName: z.string(),
  argument: z.string(),
  result: z.boolean(),
  error: z.string().nullable(),
  time: iso,
  userName: z.string(),
  siteName: z.string().nullable(),
});

/** A device the install wizard offers. */
export const installDeviceOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceType: deviceKind,
  currentSiteName: z.string().nullable(),
});
export type InstallDeviceOption = z.infer<typeof installDeviceOptionSchema>;
export const installSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type InstallSite = z.infer<typeof installSiteSchema>;
/** Live diagnostics (spec 2 §3 'Diagnostics'): points per measurement type and wind, each as [epoch ms, value]. */
export const diagnosticsSchema = z.object({
  deviceMeasurements: z.record(z.string(), z.array(z.tuple([z.number(), z.number()]))),
  windData: z.array(
    z.object({ time: z.number(), windSpeed: z.number().nullable(), windDirection: z.number().nullable() }),
  ),
});

export const deviceHealthEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceHealth/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceId: queryIdSchema.optional() }),
  response: z.array(deviceHealthRowSchema),
});
export const deviceListEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceList/',
  access: [Permission.DeviceView],
  query: z.object({ organizationId: queryIdSchema }),
  response: z.array(deviceListRowSchema),
});
export const deviceHealthSiteListEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceHealthSiteList/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema }),
  response: z.array(siteMarkerSchema),
});

export const deviceSummaryEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceSummary/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceName: z.string().min(1).max(100) }),
  response: deviceSummarySchema,
});
export const deviceLocationStatsEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceLocationStats/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceId: queryIdSchema }),
  response: z.array(locationStatSchema),
});
export const deviceDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceDetail/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceName: z.string().min(1).max(100) }),
  response: deviceDetailSchema,
});

/** The device form is checked by the save itself (src/domain/device-form), which answers field by field. */
const deviceBodySchema = z.object({ id: idOrNewSchema }).passthrough();

export const hardwareItemOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceHardwareItemOptions/',
  access: [Permission.DeviceAdministration],
  response: hardwareItemOptionsSchema,
});
export const deviceEditEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceEdit/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceId: queryIdSchema }),
  response: deviceEditSchema,
});
export const saveDeviceEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/deviceEdit/',
  access: [Permission.DeviceAdministration],
  body: deviceBodySchema,
  response: deviceEditResultSchema,
});

const deviceEventsQuerySchema = gridQuerySchema(DEVICE_EVENT_FIELDS, DEVICE_EVENT_QUICK_FILTERS).and(
  z.object({
    organizationId: queryIdSchema,
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    deviceId: queryIdSchema.optional(),
  }),
);
export const deviceEventsEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceEvents/',
  access: [Permission.DeviceAdministration],
  query: deviceEventsQuerySchema,
  response: deviceEventsAnswerSchema,
});

const orgBody = z.object({ organizationId: idSchema });

export const deviceInstallationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceInstallations/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceId: queryIdSchema }),
  response: z.array(installationSchema),
});
export const startInstallationEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/deviceInstall/',
  access: [Permission.DeviceAdministration, Permission.DeviceInstallationStartStop],
  body: startInstallationSchema.extend(orgBody.shape).extend({ startTime: installationStartSchema }),
  response: z.number().int(),
});
export const endInstallationEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/endDeviceInstallation/',
  access: [Permission.DeviceAdministration, Permission.DeviceInstallationStartStop],
  body: orgBody.extend({ deviceId: idSchema }),
  response: z.object({ ok: z.literal(true) }),
});
export const willQuarantineStopPipelineEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/willQuarantineStopModellingPipeline/',
  access: [Permission.DeviceAdministration],
  query: z.object({ organizationId: queryIdSchema, deviceId: queryIdSchema }),
  response: z.boolean(),
});
export const changeQuarantineEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/changeDeviceQuarantineType/',
  access: [Permission.DeviceAdministration],
  body: quarantineSchema.extend(orgBody.shape),
  response: z.object({ modellingPipelineStopped: z.boolean() }),
});

export const deviceBulkTemplateEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/deviceBulkUpsertTemplate/',
  access: [Permission.DeviceAdministration],
  body: z.object({ organizationId: idSchema, deviceIds: z.array(idSchema).max(10_000) }),
  answer: 'bytes',
});
export const bulkUpsertDevicesEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/bulkUpsertDevices/:organizationId',
  access: [Permission.DeviceAdministration],
  params: z.object({ organizationId: queryIdSchema }),
  response: bulkDevicesAnswerSchema,
});

// Cloud functions (spec 2 §7): the same call body for a device and for a site's devices.
const cloudFunctionBodySchema = cloudFunctionCallSchema.extend({ organizationId: idSchema });

export const cloudFunctionListEndpoint = endpoint({
  method: 'GET',
  path: '/api/particle/getParticleCloudFunctions/',
  access: [Permission.ParticleCloudFunctions],
  response: z.array(cloudFunctionDefinitionSchema),
});
export const callDeviceCloudFunctionEndpoint = endpoint({
  method: 'POST',
  path: '/api/device/callDeviceCloudFunction/',
  access: [Permission.ParticleCloudFunctions],
  body: cloudFunctionBodySchema,
  response: cloudFunctionResultSchema,
});
export const callSiteCloudFunctionEndpoint = endpoint({
  method: 'POST',
  path: '/api/site/callSiteCloudFunction/',
  access: [Permission.ParticleCloudFunctions],
  body: cloudFunctionBodySchema,
  response: cloudFunctionResultSchema,
});
export const cloudFunctionHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceCloudFunctionHistory/',
  access: [Permission.ParticleCloudFunctions],
  query: z.object({ organizationId: queryIdSchema, deviceId: queryIdSchema }),
  response: z.array(cloudFunctionHistoryRowSchema),
});

// The Mobile Install Wizard (spec 2 §7): the devices and sites to choose from, a scanned device's availability, and
// the live readings of a new installation (per type since a time: 'type:ISO', repeated).
const INSTALL_ACCESS = [Permission.DeviceInstallationStartStop, Permission.DeviceAdministration];
const org = z.object({ organizationId: queryIdSchema });
const repeatedFromTimes = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().regex(/^\d{1,3}:\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)).max(10),
);

export const installDeviceOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceOptionsForInstall/',
  access: INSTALL_ACCESS,
  query: org,
  response: z.array(installDeviceOptionSchema),
});
export const installAvailabilityEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/getDeviceInstallAvailability/',
  access: INSTALL_ACCESS,
  query: org.extend({ deviceName: z.string().min(1).max(100) }),
  response: z.object({
    available: z.boolean(),
    deviceId: z.number().int().nullable(),
    message: z.string().nullable(),
  }),
});
export const installSiteLocationsEndpoint = endpoint({
  method: 'GET',
  path: '/api/site/siteLocationsForInstall/',
  access: INSTALL_ACCESS,
  query: org,
  response: z.array(installSiteSchema),
});
export const deviceDiagnosticsEndpoint = endpoint({
  method: 'GET',
  path: '/api/device/deviceDiagnostics/',
  access: INSTALL_ACCESS,
  query: org.extend({
    deviceInstallationId: queryIdSchema,
    deviceMeasurementFromTimes: repeatedFromTimes,
    windDataFromTime: z.iso.datetime().optional(),
  }),
  response: diagnosticsSchema,
});
