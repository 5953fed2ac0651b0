import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE, keysetPages } from '../../server/services/export';

const T0 = Date.parse('2026-03-01T00:00:00Z');
type Row = { id: number; start_time: string };

/** A table of `n` rows, several per start time, read as the export's SQL does: (start_time, id) after the key. */
function table(n: number) {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    start_time: new Date(T0 + Math.floor(i / 3) * 60_000).toISOString(),
  }));
  const asked: { time: string; id: number }[] = [];
  const read = (after: { time: string; id: number }) => {
    asked.push(after);
    const t = Date.parse(after.time);
    return Promise.resolve(
      rows
        .filter((r) => Date.parse(r.start_time) > t || (Date.parse(r.start_time) === t && r.id > after.id))
        .slice(0, EXPORT_PAGE),
    );
  };
  return { rows, asked, read };
}

describe('export keyset pages', () => {
  it('reads every row once across pages, each page after the last row of the one before', async () => {
    const { rows, asked, read } = table(2 * EXPORT_PAGE + 7);
    const got: Row[] = [];
    for await (const r of keysetPages(T0, new AbortController().signal, read)) got.push(r);
    expect(got.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(asked).toHaveLength(3);
    expect(asked[0]).toEqual({ time: new Date(T0 - 1).toISOString(), id: 0 });
    expect(asked[1]).toEqual({ time: rows[EXPORT_PAGE - 1]!.start_time, id: EXPORT_PAGE });
  });
  it('asks once more when the last page is exactly full, and stops at an empty one', async () => {
    const { asked, read } = table(EXPORT_PAGE);
    let n = 0;
    for await (const _ of keysetPages(T0, new AbortController().signal, read)) n++;
    expect(n).toBe(EXPORT_PAGE);
    expect(asked).toHaveLength(2);
  });
  it('stops reading when the download is abandoned', async () => {
    const { asked, read } = table(3 * EXPORT_PAGE);
    const stop = new AbortController();
    let n = 0;
    for await (const _ of keysetPages(T0, stop.signal, read)) if (++n === 10) stop.abort();
    expect(n).toBe(EXPORT_PAGE);
    expect(asked).toHaveLength(1);
  });
});
