// Bulk add/edit devices (spec 2 §2 'Bulk add/edit devices dialog', §5, §8): the CSV columns the Template writes and
// the upload reads. A row with an Id updates that device; a row without one adds a device.
import { z } from 'zod';
import type { CsvColumn } from './csv-column';
import { EDIT_SERIAL_NUMBERS, HARDWARE_ITEMS, type DeviceKind } from './device-form';

export const DEVICE_BULK_COLUMNS: readonly CsvColumn[] = [
  { key: 'id', header: 'Id' },
  { key: 'name', header: 'Name', required: true },
  { key: 'deviceType', header: 'Device Type', required: true },
  { key: 'organization', header: 'Organization' },
  { key: 'thirdPartyId', header: 'Third Party Id' },
  { key: 'thirdPartySerialNumber', header: 'Third Party Serial Number' },
  { key: 'pcbQrCode', header: 'PCB QR Code' },
  ...HARDWARE_ITEMS.map((h) => ({ key: h.key, header: h.label })),
  ...EDIT_SERIAL_NUMBERS.map((s) => ({ key: s.key, header: s.label })),
  { key: 'inletVentDcaCleanoutTime', header: 'Inlet Vent & DCA Cleanout', aliases: ['Inlet Vent and DCA Cleanout'] },
  { key: 'productionNotes', header: 'Production Notes' },
];

/** 'Qube', 'Qube Lite' / 'QubeLite', 'Qube Camera' / 'QubeCamera' (any case). */
export function readDeviceKind(text: string): DeviceKind | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  return t === 'qube' ? 'Qube' : t === 'qubelite' ? 'QubeLite' : t === 'qubecamera' ? 'QubeCamera' : null;
}

export const bulkDevicesChangedToast = (n: number) => `${n} device(s) successfully changed`;
export const DEVICE_BULK_MAX_ROWS = 5000;

/** The upload's answer: rows changed and device-cloud errors, or the file's problems by row (nothing changed). */
export const bulkDevicesAnswerSchema = z.object({
  rowsChanged: z.number().int(),
  particleErrors: z.array(z.string()),
  error: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
