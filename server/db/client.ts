// One database handle for both engines: PGlite under DATA_DIR by default, PostgreSQL when a URL is given.
import pg from 'pg';
import { openPgliteThread } from './pglite-thread';

/** What a statement needs: the database itself, or a transaction in progress. */
export interface Queryable {
  query<T extends Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  engine: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements and no parameters (migrations, test resets). */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T extends Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * Bulk load: runs `COPY table (columns) FROM '/dev/blob' WITH (FORMAT binary)` over a binary COPY stream
   * (copy-binary.ts). The embedded database only; on PostgreSQL callers use INSERT.
   */
  copyFrom?(sqlText: string, bytes: Uint8Array): Promise<void>;
  /** Runs fn in one transaction: everything commits, or nothing does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in its own thread (pglite-thread.ts), so its statements never hold the server's event loop. */
export function openPglite(dataDir: string | null): Promise<Database> {
  return openPgliteThread(dataDir);
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the process; the
  // pool opens a new one for the next query.
  pool.on('error', (error) =>
    process.emitWarning(`A PostgreSQL connection was closed by the server: ${error.message}`),
  );
  // Fail fast with a clear error when the server is unreachable.
  await pool.query('select 1');
  return {
    engine: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T extends Record<string, unknown>>(sqlText: string, params: unknown[] = []) =>
      (await pool.query<T>(sqlText, params)).rows,
    transaction: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn({
          query: async <T extends Record<string, unknown>>(sqlText: string, params: unknown[] = []) =>
            (await conn.query<T>(sqlText, params)).rows,
        });
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
