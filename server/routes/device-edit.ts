// Device add/edit (spec 2 §2 'Device add/edit dialog', §3 'Device edit', §5) and the hardware option lists.
import { z } from 'zod';
import { deviceEditResultSchema, deviceEditSchema, hardwareItemOptionsSchema, type DeviceEdit } from '@/contracts/device';
import { deviceFormSchema, EDIT_SERIAL_NUMBERS, FREE_TYPED_HARDWARE_MESSAGE, freeTypedHardware, HARDWARE_ITEMS, type DeviceForm, type HardwareItem } from '@/domain/device-form';
import { hasAnyPermission, Permission } from '@/domain/permissions';
import type { Queryable } from '../db/client';
import { defineRoute, HttpError } from '../http/define-route';
import { zodErrors } from '../http/register-route';
import { changedValues, recordAudit } from '../services/audit';
import { accessToOrganization } from '../services/signed-in-user';

interface EditRow extends Record<string, unknown> {
  id: number;
  name: string;
  organization_id: number;
  device_type: DeviceEdit['deviceType'];
  pcb_qr_code: string | null;
  third_party_id: string | null;
  third_party_serial_number: string | null;
  hardware: Record<string, number>;
  serial_numbers: Record<string, string>;
  inlet_vent_dca_cleanout_time: Date | string | null;
  production_notes: string | null;
}

/** Serial numbers of the edit form, stored by part name (anemometerSerialNumber -> anemometer). */
const partOf = (key: string) => key.replace(/SerialNumber$/, '');

async function loadDeviceEdit(db: Queryable, deviceId: number, lock = false): Promise<DeviceEdit | null> {
  const [r] = await db.query<EditRow>(
    `SELECT id, name, organization_id, device_type, pcb_qr_code, third_party_id, third_party_serial_number, hardware, serial_numbers,
            inlet_vent_dca_cleanout_time, production_notes
       FROM devices WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [deviceId],
  );
  if (!r) return null;
  const ids = Object.values(r.hardware ?? {});
  const names = new Map((ids.length ? await db.query<{ id: number; name: string }>('SELECT id, name FROM device_hardware_options WHERE id = ANY($1::int[])', [ids]) : []).map((o) => [o.id, o.name]));
  const hardware = Object.fromEntries(
    HARDWARE_ITEMS.map((h) => {
      const id = r.hardware?.[h.key];
      return [h.key, id !== undefined && names.has(id) ? { id, name: names.get(id)! } : null];
    }),
  ) as Record<HardwareItem, { id: number; name: string } | null>;
  const serials = Object.fromEntries(EDIT_SERIAL_NUMBERS.map((s) => [s.key, r.serial_numbers?.[partOf(s.key)] ?? null])) as Pick<DeviceEdit, (typeof EDIT_SERIAL_NUMBERS)[number]['key']>;
  return {
    id: r.id,
    name: r.name,
    organizationId: r.organization_id,
    deviceType: r.device_type,
    pcbQrCode: r.pcb_qr_code,
    thirdPartyId: r.third_party_id,
    thirdPartySerialNumber: r.third_party_serial_number,
    ...hardware,
    ...serials,
    inletVentDcaCleanoutTime: r.inlet_vent_dca_cleanout_time === null ? null : new Date(r.inlet_vent_dca_cleanout_time).toISOString(),
    productionNotes: r.production_notes,
  };
}

/** Hardware choices as stored ids; free-typed names become options (reusing one of the same name). */
async function hardwareIds(db: Queryable, form: DeviceForm): Promise<{ ids: Record<string, number>; errors: Record<string, string[]> }> {
  const ids: Record<string, number> = {};
  const errors: Record<string, string[]> = {};
  for (const h of HARDWARE_ITEMS) {
    const choice = form[h.key];
    if (!choice) continue;
    if (choice.id > 0) {
      const [known] = await db.query<{ id: number }>('SELECT id FROM device_hardware_options WHERE id = $1 AND item = $2', [choice.id, h.key]);
      if (!known) errors[h.key] = [`${h.label} is not one of the known values`];
      else ids[h.key] = known.id;
    } else {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO device_hardware_options (item, name) VALUES ($1, $2)
         ON CONFLICT (item, lower(name)) DO UPDATE SET name = device_hardware_options.name RETURNING id`,
        [h.key, choice.name.trim()],
      );
      ids[h.key] = row!.id;
    }
  }
  return { ids, errors };
}

/** The audited view: hardware by name so the history reads. */
function auditable(d: DeviceEdit): Record<string, unknown> {
  const { id: _id, ...rest } = d;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v !== null && typeof v === 'object' && 'name' in v ? v.name : v]));
}

const deviceBodySchema = z.object({ id: z.number().int().min(0) }).passthrough();

export const deviceEditRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/device/deviceHardwareItemOptions/',
    access: [Permission.DeviceAdministration],
    orgScope: false,
    summary: 'The values each hardware item can take',
    response: hardwareItemOptionsSchema,
    handler: async ({ database }) => {
      const rows = await database.query<{ id: number; item: string; name: string }>('SELECT id, item, name FROM device_hardware_options ORDER BY item, lower(name)');
      const out: Record<string, { id: number; name: string }[]> = Object.fromEntries(HARDWARE_ITEMS.map((h) => [h.key, []]));
      for (const r of rows) out[r.item]?.push({ id: r.id, name: r.name });
      return out;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/device/deviceEdit/',
    access: [Permission.DeviceAdministration],
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "One device's form values",
    query: z.object({ organizationId: z.coerce.number().int().positive(), deviceId: z.coerce.number().int().positive() }),
    response: deviceEditSchema,
    handler: async ({ query, organizationId, database }) => {
      const device = await loadDeviceEdit(database, query.deviceId);
      if (!device || device.organizationId !== organizationId) throw new HttpError(404, 'Device not found');
      return device;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/device/deviceEdit/',
    access: [Permission.DeviceAdministration],
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Adds (id 0) or edits a device; moving it to another organization needs DeviceAdministration in both',
    body: deviceBodySchema,
    response: deviceEditResultSchema,
    example: {
      body: {
        id: 0, name: 'A-90001', deviceType: 'Qube', pcbQrCode: null, thirdPartyId: 'e00fce68a1b2c3d4e5f60001', thirdPartySerialNumber: 'P034-90001',
        anemometer: null, battery: null, solar: null, fan: null, pcbVersion: null, antenna: null, inletFilter: null,
        anemometerSerialNumber: null, batterySerialNumber: null, solarSerialNumber: null, fanSerialNumber: null, pcbSerialNumber: null, daughterCardSerialNumber: null,
        inletVentDcaCleanoutTime: null, productionNotes: null,
      },
    },
    handler: async ({ body, organizationId, permissions, user, database }) =>
      database.transaction(async (tx) => {
        const before = body.id === 0 ? null : await loadDeviceEdit(tx, body.id, true);
        if (body.id !== 0) {
          if (!before) throw new HttpError(404, 'Device not found');
          const access = await accessToOrganization(tx, user!, before.organizationId);
          // A device of an organization the user cannot administer is as unknown as a missing one.
          if (!access.ok || !hasAnyPermission(access.permissions, [Permission.DeviceAdministration])) throw new HttpError(404, 'Device not found');
        }
        const parsed = deviceFormSchema(before?.name ?? null).safeParse(body);
        if (!parsed.success) throw new HttpError(400, 'The request is not valid.', zodErrors(parsed.error));
        const form = parsed.data;
        if (freeTypedHardware(form).length > 0 && !permissions.has(Permission.QubeAdministration)) {
          throw new HttpError(400, 'The request is not valid.', Object.fromEntries(freeTypedHardware(form).map((k) => [k, [FREE_TYPED_HARDWARE_MESSAGE]])));
        }
        const [clash] = await tx.query<{ id: number }>('SELECT id FROM devices WHERE lower(name) = lower($1) AND id <> $2', [form.name, body.id]);
        if (clash) throw new HttpError(400, 'The request is not valid.', { name: ['A device with this name already exists'] });
        if (before && before.organizationId !== organizationId) {
          const [open] = await tx.query<{ id: number }>('SELECT id FROM device_installations WHERE device_id = $1 AND ended_at IS NULL', [before.id]);
          if (open) throw new HttpError(400, 'The request is not valid.', { organizationId: ['End the device installation before moving the device to another organization'] });
        }
        const hardware = await hardwareIds(tx, form);
        if (Object.keys(hardware.errors).length > 0) throw new HttpError(400, 'The request is not valid.', hardware.errors);
        const serials = Object.fromEntries(EDIT_SERIAL_NUMBERS.flatMap((s) => (form[s.key] ? [[partOf(s.key), form[s.key]]] : [])));
        const values = [
          form.name, organizationId, form.deviceType, form.pcbQrCode, form.thirdPartyId, form.thirdPartySerialNumber, JSON.stringify(hardware.ids),
          form.inletVentDcaCleanoutTime ? new Date(form.inletVentDcaCleanoutTime) : null, form.productionNotes,
        ];
        let deviceId = body.id;
        if (deviceId === 0) {
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO devices (name, organization_id, device_type, pcb_qr_code, third_party_id, third_party_serial_number, hardware, inlet_vent_dca_cleanout_time, production_notes, serial_numbers)
             VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10::jsonb) RETURNING id`,
            [...values, JSON.stringify(serials)],
          );
          deviceId = row!.id;
        } else {
          // Gas-sensor serial numbers are not on the form: keep them.
          await tx.query(
            `UPDATE devices SET name = $1, organization_id = $2, device_type = $3, pcb_qr_code = $4, third_party_id = $5, third_party_serial_number = $6,
                    hardware = $7::jsonb, inlet_vent_dca_cleanout_time = $8, production_notes = $9,
                    serial_numbers = (serial_numbers - $10::text[]) || $11::jsonb, updated_at = clock_timestamp()
              WHERE id = $12`,
            [...values, EDIT_SERIAL_NUMBERS.map((s) => partOf(s.key)), JSON.stringify(serials), deviceId],
          );
        }
        const after = (await loadDeviceEdit(tx, deviceId))!;
        await recordAudit(tx, {
          entityType: 'device', entityId: deviceId, organizationId, userId: user!.id, userName: user!.email,
          changes: changedValues(before ? auditable(before) : null, auditable(after)),
        });
        return { id: deviceId, name: after.name, particleError: null };
      }),
  }),
];
