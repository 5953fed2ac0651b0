// Device Health grid and Devices page rows (spec 2 §2, §3 'Device health row', §7 deviceHealth/, deviceList/).
import { z } from 'zod';
import { deviceHealthRowSchema, deviceListRowSchema } from '@/contracts/device';
import { Permission } from '@/domain/permissions';
import { defineRoute } from '../http/define-route';
import { loadDeviceHealthRows, loadDeviceListRows } from '../services/device-rows';

export const deviceHealthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/device/deviceHealth/',
    access: [Permission.DeviceAdministration],
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Every device of the organization (or one, by deviceId) with its installation, device-cloud state and latest readings',
    query: z.object({ organizationId: z.coerce.number().int().positive(), deviceId: z.coerce.number().int().positive().optional() }),
    response: z.array(deviceHealthRowSchema),
    handler: ({ query, organizationId, database }) => loadDeviceHealthRows(database, organizationId!, query.deviceId ?? null),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/device/deviceList/',
    access: [Permission.DeviceView],
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Every device of the organization for the Devices page',
    query: z.object({ organizationId: z.coerce.number().int().positive() }),
    response: z.array(deviceListRowSchema),
    handler: ({ organizationId, database }) => loadDeviceListRows(database, organizationId!),
  }),
];
