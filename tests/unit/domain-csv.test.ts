import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Papa from 'papaparse';
import { escapeCsvCell, toCsv } from '@/domain/csv';

/** PapaParse reads back what the writer wrote (no final empty row). */
function parseCsv(text: string): string[][] {
  const rows = Papa.parse<string[]>(text, { delimiter: ',', newline: '\r\n' }).data;
  return text.endsWith('\r\n') ? rows.slice(0, -1) : rows;
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
    expect(escapeCsvCell('\0x')).toBe("'\0x");
    expect(escapeCsvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('neutralises multi-line cells that begin like formulas (PapaParse escapeFormulae misses them)', () => {
    const cell = '=cmd|" /C calc"!A0\nsecond line';
    expect(escapeCsvCell(cell)).toBe(`"'=cmd|"" /C calc""!A0\nsecond line"`);
    expect(Papa.unparse([[cell]], { escapeFormulae: true })).not.toContain("'=");
  });

  it('round-trips any text, with formula-looking cells prefixed by an apostrophe', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (cells) => {
          const width = cells[0]!.length;
          const rows = cells.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const parsed = parseCsv(toCsv(rows[0]!, rows.slice(1)));
          const expected = rows.map((r) =>
            r.map((c) => (/^[=+\-@\t\r\0]/.test(c) && !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(c) ? `'${c}` : c)),
          );
          expect(parsed).toEqual(expected);
        },
      ),
    );
  });
});
