// Device Health grid and Devices page rows (spec 2 §2, §3 'Device health row', §7 deviceHealth/, deviceList/).
import { deviceHealthEndpoint, deviceHealthSiteListEndpoint, deviceListEndpoint } from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import { loadDeviceHealthRows, loadDeviceListRows } from '../services/device-rows';
import { deviceHealthSites } from '../services/device-map';

export const deviceHealthRoutes = [
  defineRoute(deviceHealthEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      'Every device of the organization (or one, by deviceId) with its installation, device-cloud state and latest readings',
    cached: true,
    handler: ({ query, organizationId, database }) =>
      loadDeviceHealthRows(database, organizationId!, query.deviceId ?? null),
  }),
  defineRoute(deviceListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Every device of the organization for the Devices page',
    cached: true,
    handler: ({ organizationId, database }) => loadDeviceListRows(database, organizationId!),
  }),
  defineRoute(deviceHealthSiteListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The organization's live sites for the map, each with its installed devices' online, quarantine and ticket state",
    cached: true,
    handler: ({ database, organizationId }) => deviceHealthSites(database, organizationId!),
  }),
];
