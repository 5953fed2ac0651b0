// The csvRecords file of a multipart upload (bulk sites, bulk devices), checked by the same rule as the dialogs.
import type { FastifyRequest } from 'fastify';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { HttpError } from './define-route';

export const BULK_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

/** The uploaded csvRecords file, checked by the same rule as the dialog. */
export async function readCsvRecords(request: FastifyRequest): Promise<Uint8Array> {
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

