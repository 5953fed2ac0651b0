// Reading and writing device measurements in day chunks (see 0002_measurements.sql). Writes merge by time, so a
// batch sent twice, or two batches racing for the same day, leave every sample exactly once.
import type { Queryable } from '../db/client';
import {
  CHUNK_MS,
  chunkStartOf,
  concatSamples,
  decodeChunk,
  encodeChunk,
  mergeSamples,
  periodMask,
  sliceRange,
  type Samples,
} from './measurement-chunk';

export interface Sample {
  deviceId: number;
  measurementType: number;
  /** Epoch milliseconds. */
  time: number;
  value: number;
}

interface ChunkRow extends Record<string, unknown> {
  chunk_start: Date | string;
  times: string;
  vals: string;
}

// The packed arrays travel as base64 text: PGlite parses bytea answers about 20 times slower than text (420 ms
// against 20 ms for a year of one-minute data, bench/measurement-store.ts), and PostgreSQL is no slower with it.
const CHUNK_COLUMNS = "chunk_start, encode(times, 'base64') AS times, encode(vals, 'base64') AS vals";
const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

const toMs = (d: Date | string) => new Date(d).getTime();

function group(
  samples: readonly Sample[],
): Map<string, { deviceId: number; type: number; chunkStart: number; samples: Samples }> {
  const buckets = new Map<
    string,
    { deviceId: number; type: number; chunkStart: number; times: number[]; values: number[] }
  >();
  for (const s of samples) {
    if (!Number.isFinite(s.time) || !Number.isFinite(s.value)) continue;
    const chunkStart = chunkStartOf(s.time);
    const key = `${s.deviceId}:${s.measurementType}:${chunkStart}`;
    let b = buckets.get(key);
    if (!b)
      buckets.set(key, (b = { deviceId: s.deviceId, type: s.measurementType, chunkStart, times: [], values: [] }));
    b.times.push(s.time);
    b.values.push(s.value);
  }
  const out = new Map<string, { deviceId: number; type: number; chunkStart: number; samples: Samples }>();
  for (const [key, b] of buckets) {
    // Within one batch the last value for a time wins, as it does across batches.
    out.set(key, {
      deviceId: b.deviceId,
      type: b.type,
      chunkStart: b.chunkStart,
      samples: mergeSamples(
        { times: new Float64Array(0), values: new Float32Array(0) },
        { times: Float64Array.from(b.times), values: Float32Array.from(b.values) },
      ),
    });
  }
  return out;
}

/** Writes samples; returns how many chunks changed. Call inside a transaction for all-or-nothing batches. */
export async function ingestSamples(db: Queryable, samples: readonly Sample[]): Promise<number> {
  let chunks = 0;
  for (const g of group(samples).values()) {
    const start = new Date(g.chunkStart).toISOString();
    // Create the row if missing, then lock it: concurrent writers of the same day take turns.
    await db.query(
      "INSERT INTO measurement_chunks (device_id, measurement_type, chunk_start, sample_count, times, vals) VALUES ($1, $2, $3, 0, '\\x'::bytea, '\\x'::bytea) ON CONFLICT DO NOTHING",
      [g.deviceId, g.type, start],
    );
    const [row] = await db.query<ChunkRow>(
      `SELECT ${CHUNK_COLUMNS} FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND chunk_start = $3 FOR UPDATE`,
      [g.deviceId, g.type, start],
    );
    const merged = mergeSamples(decodeChunk(g.chunkStart, bytes(row!.times), bytes(row!.vals)), g.samples);
    const packed = encodeChunk(g.chunkStart, merged);
    await db.query(
      'UPDATE measurement_chunks SET times = $4, vals = $5, sample_count = $6, first_time = $7, last_time = $8, period_mask = $9 WHERE device_id = $1 AND measurement_type = $2 AND chunk_start = $3',
      [
        g.deviceId,
        g.type,
        start,
        packed.times,
        packed.vals,
        merged.times.length,
        new Date(merged.times[0]!).toISOString(),
        new Date(merged.times[merged.times.length - 1]!).toISOString(),
        periodMask(g.chunkStart, merged.times),
      ],
    );
    chunks++;
  }
  return chunks;
}

/** Every sample of one device and type with from <= time < to, in time order. */
export async function readSamples(
  db: Queryable,
  deviceId: number,
  measurementType: number,
  from: number,
  to: number,
): Promise<Samples> {
  if (!(to > from)) return { times: new Float64Array(0), values: new Float32Array(0) };
  const rows = await db.query<ChunkRow>(
    `SELECT ${CHUNK_COLUMNS} FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND chunk_start >= $3 AND chunk_start < $4 ORDER BY chunk_start`,
    [deviceId, measurementType, new Date(chunkStartOf(from)).toISOString(), new Date(to).toISOString()],
  );
  const parts = rows.map((r) => {
    const start = toMs(r.chunk_start);
    const decoded = decodeChunk(start, bytes(r.times), bytes(r.vals));
    // Only the first and last chunk can reach outside the range.
    return start >= from && start + CHUNK_MS <= to ? decoded : sliceRange(decoded, from, to);
  });
  return concatSamples(parts);
}

/**
 * A fingerprint of the chunks readSamples reads for the same range: it changes whenever one of them is written (a
 * written row gets a new xmin), added or removed. Cached encodings of the series are kept while it stays the same.
 */
export async function samplesFingerprint(
  db: Queryable,
  deviceId: number,
  measurementType: number,
  from: number,
  to: number,
): Promise<string> {
  const [row] = await db.query<{ n: string | number; x: string | number | null }>(
    `SELECT count(*) AS n, sum(xmin::text::bigint) AS x FROM measurement_chunks WHERE device_id = $1 AND measurement_type = $2 AND chunk_start >= $3 AND chunk_start < $4`,
    [deviceId, measurementType, new Date(chunkStartOf(from)).toISOString(), new Date(to).toISOString()],
  );
  return `${row?.n ?? 0}:${row?.x ?? 0}`;
}
