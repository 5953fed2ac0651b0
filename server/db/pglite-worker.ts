// The thread that owns the embedded database: PGlite runs PostgreSQL compiled to wasm synchronously on whichever
// thread calls it, so here its queries hold this thread, not the server's event loop. One request at a time reaches
// PGlite in the order sent; statements outside an open transaction wait for it to end (PGlite's own lock), as they
// did in-process.
import { mkdirSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { ERROR_FIELDS, type PgliteErrorFields, type PgliteRequest, type PgliteResponse } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');

let client: PGlite | null = null;
let nextTx = 1;

/** An open transaction: PGlite's handle once it has begun, and how to end it (commit resolves, rollback rejects). */
interface OpenTransaction {
  tx: Transaction | null;
  commit(): void;
  rollback(): void;
  /** Settles when COMMIT or ROLLBACK has run. */
  ended: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const ROLLBACK = Symbol('rollback');

/**
 * bytea goes in as a binary parameter (the bytes as they are) and comes out through Node's native hex codec: PGlite's
 * own codec converts byte by byte in JavaScript, both ways (6 s of a 15-million-sample seed went to it).
 */
const BYTEA = 17;
const byteaCodec = {
  serializers: {
    // PGlite binds a typed array as a binary parameter; its serializer type only names strings.
    [BYTEA]: (value: unknown): string => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return value as unknown as string;
    },
  },
  parsers: { [BYTEA]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
};

function errorFields(error: unknown): PgliteErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  const source = error as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS) {
    const v = source[key];
    if (typeof v === 'string' || typeof v === 'number') fields[key] = v;
  }
  return { name: error.name, message: error.message, fields };
}

const reply = (message: PgliteResponse) => port.postMessage(message);

function open(): PGlite {
  if (!client) throw new Error('The embedded database is not open');
  return client;
}

/** Starts a transaction; answers request `id` with its number once PGlite has begun it (after any running one). */
function begin(id: number): void {
  const txId = nextTx++;
  let commit!: () => void;
  let rollback!: () => void;
  const done = new Promise<void>((resolve, reject) => {
    commit = resolve;
    rollback = () => reject(ROLLBACK);
  });
  const entry: OpenTransaction = { tx: null, commit, rollback, ended: Promise.resolve() };
  transactions.set(txId, entry);
  entry.ended = open()
    .transaction(async (tx) => {
      entry.tx = tx;
      reply({ id, ok: true, value: txId });
      await done;
    })
    .then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLLBACK) throw error;
      },
    );
  entry.ended.catch((error: unknown) => {
    // BEGIN itself failed: the caller is still waiting for its transaction's number. (A failed COMMIT is answered
    // to the commit request, which awaits `ended`.)
    if (entry.tx) return;
    transactions.delete(txId);
    reply({ id, ok: false, error: errorFields(error) });
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const entry = transactions.get(txId);
  if (!entry?.tx) throw new Error(`No open transaction ${txId}`);
  transactions.delete(txId);
  if (commit) entry.commit();
  else entry.rollback();
  await entry.ended;
}

async function handle(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      if (request.dataDir) mkdirSync(request.dataDir, { recursive: true });
      client = await PGlite.create({ ...(request.dataDir ? { dataDir: request.dataDir } : {}), ...byteaCodec });
      return null;
    case 'query': {
      if (request.tx === null) return (await open().query(request.sql, request.params)).rows;
      const tx = transactions.get(request.tx)?.tx;
      if (!tx) throw new Error(`No open transaction ${request.tx}`);
      return (await tx.query(request.sql, request.params)).rows;
    }
    case 'exec':
      await open().exec(request.sql);
      return null;
    case 'copy':
      // COPY … FROM '/dev/blob' reads the stream from the blob PGlite is handed with the statement.
      await open().query(request.sql, [], { blob: new Blob([request.bytes as Uint8Array<ArrayBuffer>]) });
      return null;
    case 'begin':
      begin(request.id);
      return undefined;
    case 'commit':
    case 'rollback':
      await end(request.tx, request.op === 'commit');
      return null;
    case 'close':
      await client?.close();
      client = null;
      return null;
  }
}

port.on('message', (request: PgliteRequest) => {
  handle(request).then(
    (value) => {
      // 'begin' answers from inside the transaction's callback, once PGlite has started it.
      if (request.op !== 'begin') reply({ id: request.id, ok: true, value });
    },
    (error: unknown) => reply({ id: request.id, ok: false, error: errorFields(error) }),
  );
});
