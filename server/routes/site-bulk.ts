// Bulk site upload (spec 1 §2 'Upload Sites', §4 verification, §7): multipart csvRecords; the verification call
// counts the sites an upload would create, the upsert writes every row or none. Problems in the file are an answer
// with an error field (spec 1 §7); a request without a CSV file is refused with 400.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bulkSitesAnswerSchema } from '@/contracts/site';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { Permission } from '@/domain/permissions';
import { defineRoute, HttpError } from '../http/define-route';
import { applyBulkSites, planBulkSites } from '../services/site-bulk';

export const BULK_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

/** The uploaded csvRecords file, checked by the same rule as the dialog. */
async function readCsvRecords(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw new HttpError(400, CSV_UPLOAD_MESSAGES.required, { csvRecords: [CSV_UPLOAD_MESSAGES.required] });
  const part = await request.file({ limits: { fileSize: BULK_FILE_LIMIT_BYTES, files: 1, fields: 5 } });
  if (!part || part.fieldname !== 'csvRecords') throw new HttpError(400, CSV_UPLOAD_MESSAGES.required, { csvRecords: [CSV_UPLOAD_MESSAGES.required] });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw new HttpError(413, `The file is larger than ${BULK_FILE_LIMIT_BYTES / 1048576} MB.`);
  }
  const problem = checkCsvUpload({ name: part.filename, type: part.mimetype, size: bytes.length });
  if (problem) throw new HttpError(400, problem, { csvRecords: [problem] });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const params = z.object({ organizationId: z.coerce.number().int().positive() });

export const siteBulkRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/site/verifyBulkSites/:organizationId',
    access: [Permission.BulkSiteAddEdit],
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Checks an upload of sites and counts the new sites it would create; changes nothing',
    params,
    multipart: true,
    response: bulkSitesAnswerSchema,
    handler: async ({ request, organizationId, database }) => {
      const plan = await planBulkSites(database, await readCsvRecords(request), organizationId!);
      // A file with problems is a normal answer of a verification: the error and each row's problems.
      if (!plan.ok) return { newSites: 0, error: plan.detail, errors: plan.errors };
      return { newSites: plan.sites.filter((s) => s.id === null).length };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/site/bulkUpsertSites/:organizationId',
    access: [Permission.BulkSiteAddEdit],
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Creates and updates sites from an upload: every row or none',
    params,
    multipart: true,
    response: bulkSitesAnswerSchema,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request);
      return database.transaction(async (tx) => {
        // Planned inside the transaction so ids checked are the ids written.
        const plan = await planBulkSites(tx, bytes, organizationId!);
        if (!plan.ok) return { rowsChanged: 0, error: plan.detail, errors: plan.errors };
        return { rowsChanged: await applyBulkSites(tx, plan.sites, organizationId!, user!) };
      });
    },
  }),
];
