// CSV uploads: PapaParse tokenises (chosen over uDSV by bench/csv-parsers: uDSV is faster but silently merges
// ragged rows and drops an unclosed quote, which an upload must report); this module maps headers to the
// upload's columns and reports each bad row by its number. Runs in the CSV worker and on the server.
import Papa from 'papaparse';
import { CancelledError, FileParseError, type ProgressCallback } from './file-errors';
import { decodeText } from './text-decode';
import type { CsvColumn } from '../domain/csv-column';

export interface CsvRowError {
  /** Spreadsheet row: the header is row 1. */
  row: number;
  message: string;
}

export interface CsvRow<K extends string> {
  row: number;
  values: Readonly<Record<K, string>>;
}

export interface CsvParseResult<K extends string> {
  headers: string[];
  rows: CsvRow<K>[];
  errors: CsvRowError[];
  warnings: string[];
}

export const MAX_CSV_BYTES = 100 * 1024 * 1024;

const normaliseHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** Maps the file's header cells to column keys; unknown headers are ignored with a warning. */
export function mapHeaders<K extends string>(
  headers: readonly string[],
  columns: readonly CsvColumn<K>[],
): { index: Map<K, number>; warnings: string[] } {
  const byName = new Map<string, CsvColumn<K>>();
  for (const c of columns) for (const name of [c.header, ...(c.aliases ?? [])]) byName.set(normaliseHeader(name), c);
  const index = new Map<K, number>();
  const ignored: string[] = [];
  headers.forEach((h, i) => {
    const column = byName.get(normaliseHeader(h));
    if (!column) {
      if (h.trim() !== '') ignored.push(h.trim());
      return;
    }
    if (index.has(column.key)) throw new FileParseError(`The column '${column.header}' appears more than once.`);
    index.set(column.key, i);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.key)).map((c) => c.header);
  if (missing.length > 0)
    throw new FileParseError(
      `The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `'${m}'`).join(', ')}.`,
    );
  const warnings =
    ignored.length > 0
      ? [
          `Column${ignored.length > 1 ? 's' : ''} ${ignored.map((m) => `'${m}'`).join(', ')} ${ignored.length > 1 ? 'are' : 'is'} not used and ${ignored.length > 1 ? 'were' : 'was'} ignored.`,
        ]
      : [];
  return { index, warnings };
}

const PAPA_MESSAGES: Readonly<Record<string, string>> = {
  MissingQuotes: 'a quoted value is never closed',
  InvalidQuotes: 'a value has a stray quote',
  UndetectableDelimiter: 'no comma separator was found',
};

/** The cap message every bulk upload uses; the parser stops as soon as a file passes it. */
export const tooManyRowsMessage = (max: number) => `The file has more than ${max} rows; please split it.`;

const DELIMITER_NAMES: Readonly<Record<string, string>> = {
  ',': 'commas',
  ';': 'semicolons',
  '\t': 'tabs',
  '|': 'vertical bars',
};

/**
 * The separator of the header line: spreadsheets in many locales save 'CSV' with semicolons, and tab-separated text
 * is often pasted in; the most frequent of , ; tab | outside quotes wins, commas on a tie.
 */
export function detectDelimiter(body: string): string {
  const counts = new Map<string, number>(Object.keys(DELIMITER_NAMES).map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < body.length && i < 64 * 1024; i++) {
    const c = body[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

export interface CsvParseOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  /** Data rows allowed (the header not counted); more stop the parse with tooManyRowsMessage. */
  maxRows?: number;
}

export function parseCsvText<K extends string>(
  text: string,
  columns: readonly CsvColumn<K>[],
  options: CsvParseOptions = {},
): CsvParseResult<K> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new FileParseError('The file is empty.');
  let headers: string[] | null = null;
  let mapping: ReturnType<typeof mapHeaders<K>> | null = null;
  const rows: CsvRow<K>[] = [];
  const errors: CsvRowError[] = [];
  let record = 0;
  let failure: Error | null = null;
  let nextReport = 0;
  const delimiter = detectDelimiter(body);
  const delimiterWarnings =
    delimiter === ','
      ? []
      : [`The file's values are separated by ${DELIMITER_NAMES[delimiter]}, not commas; it was read that way.`];
  Papa.parse<string[]>(body, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      record++;
      const row = record;
      if (options.signal?.aborted) {
        failure = new CancelledError();
        parser.abort();
        return;
      }
      // Refused as soon as the cap is passed (the header is record 1), not after reading a file of any length.
      if (options.maxRows !== undefined && record - 1 > options.maxRows) {
        failure = new FileParseError(tooManyRowsMessage(options.maxRows));
        parser.abort();
        return;
      }
      if (options.onProgress && result.meta.cursor >= nextReport) {
        nextReport = result.meta.cursor + body.length / 50;
        options.onProgress(result.meta.cursor / body.length, 'Reading rows');
      }
      const cells = result.data;
      if (headers === null) {
        headers = cells.map((c) => c.trim());
        try {
          mapping = mapHeaders(headers, columns);
        } catch (e) {
          failure = e instanceof Error ? e : new Error(String(e));
          parser.abort();
        }
        return;
      }
      if (result.errors.length > 0) {
        // One message per broken row: a row the tokeniser could not read has no meaningful value count either.
        for (const e of result.errors)
          errors.push({ row, message: `Row ${row}: ${PAPA_MESSAGES[e.code] ?? e.message}.` });
        return;
      }
      if (cells.length !== headers.length) {
        errors.push({ row, message: `Row ${row}: expected ${headers.length} values, found ${cells.length}.` });
        return;
      }
      const values = {} as Record<K, string>;
      for (const c of columns) {
        const at = mapping!.index.get(c.key);
        values[c.key] = at === undefined ? '' : cells[at]!.trim();
      }
      rows.push({ row, values });
    },
  });
  if (failure) throw failure;
  if (headers === null || mapping === null) throw new FileParseError('The file is empty.');
  options.onProgress?.(1, 'Done');
  return {
    headers,
    rows,
    errors,
    warnings: [...delimiterWarnings, ...(mapping as ReturnType<typeof mapHeaders<K>>).warnings],
  };
}

/** Bytes of an uploaded file to rows: size cap, encoding, then parsing. */
export function parseCsvBytes<K extends string>(
  bytes: Uint8Array,
  columns: readonly CsvColumn<K>[],
  options: CsvParseOptions = {},
): CsvParseResult<K> {
  if (bytes.length === 0) throw new FileParseError('The file is empty.');
  if (bytes.length > MAX_CSV_BYTES) throw new FileParseError(`The file is larger than ${MAX_CSV_BYTES / 1048576} MB.`);
  const { text, warnings } = decodeText(bytes, 'The file');
  const result = parseCsvText(text, columns, options);
  return { ...result, warnings: [...warnings, ...result.warnings] };
}
