// Bulk add/edit devices (spec 2 §2, §5, §7 bulkUpsertDevices/, deviceBulkUpsertTemplate/, §8): the template (blank,
// or the chosen devices) and the upload of every row or none.
import { bulkUpsertDevicesEndpoint, deviceBulkTemplateEndpoint } from '@/contracts/device';
import { DEVICE_BULK_COLUMNS } from '@/domain/device-bulk';
import { toCsv } from '@/domain/csv';
import { EDIT_SERIAL_NUMBERS, HARDWARE_ITEMS, DEVICE_KIND_LABEL } from '@/domain/device-form';
import { readCsvRecords } from '../http/csv-records';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { applyBulkDevices } from '../services/device-bulk';
import { loadDeviceEdit } from '../services/device-save';

export const deviceBulkRoutes = [
  defineRoute(deviceBulkTemplateEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'The bulk device CSV: blank without device ids, otherwise with those devices of the organization',
    example: { body: { deviceIds: [] } },
    handler: async ({ body, organizationId, database, reply }) => {
      const [org] = await database.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [
        organizationId,
      ]);
      const rows = [];
      for (const id of [...new Set(body.deviceIds)]) {
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
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="DeviceBulkUpload.csv"')
        .send(
          toCsv(
            DEVICE_BULK_COLUMNS.map((c) => c.header),
            rows,
          ),
        );
    },
  }),
  defineRoute(bulkUpsertDevicesEndpoint, {
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Adds (rows without Id) and edits devices from a CSV upload: every row or none',
    multipart: true,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request);
      try {
        return await database.transaction((tx) => applyBulkDevices(tx, bytes, user!, organizationId!));
      } catch (e) {
        // A file with problems is an answer (as for bulk sites): the error and each row's problems; nothing was written.
        if (e instanceof DomainError && e.kind === 'Invalid')
          return { rowsChanged: 0, particleErrors: [], error: e.message, errors: e.errors ?? {} };
        throw e;
      }
    },
  }),
];
