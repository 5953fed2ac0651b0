// Saving one device (the add/edit dialog and each row of a bulk upload): the spec's validation, free-typed hardware
// only with QubeAdministration, unique names, no move of an installed device, and the audit entry.
import type { DeviceEdit } from '@/contracts/device';
import {
  deviceFormSchema,
  EDIT_SERIAL_NUMBERS,
  FREE_TYPED_HARDWARE_MESSAGE,
  freeTypedHardware,
  HARDWARE_ITEMS,
  type DeviceForm,
  type HardwareItem,
} from '@/domain/device-form';
import { Permission } from '@/domain/permissions';
import type { Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { DomainError, zodErrors } from './errors';
import { changedValues, recordAudit } from './audit';

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

export async function loadDeviceEdit(db: Queryable, deviceId: number, lock = false): Promise<DeviceEdit | null> {
  const [r] = await db.query<EditRow>(
    `SELECT id, name, organization_id, device_type, pcb_qr_code, third_party_id, third_party_serial_number, hardware, serial_numbers,
            inlet_vent_dca_cleanout_time, production_notes
       FROM devices WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [deviceId],
  );
  if (!r) return null;
  const ids = Object.values(r.hardware ?? {});
  const names = new Map(
    (ids.length
      ? await db.query<{ id: number; name: string }>(
          'SELECT id, name FROM device_hardware_options WHERE id = ANY($1::int[])',
          [ids],
        )
      : []
    ).map((o) => [o.id, o.name]),
  );
  const hardware = Object.fromEntries(
    HARDWARE_ITEMS.map((h) => {
      const id = r.hardware?.[h.key];
      return [h.key, id !== undefined && names.has(id) ? { id, name: names.get(id)! } : null];
    }),
  ) as Record<HardwareItem, { id: number; name: string } | null>;
  const serials = Object.fromEntries(
    EDIT_SERIAL_NUMBERS.map((s) => [s.key, r.serial_numbers?.[partOf(s.key)] ?? null]),
  ) as Pick<DeviceEdit, (typeof EDIT_SERIAL_NUMBERS)[number]['key']>;
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
    inletVentDcaCleanoutTime:
      r.inlet_vent_dca_cleanout_time === null ? null : new Date(r.inlet_vent_dca_cleanout_time).toISOString(),
    productionNotes: r.production_notes,
  };
}

/** Hardware choices as stored ids; free-typed names become options (reusing one of the same name). */
async function hardwareIds(
  db: Queryable,
  form: DeviceForm,
): Promise<{ ids: Record<string, number>; errors: Record<string, string[]> }> {
  const ids: Record<string, number> = {};
  const errors: Record<string, string[]> = {};
  for (const h of HARDWARE_ITEMS) {
    const choice = form[h.key];
    if (!choice) continue;
    if (choice.id > 0) {
      const [known] = await db.query<{ id: number }>(
        'SELECT id FROM device_hardware_options WHERE id = $1 AND item = $2',
        [choice.id, h.key],
      );
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
  return Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, v !== null && typeof v === 'object' && 'name' in v ? v.name : v]),
  );
}

/**
 * Validates and writes a device (id 0 adds). `before` is the stored device for an edit, already checked to be one the
 * user may change. Throws DomainError 400 with field errors.
 */
export async function saveDevice(
  tx: Queryable,
  body: unknown,
  before: DeviceEdit | null,
  ctx: { organizationId: number; permissions: ReadonlySet<number>; user: SignedInUser },
): Promise<{ id: number; name: string }> {
  const organizationId = ctx.organizationId;
  const user = ctx.user;
  const permissions = ctx.permissions;
  const parsed = deviceFormSchema(before?.name ?? null).safeParse(body);
  if (!parsed.success) throw new DomainError('Invalid', 'The request is not valid.', zodErrors(parsed.error));
  const form = parsed.data;
  if (freeTypedHardware(form).length > 0 && !permissions.has(Permission.QubeAdministration)) {
    throw new DomainError(
      'Invalid',
      'The request is not valid.',
      Object.fromEntries(freeTypedHardware(form).map((k) => [k, [FREE_TYPED_HARDWARE_MESSAGE]])),
    );
  }
  const [clash] = await tx.query<{ id: number }>('SELECT id FROM devices WHERE lower(name) = lower($1) AND id <> $2', [
    form.name,
    before?.id ?? 0,
  ]);
  if (clash)
    throw new DomainError('Invalid', 'The request is not valid.', { name: ['A device with this name already exists'] });
  if (before && before.organizationId !== organizationId) {
    const [open] = await tx.query<{ id: number }>(
      'SELECT id FROM device_installations WHERE device_id = $1 AND ended_at IS NULL',
      [before.id],
    );
    if (open)
      throw new DomainError('Invalid', 'The request is not valid.', {
        organizationId: ['End the device installation before moving the device to another organization'],
      });
  }
  const hardware = await hardwareIds(tx, form);
  if (Object.keys(hardware.errors).length > 0)
    throw new DomainError('Invalid', 'The request is not valid.', hardware.errors);
  const serials = Object.fromEntries(
    EDIT_SERIAL_NUMBERS.flatMap((s) => (form[s.key] ? [[partOf(s.key), form[s.key]]] : [])),
  );
  const values = [
    form.name,
    organizationId,
    form.deviceType,
    form.pcbQrCode,
    form.thirdPartyId,
    form.thirdPartySerialNumber,
    JSON.stringify(hardware.ids),
    form.inletVentDcaCleanoutTime ? new Date(form.inletVentDcaCleanoutTime) : null,
    form.productionNotes,
  ];
  let deviceId = before?.id ?? 0;
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
    entityType: 'device',
    entityId: deviceId,
    organizationId,
    userId: user.id,
    userName: user.email,
    changes: changedValues(before ? auditable(before) : null, auditable(after)),
  });
  return { id: deviceId, name: after.name };
}
