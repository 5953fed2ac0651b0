// The CSV file of a multipart upload (bulk sites, devices, sensor configurations), checked by the same rule as the dialogs.
import type { FastifyRequest } from 'fastify';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { DomainError } from '../services/errors';

export const BULK_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

/** The uploaded CSV file (field csvRecords, or csvFile for sensor configurations), checked by the same rule as the dialog. */
export async function readCsvRecords(request: FastifyRequest, field = 'csvRecords'): Promise<Uint8Array> {
  const missing = () =>
    new DomainError('Invalid', CSV_UPLOAD_MESSAGES.required, { [field]: [CSV_UPLOAD_MESSAGES.required] });
  if (!request.isMultipart()) throw missing();
  const part = await request.file({ limits: { fileSize: BULK_FILE_LIMIT_BYTES, files: 1, fields: 5 } });
  if (!part || part.fieldname !== field) throw missing();
  const tooLarge = () => new DomainError('TooLarge', `The file is larger than ${BULK_FILE_LIMIT_BYTES / 1048576} MB.`);
  // Chunks are copied into shared memory as they arrive: the file worker then reads it without a copy, and no
  // 20 MB concatenation or structured clone holds the event loop (pages are only touched as they are written).
  const store = new Uint8Array(new SharedArrayBuffer(BULK_FILE_LIMIT_BYTES));
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (part.file.truncated || size + chunk.length > store.length) throw tooLarge();
      store.set(chunk, size);
      size += chunk.length;
    }
  } catch {
    throw tooLarge();
  }
  if (part.file.truncated) throw tooLarge();
  const problem = checkCsvUpload({ name: part.filename, type: part.mimetype, size });
  if (problem) throw new DomainError('Invalid', problem, { [field]: [problem] });
  return store.subarray(0, size);
}
