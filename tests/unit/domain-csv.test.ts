import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeCsvCell, toCsv } from '@/domain/csv';

/** A small RFC 4180 reader, only to prove the writer round-trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV export', () => {
  it('neutralises cells that begin like formulas but keeps negative numbers', () => {
    expect(escapeCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(escapeCsvCell('+1+2')).toBe("'+1+2");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('-3.5')).toBe('-3.5');
    expect(escapeCsvCell(-3.5)).toBe('-3.5');
    expect(escapeCsvCell('\tcmd')).toBe("'\tcmd");
    expect(escapeCsvCell(null)).toBe('');
  });

  it('round-trips any text, with formula-looking cells prefixed by an apostrophe', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (cells) => {
        const width = cells[0]!.length;
        const rows = cells.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
        const parsed = parseCsv(toCsv(rows[0]!, rows.slice(1)));
        const expected = rows.map((r) => r.map((c) => (/^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(c) ? `'${c}` : c)));
        expect(parsed).toEqual(expected);
      }),
    );
  });
});
