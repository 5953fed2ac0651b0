// Messages between the server and its file workers (server/services/file-pool/file-worker.ts).
import type { CsvRow, CsvRowError } from '../../../src/codec/csv-parse';
import type { CsvColumn } from '../../../src/domain/csv-column';

export interface CsvTask {
  kind: 'csv';
  bytes: Uint8Array;
  columns: CsvColumn[];
  maxRows: number;
}

export type FileTask = CsvTask;

/**
 * A result arrives in batches: one structured-clone message of 10,000 rows takes the event loop tens of
 * milliseconds to deserialise, batches of 500 take a millisecond or two each.
 */
export type WorkerMessage =
  | { kind: 'rows'; rows: CsvRow<string>[] }
  | { kind: 'errors'; errors: CsvRowError[] }
  | { kind: 'done'; headers: string[]; warnings: string[] }
  | { kind: 'fail'; message: string; user: boolean };

export const RESULT_BATCH = 500;
