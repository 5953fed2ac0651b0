// Binary COPY into the embedded database (server/db/copy-binary.ts, Database.copyFrom): what goes in by COPY reads
// back exactly as the same values inserted by parameters, and a broken stream or a duplicate key loads nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/client';
import { encodeCopyBinary, type CopyValue } from '../../server/db/copy-binary';

const COPY = "COPY c (id, small, at, b) FROM '/dev/blob' WITH (FORMAT binary)";

describe('binary COPY into PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec('CREATE TABLE c (id int PRIMARY KEY, small smallint, at timestamptz, b bytea)');
  });
  afterAll(() => db.close());

  it('reads back what INSERT would have written: ints, negative smallints, millisecond times, bytes, nulls', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7919) % 256);
    const rows: CopyValue[][] = [
      [{ int4: 1 }, { int2: -3 }, { timestamptz: Date.UTC(2026, 10, 25, 20, 1, 2, 345) }, { bytea: bytes }],
      [
        { int4: -2_147_483_648 },
        null,
        { timestamptz: Date.UTC(1999, 11, 31, 23, 59, 59, 999) },
        { bytea: new Uint8Array() },
      ],
      [{ int4: 2_147_483_647 }, { int2: 32_767 }, null, null],
    ];
    await db.copyFrom!(COPY, encodeCopyBinary(rows));
    await db.query('INSERT INTO c VALUES ($1, $2, $3, $4)', [
      10,
      -3,
      new Date(Date.UTC(2026, 10, 25, 20, 1, 2, 345)),
      Buffer.from(bytes),
    ]);
    const got = await db.query<{ id: number; small: number | null; at: Date | null; b: Uint8Array | null }>(
      'SELECT * FROM c ORDER BY id',
    );
    expect(got.map((r) => r.id)).toEqual([-2_147_483_648, 1, 10, 2_147_483_647]);
    const [min, one, inserted, max] = got;
    expect(one!.small).toBe(-3);
    expect(one!.at).toEqual(inserted!.at);
    expect(Buffer.from(one!.b!).equals(Buffer.from(inserted!.b!))).toBe(true);
    expect(min!.small).toBeNull();
    expect(min!.at).toEqual(new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)));
    expect(min!.b!.byteLength).toBe(0);
    expect(max).toMatchObject({ small: 32_767, at: null, b: null });
  });

  it('loads nothing from a stream with a duplicate key or a cut-off end', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM c');
    const duplicate = encodeCopyBinary([
      [{ int4: 50 }, null, null, null],
      [{ int4: 1 }, null, null, null],
    ]);
    await expect(db.copyFrom!(COPY, duplicate)).rejects.toMatchObject({ code: '23505' });
    const whole = encodeCopyBinary([[{ int4: 51 }, null, null, null]]);
    await expect(db.copyFrom!(COPY, whole.subarray(0, whole.byteLength - 3))).rejects.toThrow();
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM c')).toEqual(before);
    // The database still answers after the refusals.
    await db.copyFrom!(COPY, encodeCopyBinary([[{ int4: 52 }, { int2: 1 }, null, null]]));
    expect(await db.query('SELECT small FROM c WHERE id = 52')).toEqual([{ small: 1 }]);
  });

  it('refuses a time that is not a number before anything is sent', () => {
    expect(() => encodeCopyBinary([[{ timestamptz: Number.NaN }]])).toThrow('Not a time');
  });
});
