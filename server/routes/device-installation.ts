// Installation and quarantine of a device (spec 2 §4 'Installation', 'Quarantine'; §5; §7 deviceInstall/,
// endDeviceInstallation/, changeDeviceQuarantineType/, willQuarantineStopModellingPipeline/), all recorded in audit.
import {
  changeQuarantineEndpoint,
  deviceInstallationsEndpoint,
  endInstallationEndpoint,
  startInstallationEndpoint,
  willQuarantineStopPipelineEndpoint,
} from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import {
  changeQuarantine,
  deviceInstallations,
  endInstallation,
  startInstallation,
  willQuarantineStopPipeline,
} from '../services/device-installation';

export const deviceInstallationRoutes = [
  defineRoute(deviceInstallationsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A device's installations, newest first",
    handler: ({ database, organizationId, query }) => deviceInstallations(database, organizationId!, query),
  }),
  defineRoute(startInstallationEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Starts an installation at a site; an installed device has its current installation ended first',
    example: { body: { deviceId: 1, siteId: 1, locationLatLng: '31.9,-102.1', height: 2.5, azimuth: null } },
    handler: ({ body, database, organizationId, user }) => startInstallation(database, user!, organizationId!, body),
  }),
  defineRoute(endInstallationEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Ends the device's current installation; its measurements stop being reported",
    example: { body: { deviceId: 1 } },
    handler: ({ body, database, organizationId, user }) => endInstallation(database, user!, organizationId!, body),
  }),
  defineRoute(willQuarantineStopPipelineEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "Whether quarantining the device stops its site's model (it is the site's last active device)",
    handler: ({ database, organizationId, query }) => willQuarantineStopPipeline(database, organizationId!, query),
  }),
  defineRoute(changeQuarantineEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Changes the installation type (quarantine state); quarantining a site's last active device stops its model",
    example: { body: { deviceId: 1, newDeviceInstallationType: 1, quarantineNotes: 'Inlet blocked' } },
    handler: ({ body, database, organizationId, user }) => changeQuarantine(database, user!, organizationId!, body),
  }),
];
