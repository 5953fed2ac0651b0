// File parsing jobs: each runs in a worker of its own, so that cancelling (the dialog closed, the page left) or a
// file that never finishes decoding is ended by terminating the worker, which no in-worker check could do.
import * as Comlink from 'comlink';
import type { ParsedBasemap } from '../domain/basemap';
import type { InspectionDraft, ParseSummary } from '../domain/inspection-kmz';
import type { InputFile } from '../codec/basemap';
import type { CsvParseResult } from '../codec/csv-parse';
import type { CsvColumn } from '../domain/csv-column';
import { CancelledError, FileParseError, type ProgressCallback } from '../codec/file-errors';

/** Long enough for a 100 MB CSV or a big GeoTIFF on a slow laptop, short enough that a hostile file cannot hang the dialog. */
export const FILE_JOB_TIMEOUT_MS = 120_000;
export const fileTimedOut = (seconds: number) =>
  `Reading the file took longer than ${seconds} seconds and was stopped. Please check the file or choose a smaller one.`;
export const FILE_WORKER_FAILED =
  'The file could not be read: the browser stopped the reading worker. Please try again or choose a smaller file.';

export interface FileJobOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  timeoutMs?: number;
}

type Remote = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Errors cross the worker boundary as plain Errors; their name says which kind they were. */
function revive(error: unknown): Error {
  if (error instanceof Error) {
    if (error.name === 'FileParseError') return new FileParseError(error.message);
    if (error.name === 'CancelledError') return new CancelledError();
    return error;
  }
  return new Error(String(error));
}

export function runFileJob<T>(
  createWorker: () => Worker,
  method: string,
  args: unknown[],
  options: FileJobOptions = {},
): Promise<T> {
  if (options.signal?.aborted) return Promise.reject(new CancelledError());
  const worker = createWorker();
  const timeoutMs = options.timeoutMs ?? FILE_JOB_TIMEOUT_MS;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(new CancelledError()));
    const timer = setTimeout(
      () => finish(() => reject(new FileParseError(fileTimedOut(Math.round(timeoutMs / 1000))))),
      timeoutMs,
    );
    options.signal?.addEventListener('abort', onAbort);
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      finish(() => reject(new FileParseError(FILE_WORKER_FAILED)));
    });
    const remote = Comlink.wrap<Remote>(worker);
    const progress = options.onProgress;
    const call = remote[method];
    if (!call) {
      finish(() => reject(new Error(`Unknown worker method ${method}`)));
      return;
    }
    call(
      ...args,
      progress ? Comlink.proxy((fraction: number, stage: string) => !settled && progress(fraction, stage)) : undefined,
    ).then(
      (value) =>
        finish(() => {
          // Progress travels on its own channel and may trail the result; the caller still sees the job reach 100%.
          progress?.(1, 'Done');
          resolve(value as T);
        }),
      (error: unknown) => finish(() => reject(revive(error))),
    );
  });
}

const basemapWorker = () =>
  new Worker(new URL('../../workers/basemap.worker.ts', import.meta.url), { type: 'module', name: 'basemap' });
const csvWorker = () =>
  new Worker(new URL('../../workers/csv.worker.ts', import.meta.url), { type: 'module', name: 'csv' });

async function readFiles(files: readonly File[]): Promise<InputFile[]> {
  return Promise.all(
    files.map(async (f) => ({ name: f.name, type: f.type, bytes: new Uint8Array(await f.arrayBuffer()) })),
  );
}

export const fileJobs = {
  /** Spec 3 §5 'Basemap': one image, a KML with its image, a KMZ or a GeoTIFF. */
  async parseBasemap(files: readonly File[], options?: FileJobOptions): Promise<ParsedBasemap> {
    const inputs = await readFiles(files);
    return runFileJob(
      basemapWorker,
      'parseBasemap',
      [
        Comlink.transfer(
          inputs,
          inputs.map((i) => i.bytes.buffer as ArrayBuffer),
        ),
      ],
      options,
    );
  },
  /** 'Load Aerial KMZ': the inspection drafts a KMZ holds. */
  async readInspectionKmz(
    file: File,
    options?: FileJobOptions,
  ): Promise<{ inspections: InspectionDraft[]; parseSummary: ParseSummary }> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return runFileJob(basemapWorker, 'readInspectionKmz', [Comlink.transfer(bytes, [bytes.buffer])], options);
  },
  /** Bulk uploads: the rows of a CSV mapped to the upload's columns, with per-row errors. */
  async parseCsv<K extends string>(
    file: File,
    columns: readonly CsvColumn<K>[],
    options?: FileJobOptions,
  ): Promise<CsvParseResult<K>> {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return runFileJob(csvWorker, 'parseCsv', [Comlink.transfer(bytes, [bytes.buffer]), [...columns]], options);
  },
};
