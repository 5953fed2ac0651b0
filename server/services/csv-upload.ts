// An uploaded CSV read for a service that takes every row or none (device bulk, sensor configurations, emission
// targets), written once: the file's own problem (not a CSV, too many rows) as 400, the rows' problems by 'Row N'
// for the service to add its own to, and 400 with the service's message when the file has no rows.
import type { CsvRow } from '../../src/codec/csv-parse';
import { FileParseError } from '../../src/codec/file-errors';
import type { CsvColumn } from '../../src/domain/csv-column';
import { DomainError } from './errors';
import { parseCsvUpload } from './file-pool/pool';

export async function readCsvUpload<K extends string>(
  bytes: Uint8Array,
  columns: readonly CsvColumn<K>[],
  maxRows: number,
  emptyMessage: string,
): Promise<{ rows: CsvRow<K>[]; errors: Record<string, string[]> }> {
  let parsed;
  try {
    parsed = await parseCsvUpload(bytes, columns, maxRows);
  } catch (e) {
    if (e instanceof FileParseError) throw new DomainError('Invalid', e.message);
    throw e;
  }
  const errors: Record<string, string[]> = {};
  for (const e of parsed.errors) (errors[`Row ${e.row}`] ??= []).push(e.message.replace(/^Row \d+: /, ''));
  if (parsed.rows.length === 0 && parsed.errors.length === 0) throw new DomainError('Invalid', emptyMessage);
  return { rows: parsed.rows, errors };
}
