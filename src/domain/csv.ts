// CSV export (spec 1 §5): RFC 4180 quoting, and cells that begin like formulas are neutralised.
// NUL too: some spreadsheet importers drop it and then read what follows as a formula.
const FORMULA_START = /^[=+\-@\t\r\0]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

export type CsvCell = string | number | boolean | null | undefined | Date;

/** A text cell starting with = + - @ tab, CR or NUL (multi-line ones too) gets a leading apostrophe so spreadsheets never evaluate it; real numbers stay numbers. */
export function escapeCsvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [headers, ...rows].map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}
