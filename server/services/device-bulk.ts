// Bulk add/edit devices on the server: the CSV module the browser also uses, each row turned into the device form and
// saved by the same service as the dialog, inside one transaction — every row or none, with each row's problems.
import type { DeviceEdit } from '@/contracts/device';
import { DEVICE_BULK_COLUMNS, DEVICE_BULK_MAX_ROWS, readDeviceKind } from '@/domain/device-bulk';
import { toCsv } from '@/domain/csv';
import { DEVICE_KIND_LABEL, EDIT_SERIAL_NUMBERS, HARDWARE_ITEMS } from '@/domain/device-form';
import { Permission } from '@/domain/permissions';
import type { CsvRow } from '../../src/codec/csv-parse';
import type { Queryable } from '../db/client';
import { breathe } from './file-pool/breathe';
import { readCsvUpload } from './csv-upload';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import { loadDeviceEdit, saveDevice } from './device-save';
import { accessToOrganization, organizationsWith } from './signed-in-user';
import { inTransaction } from './transaction';

export interface BulkDevicesResult {
  rowsChanged: number;
  particleErrors: string[];
}

const fieldLabel = (key: string) => DEVICE_BULK_COLUMNS.find((c) => c.key === key)?.header ?? key;

/** Writes every row or throws 400 with the file's problems by row. Call inside a transaction. */
export async function applyBulkDevices(
  db: Queryable,
  bytes: Uint8Array,
  user: SignedInUser,
  selectedOrganizationId: number,
): Promise<BulkDevicesResult> {
  return inTransaction(db, async (tx) => {
    const { rows, errors } = await readCsvUpload(
      bytes,
      DEVICE_BULK_COLUMNS,
      DEVICE_BULK_MAX_ROWS,
      'The file has no device rows.',
    );

    const allowed = await organizationsWith(tx, user, Permission.DeviceAdministration);
    const orgs = await tx.query<{ id: number; name: string }>(
      'SELECT id, name FROM organizations WHERE id = ANY($1::int[])',
      [allowed],
    );
    const orgByName = new Map(orgs.map((o) => [o.name.toLowerCase(), o.id]));
    const options = await tx.query<{ id: number; item: string; name: string }>(
      'SELECT id, item, name FROM device_hardware_options',
    );
    const optionByName = new Map(options.map((o) => [`${o.item}:${o.name.toLowerCase()}`, o]));
    const permissionsIn = new Map<number, ReadonlySet<number>>();
    const seen = new Set<number>();
    let changed = 0;

    for (const [i, r] of (rows as CsvRow<string>[]).entries()) {
      await breathe(i);
      const v = r.values;
      const problems: string[] = [];
      let before: DeviceEdit | null = null;
      if (v.id) {
        const id = /^\d{1,9}$/.test(v.id) ? Number(v.id) : NaN;
        before = Number.isInteger(id) ? await loadDeviceEdit(tx, id, true) : null;
        if (!before || !allowed.includes(before.organizationId))
          problems.push(`Id ${v.id} is not a device you administer.`);
        else if (seen.has(id)) problems.push(`Id ${v.id} appears on more than one row.`);
        else seen.add(id);
      }
      const kind = readDeviceKind(v.deviceType ?? '');
      if (!kind) problems.push('Device Type must be Qube, Qube Lite or Qube Camera.');
      let organizationId = before?.organizationId ?? selectedOrganizationId;
      if (v.organization) {
        const id = orgByName.get(v.organization.toLowerCase());
        if (id === undefined) problems.push(`Organization ${v.organization} is not one you administer devices in.`);
        else organizationId = id;
      }
      let cleanout: string | null = null;
      if (v.inletVentDcaCleanoutTime) {
        const t = Date.parse(v.inletVentDcaCleanoutTime);
        if (Number.isNaN(t)) problems.push('Inlet Vent & DCA Cleanout must be a date (yyyy-mm-dd).');
        else cleanout = new Date(t).toISOString();
      }
      if (problems.length === 0 && before === null && !allowed.includes(organizationId))
        problems.push('You cannot add devices to the selected organization.');
      if (problems.length > 0) {
        (errors[`Row ${r.row}`] ??= []).push(...problems);
        continue;
      }
      const hardware = Object.fromEntries(
        HARDWARE_ITEMS.map((h) => {
          const name = (v[h.key] ?? '').trim();
          if (!name) return [h.key, null];
          const known = optionByName.get(`${h.key}:${name.toLowerCase()}`);
          return [h.key, known ? { id: known.id, name: known.name } : { id: 0, name }];
        }),
      );
      const form = {
        id: before?.id ?? 0,
        name: v.name ?? '',
        organizationId,
        deviceType: kind,
        pcbQrCode: v.pcbQrCode || null,
        thirdPartyId: v.thirdPartyId ?? '',
        thirdPartySerialNumber: v.thirdPartySerialNumber || null,
        ...hardware,
        ...Object.fromEntries(EDIT_SERIAL_NUMBERS.map((s) => [s.key, v[s.key] || null])),
        inletVentDcaCleanoutTime: cleanout,
        productionNotes: v.productionNotes || null,
      };
      if (!permissionsIn.has(organizationId)) {
        const access = await accessToOrganization(tx, user, organizationId);
        permissionsIn.set(organizationId, access.ok ? access.permissions : new Set());
      }
      try {
        await saveDevice(tx, form, before, { organizationId, permissions: permissionsIn.get(organizationId)!, user });
        changed++;
      } catch (e) {
        if (!(e instanceof DomainError) || e.kind !== 'Invalid') throw e;
        const messages = e.errors
          ? Object.entries(e.errors).flatMap(([k, ms]) =>
              ms.map((m) => (m.startsWith(fieldLabel(k.split('.')[0]!)) ? m : `${fieldLabel(k.split('.')[0]!)}: ${m}`)),
            )
          : [e.message];
        (errors[`Row ${r.row}`] ??= []).push(...messages);
      }
    }
    if (Object.keys(errors).length > 0) {
      const count = Object.keys(errors).length;
      // Thrown so the transaction rolls back: nothing is written when any row has a problem.
      throw new DomainError(
        'Invalid',
        `${count} row${count === 1 ? ' has' : 's have'} problems; nothing was changed.`,
        errors,
      );
    }
    return { rowsChanged: changed, particleErrors: [] };
  });
}

/** The bulk device CSV: blank without device ids, otherwise with those devices of the organization. */
export async function deviceBulkTemplate(
  database: Queryable,
  organizationId: number,
  deviceIds: readonly number[],
): Promise<string> {
  const [org] = await database.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [
    organizationId,
  ]);
  const rows = [];
  for (const id of [...new Set(deviceIds)]) {
    const d = await loadDeviceEdit(database, id);
    if (!d || d.organizationId !== organizationId) continue;
    rows.push([
      d.id,
      d.name,
      DEVICE_KIND_LABEL[d.deviceType],
      org?.name ?? '',
      d.thirdPartyId,
      d.thirdPartySerialNumber,
      d.pcbQrCode,
      ...HARDWARE_ITEMS.map((h) => d[h.key]?.name ?? ''),
      ...EDIT_SERIAL_NUMBERS.map((s) => d[s.key] ?? ''),
      d.inletVentDcaCleanoutTime ? d.inletVentDcaCleanoutTime.slice(0, 10) : '',
      d.productionNotes,
    ]);
  }
  return toCsv(
    DEVICE_BULK_COLUMNS.map((c) => c.header),
    rows,
  );
}
