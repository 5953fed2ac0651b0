// CSV worker: bulk-upload files to mapped rows with per-row errors, off the UI thread.
import * as Comlink from 'comlink';
import { parseCsvBytes } from '../src/codec/csv-parse';
import type { CsvColumn } from '../src/domain/csv-column';
import type { ProgressCallback } from '../src/codec/file-errors';

const api = {
  parseCsv<K extends string>(bytes: Uint8Array, columns: CsvColumn<K>[], onProgress?: ProgressCallback) {
    return parseCsvBytes(bytes, columns, { onProgress });
  },
};

export type CsvWorkerApi = typeof api;
Comlink.expose(api);
