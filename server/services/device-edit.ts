// Device add/edit (spec 2 §3 'Device edit', §5): the form of a device of the organization, its save (moving a device to
// another organization needs DeviceAdministration in both), and the hardware option lists.
import type { z } from 'zod';
import type { deviceEditEndpoint, saveDeviceEndpoint } from '@/contracts/device';
import { HARDWARE_ITEMS } from '@/domain/device-form';
import { hasAnyPermission, Permission } from '@/domain/permissions';
import type { Database } from '../db/client';
import type { SignedInUser } from './callers';
import { loadDeviceEdit, saveDevice } from './device-save';
import { DomainError } from './errors';
import { accessToOrganization } from './signed-in-user';

export async function hardwareItemOptions(database: Database) {
  const rows = await database.query<{ id: number; item: string; name: string }>(
    'SELECT id, item, name FROM device_hardware_options ORDER BY item, lower(name)',
  );
  const out: Record<string, { id: number; name: string }[]> = Object.fromEntries(
    HARDWARE_ITEMS.map((h) => [h.key, []]),
  );
  for (const r of rows) out[r.item]?.push({ id: r.id, name: r.name });
  return out;
}

export async function deviceEditOf(
  database: Database,
  organizationId: number,
  query: z.infer<NonNullable<(typeof deviceEditEndpoint)['query']>>,
) {
  const device = await loadDeviceEdit(database, query.deviceId);
  if (!device || device.organizationId !== organizationId) throw new DomainError('NotFound', 'Device not found');
  return device;
}

export async function saveDeviceOfOrganization(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  permissions: ReadonlySet<number>,
  body: z.infer<NonNullable<(typeof saveDeviceEndpoint)['body']>>,
) {
  return database.transaction(async (tx) => {
    const before = body.id === 0 ? null : await loadDeviceEdit(tx, body.id, true);
    if (body.id !== 0) {
      if (!before) throw new DomainError('NotFound', 'Device not found');
      const access = await accessToOrganization(tx, user, before.organizationId);
      // A device of an organization the user cannot administer is as unknown as a missing one.
      if (!access.ok || !hasAnyPermission(access.permissions, [Permission.DeviceAdministration]))
        throw new DomainError('NotFound', 'Device not found');
    }
    const saved = await saveDevice(tx, body, before, { organizationId: organizationId, permissions, user: user });
    return { ...saved, particleError: null };
  });
}
