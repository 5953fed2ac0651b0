// Bulk add/edit devices (spec 2 §2, §5, §7 bulkUpsertDevices/, deviceBulkUpsertTemplate/, §8): the template (blank,
// or the chosen devices) and the upload of every row or none.
import { bulkUpsertDevicesEndpoint, deviceBulkTemplateEndpoint } from '@/contracts/device';
import { readCsvRecords } from '../http/csv-records';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { applyBulkDevices, deviceBulkTemplate } from '../services/device-bulk';

export const deviceBulkRoutes = [
  defineRoute(deviceBulkTemplateEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'The bulk device CSV: blank without device ids, otherwise with those devices of the organization',
    example: { body: { deviceIds: [] } },
    handler: async ({ body, organizationId, database, reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="DeviceBulkUpload.csv"')
        .send(await deviceBulkTemplate(database, organizationId!, body.deviceIds)),
  }),
  defineRoute(bulkUpsertDevicesEndpoint, {
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Adds (rows without Id) and edits devices from a CSV upload: every row or none',
    multipart: true,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request);
      try {
        return await applyBulkDevices(database, bytes, user!, organizationId!);
      } catch (e) {
        // A file with problems is an answer (as for bulk sites): the error and each row's problems; nothing was written.
        if (e instanceof DomainError && e.kind === 'Invalid')
          return { rowsChanged: 0, particleErrors: [], error: e.message, errors: e.errors ?? {} };
        throw e;
      }
    },
  }),
];
