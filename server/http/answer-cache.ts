// Encoded answers of hot GET routes, kept until a table they read is written (any process on the same database) or
// they are ANSWER_MAX_AGE_MS old (what the clock alone changes, e.g. the tickets resolved in the last 7 days). Each request still
// authenticates and checks its organization and permission first; the cache only replaces the handler, the response
// check and the JSON encoding, and serves br/gzip bodies compressed once per answer, with an ETag for 304s.
//
// Correctness: the data versions (server/db/migrations/0022_data_versions.sql) are read before the handler runs, and
// every write bumps its table's version in its own transaction, so an answer is never stored under a version newer
// than the data it was computed from. The tables an answer depends on are the tracked table names its SQL mentions.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/client';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes invalidate at once; the age bounds what only the clock changes (tickets resolved in the last 7 days, the
 * current uptime period, the current emission period). A heavy answer's SQL takes seconds of the database (the device
 * health of 3,000 devices under load), so it is not recomputed more often.
 */
export const ANSWER_MAX_AGE_MS = 60_000;
/** An answer past its age (but with no write since) is still served while it is recomputed, up to this age. */
const STALE_BY_AGE_MS = 2 * ANSWER_MAX_AGE_MS;
const MAX_MEMOS = 10_000;
const MAX_CACHE_BYTES = 128 * 1024 * 1024;
/** Bodies smaller than this go uncompressed (the headers would outweigh the gain). */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESS_IN_BACKGROUND_BYTES = 1024 * 1024;
/**
 * Bodies larger than this go out in slices, a bounded number of bytes per turn of the event loop for all of them
 * together: written whole, a year of Arrow (6 MB) is copied into the socket in one call, and the 200 clients one
 * cache fill answers at once held the loop for over a second.
 */
const SLICED_SEND_BYTES = 256 * 1024;
const SLICE_BYTES = 64 * 1024;
const BYTES_PER_TURN = 1024 * 1024;

/** Slices waiting for their turn, oldest first (each pushes one slice and returns its size). */
const waitingSlices: (() => number)[] = [];
let sliceTurnScheduled = false;

function sendSliceTurn(): void {
  sliceTurnScheduled = false;
  let budget = BYTES_PER_TURN;
  while (budget > 0 && waitingSlices.length > 0) budget -= waitingSlices.shift()!();
  if (waitingSlices.length > 0) scheduleSliceTurn();
}

function scheduleSliceTurn(): void {
  if (sliceTurnScheduled) return;
  sliceTurnScheduled = true;
  setImmediate(sendSliceTurn);
}

/** A body as a stream of slices (views, not copies) that take turns with every other sliced body. */
function slices(body: Buffer): Readable {
  let at = 0;
  return new Readable({
    read() {
      waitingSlices.push(() => {
        if (this.destroyed) return 0;
        const slice = body.subarray(at, at + SLICE_BYTES);
        at += slice.byteLength;
        this.push(slice.byteLength > 0 ? slice : null);
        if (at >= body.byteLength) this.push(null);
        return slice.byteLength;
      });
      scheduleSliceTurn();
    },
  });
}

/** Sends a body: small ones at once, large ones in slices with their length declared. */
function sendBody(reply: FastifyReply, body: Buffer): FastifyReply {
  if (body.byteLength < SLICED_SEND_BYTES) return reply.send(body);
  return reply.header('content-length', body.byteLength).send(slices(body));
}

/** A backend's counter rows are folded into one when it has gone; often enough to keep the table small. */
const COMPACT_EVERY_MS = 10 * 60_000;

type Encoding = 'br' | 'gzip';

interface Entry {
  /** Version of each table the answer read, when it was computed. */
  versions: ReadonlyMap<string, number>;
  /** Or: the validator the caller computed for the data (see `bytes`). */
  validator: string | null;
  contentType: string;
  storedAt: number;
  body: Buffer;
  etag: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/** The table versions of the database, read in batches: a request waits for a read that started after it arrived. */
class DataVersions {
  private running: Promise<Map<string, number>> | null = null;
  private queued: Promise<Map<string, number>> | null = null;
  tracked: Promise<Set<string>>;

  constructor(private readonly database: Database) {
    this.tracked = database
      .query<{ table_name: string }>(
        `SELECT DISTINCT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'data_version'`,
      )
      .then((rows) => new Set(rows.map((r) => r.table_name)));
  }

  read(): Promise<Map<string, number>> {
    if (!this.running) return this.start();
    // A read already running may have started before this request's data was written: wait for the next one.
    this.queued ??= this.running.then(
      () => this.startQueued(),
      () => this.startQueued(),
    );
    return this.queued;
  }

  private startQueued(): Promise<Map<string, number>> {
    this.queued = null;
    return this.start();
  }

  private start(): Promise<Map<string, number>> {
    const p = this.database
      .query<{ table_name: string; version: string | number }>(
        'SELECT table_name, sum(version) AS version FROM data_versions GROUP BY table_name',
      )
      .then((rows) => new Map(rows.map((r) => [r.table_name, Number(r.version)])));
    this.running = p;
    const clear = () => {
      if (this.running === p) this.running = null;
    };
    p.then(clear, clear);
    return p;
  }
}

/** Table names (and the model-progress pseudo table) a statement reads, among the tracked ones. */
function tablesOf(sqlText: string, tracked: ReadonlySet<string>, into: Set<string>): void {
  for (const word of sqlText.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []) {
    if (tracked.has(word)) into.add(word);
    if (word === 'model_processed_up_to' || word === 'model_last_run_time') into.add('sites.model_progress');
  }
}

/** A database handle that records which tracked tables the handler's statements mention. */
function recording(database: Database, tracked: ReadonlySet<string>, tables: Set<string>): Database {
  const wrap = (q: Queryable): Queryable => ({
    query: (sqlText, params) => {
      tablesOf(sqlText, tracked, tables);
      return q.query(sqlText, params);
    },
  });
  return {
    ...database,
    query: (sqlText, params) => {
      tablesOf(sqlText, tracked, tables);
      return database.query(sqlText, params);
    },
    exec: (sqlText) => {
      tablesOf(sqlText, tracked, tables);
      return database.exec(sqlText);
    },
    transaction: (fn) => database.transaction((tx) => fn(wrap(tx))),
  };
}

function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  const offers = (name: string) =>
    new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`).test(accepted);
  if (offers('br')) return 'br';
  if (offers('gzip')) return 'gzip';
  return null;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly filling = new Map<string, Promise<Entry>>();
  private totalBytes = 0;
  private readonly versions: DataVersions;
  private lastCompact = 0;
  private readonly memos = new Map<string, { stamp: string; value: unknown }>();

  constructor(private readonly database: Database) {
    this.versions = new DataVersions(database);
  }

  /**
   * The cached answer for key when no table it read has changed, else computes it with `compute` (given a database
   * handle that records the tables read) — once for all the requests that ask at the same time.
   */
  async answer(
    key: string,
    compute: (database: Database) => Promise<unknown>,
  ): Promise<{ entry: Entry; hit: boolean }> {
    const [current, tracked] = await Promise.all([this.versions.read(), this.versions.tracked]);
    const cached = this.entries.get(key);
    const age = cached ? Date.now() - cached.storedAt : 0;
    if (cached && this.unchanged(cached, current) && age <= STALE_BY_AGE_MS) {
      // Most recently used last: eviction takes the oldest first.
      this.entries.delete(key);
      this.entries.set(key, cached);
      // Past its age but with no write since: answered as it is while a fresh one is made for the next callers.
      if (age > ANSWER_MAX_AGE_MS && !this.filling.has(key)) {
        const refill = this.fill(key, current, tracked, compute);
        this.filling.set(key, refill);
        const clear = () => {
          if (this.filling.get(key) === refill) this.filling.delete(key);
        };
        refill.then(clear, clear);
      }
      return { entry: cached, hit: true };
    }
    const inFlight = this.filling.get(key);
    if (inFlight) {
      const entry = await inFlight;
      if (this.fresh(entry, current)) return { entry, hit: true };
    }
    const fill = this.fill(key, current, tracked, compute);
    this.filling.set(key, fill);
    try {
      return { entry: await fill, hit: false };
    } finally {
      if (this.filling.get(key) === fill) this.filling.delete(key);
    }
  }

  /** No table the answer read has been written since. */
  private unchanged(entry: Entry, current: ReadonlyMap<string, number>): boolean {
    if (entry.validator !== null) return false;
    for (const [table, version] of entry.versions) if ((current.get(table) ?? 0) !== version) return false;
    return true;
  }

  private fresh(entry: Entry, current: ReadonlyMap<string, number>): boolean {
    return Date.now() - entry.storedAt <= ANSWER_MAX_AGE_MS && this.unchanged(entry, current);
  }

  /**
   * A value computed from the named tables only (the signed-in user's memberships), reused until one of them is
   * written. Computed after the versions are read, like answers.
   */
  async memo<T>(key: string, tables: readonly string[], compute: () => Promise<T>): Promise<T> {
    const current = await this.versions.read();
    const stamp = tables.map((t) => current.get(t) ?? 0).join('.');
    const held = this.memos.get(key);
    if (held && held.stamp === stamp) return held.value as T;
    const value = await compute();
    this.memos.delete(key);
    this.memos.set(key, { stamp, value });
    if (this.memos.size > MAX_MEMOS) this.memos.delete(this.memos.keys().next().value!);
    return value;
  }

  private async fill(
    key: string,
    current: ReadonlyMap<string, number>,
    tracked: ReadonlySet<string>,
    compute: (database: Database) => Promise<unknown>,
  ): Promise<Entry> {
    const storedAt = Date.now();
    const tables = new Set<string>();
    const result = await compute(recording(this.database, tracked, tables));
    const body = Buffer.from(JSON.stringify(result));
    return this.store(key, {
      versions: new Map([...tables].map((t) => [t, current.get(t) ?? 0])),
      validator: null,
      contentType: 'application/json; charset=utf-8',
      storedAt,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      encoded: new Map(),
    });
  }

  /**
   * A binary answer (an Arrow series) kept while `validator` — a fingerprint of exactly the rows it is made from,
   * read before `compute` runs — stays the same.
   */
  async bytes(
    key: string,
    validator: string,
    contentType: string,
    compute: () => Promise<Uint8Array>,
  ): Promise<{ entry: Entry; hit: boolean }> {
    const cached = this.entries.get(key);
    if (cached && cached.validator === validator) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return { entry: cached, hit: true };
    }
    const fillKey = `${key}\u0000${validator}`;
    let fill = this.filling.get(fillKey);
    const joined = fill !== undefined;
    if (!fill) {
      fill = compute().then((bytes) => {
        const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        return this.store(key, {
          versions: new Map(),
          validator,
          contentType,
          storedAt: Date.now(),
          body,
          etag: `"${createHash('sha1').update(validator).update(key).digest('base64url')}"`,
          encoded: new Map(),
        });
      });
      this.filling.set(fillKey, fill);
    }
    try {
      return { entry: await fill, hit: joined };
    } finally {
      if (!joined) this.filling.delete(fillKey);
    }
  }

  private store(key: string, entry: Entry): Entry {
    const body = entry.body;
    const old = this.entries.get(key);
    if (old) this.totalBytes -= old.body.byteLength;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.totalBytes += body.byteLength;
    for (const [k, e] of this.entries) {
      if (this.totalBytes <= MAX_CACHE_BYTES) break;
      this.entries.delete(k);
      this.totalBytes -= e.body.byteLength;
    }
    this.compactNow();
    return entry;
  }

  private compactNow(): void {
    if (Date.now() - this.lastCompact < COMPACT_EVERY_MS) return;
    this.lastCompact = Date.now();
    this.database.query('SELECT compact_data_versions()').catch(() => undefined);
  }

  /** Sends an entry: 304 when the client holds it, else the body in the best encoding the client accepts. */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    { entry, hit }: { entry: Entry; hit: boolean },
  ): Promise<FastifyReply> {
    reply
      .header('etag', entry.etag)
      .header('vary', 'accept-encoding')
      .header('x-answer-cache', hit ? 'hit' : 'miss');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === entry.etag)) return reply.code(304).send();
    reply.type(entry.contentType);
    const encoding =
      entry.body.byteLength >= COMPRESS_MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return sendBody(reply, entry.body);
    let encoded = entry.encoded.get(encoding);
    // A large body goes out as it is while its compressed form is made for the next callers: a single chart read
    // should not wait ~100 ms for brotli.
    const sendPlainMeanwhile = !encoded && entry.body.byteLength >= COMPRESS_IN_BACKGROUND_BYTES;
    if (!encoded) {
      // zlib's asynchronous calls run on libuv's thread pool, not on the event loop; quality 5 and level 6 keep a
      // 1 MB answer to a few milliseconds there.
      encoded =
        encoding === 'br'
          ? brotli(entry.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.byteLength,
              },
            })
          : gzipAsync(entry.body, { level: 6 });
      entry.encoded.set(encoding, encoded);
      // A failed compression is dropped; the next caller tries again.
      encoded.catch(() => entry.encoded.delete(encoding));
    }
    if (sendPlainMeanwhile) return sendBody(reply, entry.body);
    return sendBody(reply.header('content-encoding', encoding), await encoded);
  }
}

const caches = new WeakMap<Database, AnswerCache>();

/** One cache per database handle (per server). */
export function answerCacheFor(database: Database): AnswerCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new AnswerCache(database);
    caches.set(database, cache);
  }
  return cache;
}
