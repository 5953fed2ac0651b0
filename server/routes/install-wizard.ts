// The Mobile Install Wizard's calls (spec 2 §7 deviceOptionsForInstall/, getDeviceInstallAvailability/,
// siteLocationsForInstall, deviceDiagnostics/): the devices and sites to choose from, whether a scanned device may be
// installed, and the live readings of a new installation.
import {
  deviceDiagnosticsEndpoint,
  installAvailabilityEndpoint,
  installDeviceOptionsEndpoint,
  installSiteLocationsEndpoint,
} from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import {
  deviceDiagnostics,
  installAvailability,
  installDeviceOptions,
  installSiteLocations,
} from '../services/install-wizard';

export const installWizardRoutes = [
  defineRoute(installDeviceOptionsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's devices the wizard may install, with where each stands now",
    handler: ({ organizationId, database }) => installDeviceOptions(database, organizationId!),
  }),
  defineRoute(installAvailabilityEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Whether a device (by name, as scanned) may be installed by this organization',
    handler: ({ query, organizationId, database }) => installAvailability(database, organizationId!, query.deviceName),
  }),
  defineRoute(installSiteLocationsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's live sites with their centres, for choosing where to install",
    handler: ({ organizationId, database }) => installSiteLocations(database, organizationId!),
  }),
  defineRoute(deviceDiagnosticsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "An installation's readings since the times given per type (type:ISO, repeated) and wind since windDataFromTime",
    example: { query: { deviceInstallationId: '1' } },
    handler: ({ query, organizationId, database }) => deviceDiagnostics(database, organizationId!, query),
  }),
];
