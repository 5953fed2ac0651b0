// Device add/edit (spec 2 §2 'Device add/edit dialog', §3 'Device edit', §5) and the hardware option lists.
import { deviceEditEndpoint, hardwareItemOptionsEndpoint, saveDeviceEndpoint } from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import { deviceEditOf, hardwareItemOptions, saveDeviceOfOrganization } from '../services/device-edit';

export const deviceEditRoutes = [
  defineRoute(hardwareItemOptionsEndpoint, {
    orgScope: false,
    summary: 'The values each hardware item can take',
    handler: ({ database }) => hardwareItemOptions(database),
  }),
  defineRoute(deviceEditEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "One device's form values",
    handler: ({ database, organizationId, query }) => deviceEditOf(database, organizationId!, query),
  }),
  defineRoute(saveDeviceEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Adds (id 0) or edits a device; moving it to another organization needs DeviceAdministration in both',
    example: {
      body: {
        id: 0,
        name: 'A-90001',
        deviceType: 'Qube',
        pcbQrCode: null,
        thirdPartyId: 'e00fce68a1b2c3d4e5f60001',
        thirdPartySerialNumber: 'P034-90001',
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
      },
    },
    handler: ({ body, database, organizationId, permissions, user }) =>
      saveDeviceOfOrganization(database, user!, organizationId!, permissions, body),
  }),
];
