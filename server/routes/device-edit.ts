// Device add/edit (spec 2 §2 'Device add/edit dialog', §3 'Device edit', §5) and the hardware option lists.
import { deviceEditEndpoint, hardwareItemOptionsEndpoint, saveDeviceEndpoint } from '@/contracts/device';
import { HARDWARE_ITEMS } from '@/domain/device-form';
import { hasAnyPermission, Permission } from '@/domain/permissions';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { loadDeviceEdit, saveDevice } from '../services/device-save';
import { accessToOrganization } from '../services/signed-in-user';

export const deviceEditRoutes = [
  defineRoute(hardwareItemOptionsEndpoint, {
    orgScope: false,
    summary: 'The values each hardware item can take',
    handler: async ({ database }) => {
      const rows = await database.query<{ id: number; item: string; name: string }>(
        'SELECT id, item, name FROM device_hardware_options ORDER BY item, lower(name)',
      );
      const out: Record<string, { id: number; name: string }[]> = Object.fromEntries(
        HARDWARE_ITEMS.map((h) => [h.key, []]),
      );
      for (const r of rows) out[r.item]?.push({ id: r.id, name: r.name });
      return out;
    },
  }),
  defineRoute(deviceEditEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "One device's form values",
    handler: async ({ query, organizationId, database }) => {
      const device = await loadDeviceEdit(database, query.deviceId);
      if (!device || device.organizationId !== organizationId) throw new DomainError('NotFound', 'Device not found');
      return device;
    },
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
    handler: async ({ body, organizationId, permissions, user, database }) =>
      database.transaction(async (tx) => {
        const before = body.id === 0 ? null : await loadDeviceEdit(tx, body.id, true);
        if (body.id !== 0) {
          if (!before) throw new DomainError('NotFound', 'Device not found');
          const access = await accessToOrganization(tx, user!, before.organizationId);
          // A device of an organization the user cannot administer is as unknown as a missing one.
          if (!access.ok || !hasAnyPermission(access.permissions, [Permission.DeviceAdministration]))
            throw new DomainError('NotFound', 'Device not found');
        }
        const saved = await saveDevice(tx, body, before, { organizationId: organizationId!, permissions, user: user! });
        return { ...saved, particleError: null };
      }),
  }),
];
