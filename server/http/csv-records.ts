// The CSV file of a multipart upload (bulk sites, devices, sensor configurations), checked by the same rule as the dialogs.
import type { FastifyRequest } from 'fastify';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { HttpError } from './define-route';

export const BULK_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

/** The uploaded CSV file (field csvRecords, or csvFile for sensor configurations), checked by the same rule as the dialog. */
export async function readCsvRecords(request: FastifyRequest, field = 'csvRecords'): Promise<Uint8Array> {
  const missing = () => new HttpError(400, CSV_UPLOAD_MESSAGES.required, { [field]: [CSV_UPLOAD_MESSAGES.required] });
  if (!request.isMultipart()) throw missing();
  const part = await request.file({ limits: { fileSize: BULK_FILE_LIMIT_BYTES, files: 1, fields: 5 } });
  if (!part || part.fieldname !== field) throw missing();
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw new HttpError(413, `The file is larger than ${BULK_FILE_LIMIT_BYTES / 1048576} MB.`);
  }
  const problem = checkCsvUpload({ name: part.filename, type: part.mimetype, size: bytes.length });
  if (problem) throw new HttpError(400, problem, { [field]: [problem] });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

