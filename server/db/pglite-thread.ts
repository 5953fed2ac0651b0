// PGlite behind the Database interface, run in a worker thread (pglite-worker.ts). In-process, every statement ran
// synchronously on the server's event loop — a device-health recomputation held it for seconds under load. Rows and
// parameters cross by structured clone, which keeps what PGlite's parsers produce (Date, arrays, Uint8Array for
// bytea, bigint, JSON values); errors keep PostgreSQL's fields (code, detail, constraint, …).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from './client';
import type { PgliteErrorFields, PgliteRequest, PgliteResponse } from './pglite-protocol';

/** tsx's API, found from this file rather than from whatever directory the server was started in. */
const TSX_API = new URL(
  'dist/esm/api/index.mjs',
  pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')),
).href;

/** A PostgreSQL error raised in the database's thread, with the same message and fields. */
class PgliteError extends Error {
  constructor(error: PgliteErrorFields) {
    super(error.message);
    this.name = error.name;
    Object.assign(this, error.fields);
  }
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };
// Distributive Omit: each request kind without its id.
type Call = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

export async function openPgliteThread(dataDir: string | null): Promise<Database> {
  // Worker threads do not inherit the `--import tsx` loader hooks on Node 20: a small bootstrap registers them.
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true },
  );
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | null = null;
  // The thread keeps the process alive only while a call waits on it, as the in-process database did.
  worker.unref();

  worker.on('message', (m: PgliteResponse) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(new PgliteError(m.error));
  });
  const fail = (error: Error) => {
    stopped ??= new Error(`The embedded database stopped: ${error.message}`);
    for (const p of pending.values()) p.reject(stopped);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`its thread exited (code ${code})`)));

  const call = <T>(request: Call, transfer: ArrayBuffer[] = []): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = nextId++;
      try {
        worker.postMessage({ ...request, id }, transfer);
      } catch (error) {
        // A parameter that cannot be cloned (a function, a class instance with private state).
        return reject(error instanceof Error ? error : new Error(String(error)));
      }
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
    });

  const query = <T extends Record<string, unknown>>(sql: string, params: unknown[] = [], tx: number | null = null) =>
    call<T[]>({ op: 'query', sql, params, tx });

  try {
    await call({ op: 'open', dataDir });
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    engine: 'pglite',
    exec: async (sql) => {
      await call({ op: 'exec', sql });
    },
    query: (sql, params) => query(sql, params),
    copyFrom: async (sql, bytes) => {
      // The stream's buffer moves to the database's thread rather than being copied.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      await call({ op: 'copy', sql, bytes: own }, [own.buffer as ArrayBuffer]);
    },
    transaction: async (fn) => {
      const tx = await call<number>({ op: 'begin' });
      const handle: Queryable = { query: (sql, params) => query(sql, params, tx) };
      let result;
      try {
        result = await fn(handle);
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    close: async () => {
      if (stopped) return;
      await call({ op: 'close' }).catch(() => undefined);
      stopped = new Error('The embedded database is closed');
      await worker.terminate();
    },
  };
}
