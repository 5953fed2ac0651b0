// PGlite in its own thread (server/db/pglite-thread.ts) behaves as it did in-process: typed rows, PostgreSQL's error
// fields, transactions that commit or roll back whole, and statements outside a transaction waiting for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/client';

describe('PGlite in a worker thread', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(
      'CREATE TABLE t (id int PRIMARY KEY, at timestamptz, b bytea, a int[], j jsonb, n bigint, x double precision)',
    );
  });
  afterAll(() => db.close());

  it('keeps dates, bytea, arrays, JSON and numbers both ways', async () => {
    // Every byte value, and a large one: bytea goes in as a binary parameter and out through the hex codec.
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
    await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
      Buffer.from(bytes),
      [1, 2, 3],
      { k: 'v', list: [1, null] },
      9_007_199_254_740_991n,
      0.1,
    ]);
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM t WHERE id = 1');
    expect(row!.at).toEqual(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)));
    expect(row!.b).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(row!.b as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
    expect(row!.a).toEqual([1, 2, 3]);
    expect(row!.j).toEqual({ k: 'v', list: [1, null] });
    expect(row!.n).toBe(9_007_199_254_740_991);
    expect(row!.x).toBe(0.1);
    const [hex] = await db.query<{ h: string }>("SELECT encode(b, 'hex') AS h FROM t WHERE id = 1");
    expect(hex!.h).toBe(Buffer.from(bytes).toString('hex'));
  });

  it("keeps PostgreSQL's error code, constraint and message", async () => {
    const error = await db.query('INSERT INTO t (id) VALUES (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      message: 'duplicate key value violates unique constraint "t_pkey"',
    });
    await expect(db.query("SELECT 'x'::int")).rejects.toMatchObject({ code: '22P02' });
  });

  it('rolls a failed transaction back whole and commits a good one', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id) VALUES (3)');
        await tx.query('INSERT INTO t (id) VALUES (3)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.transaction((tx) => tx.query('INSERT INTO t (id) VALUES (4) RETURNING id'))).toEqual([{ id: 4 }]);
    expect(await db.query('SELECT id FROM t ORDER BY id')).toEqual([{ id: 1 }, { id: 4 }]);
  });

  it('makes a statement outside an open transaction wait for its end', async () => {
    const inside = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (5)');
      await new Promise((r) => setTimeout(r, 100));
      await tx.query('INSERT INTO t (id) VALUES (6)');
    });
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id IN (5, 6)');
    await inside;
    expect(await outside).toEqual([{ n: 2 }]);
  });
});
