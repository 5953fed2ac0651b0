// PostgreSQL's binary COPY format, for bulk loads into the embedded database: the seed's measurement chunks go in
// as one COPY per batch instead of a 1,800-parameter INSERT, which spares PGlite's JavaScript parameter encoding and
// PostgreSQL's per-row parse and bind (the seed's slowest part runs in the database's thread).
// Format: https://www.postgresql.org/docs/current/sql-copy.html ("Binary Format"); integers are network byte order.

export type CopyValue =
  | { int2: number }
  | { int4: number }
  | { timestamptz: number } // epoch milliseconds
  | { bytea: Uint8Array }
  | null;

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // 'PGCOPY\n\377\r\n\0'
/** PostgreSQL's timestamps count microseconds from 2000-01-01 UTC. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

function fieldBytes(value: CopyValue): number {
  if (value === null) return 4;
  if ('bytea' in value) return 4 + value.bytea.byteLength;
  if ('int2' in value) return 6;
  if ('int4' in value) return 8;
  return 12;
}

/** One binary COPY stream of the rows, every row with the same columns in the COPY statement's order. */
export function encodeCopyBinary(rows: readonly (readonly CopyValue[])[]): Uint8Array {
  let size = SIGNATURE.length + 8 + 2;
  for (const row of rows) {
    size += 2;
    for (const value of row) size += fieldBytes(value);
  }
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  bytes.set(SIGNATURE, 0);
  let at = SIGNATURE.length + 8; // flags and header extension length: both zero
  for (const row of rows) {
    view.setInt16(at, row.length);
    at += 2;
    for (const value of row) {
      if (value === null) {
        view.setInt32(at, -1);
        at += 4;
      } else if ('bytea' in value) {
        view.setInt32(at, value.bytea.byteLength);
        bytes.set(value.bytea, at + 4);
        at += 4 + value.bytea.byteLength;
      } else if ('int2' in value) {
        view.setInt32(at, 2);
        view.setInt16(at + 4, value.int2);
        at += 6;
      } else if ('int4' in value) {
        view.setInt32(at, 4);
        view.setInt32(at + 4, value.int4);
        at += 8;
      } else {
        if (!Number.isFinite(value.timestamptz)) throw new Error(`Not a time: ${value.timestamptz}`);
        view.setInt32(at, 8);
        view.setBigInt64(at + 4, BigInt(Math.round(value.timestamptz - PG_EPOCH_MS)) * 1000n);
        at += 12;
      }
    }
  }
  view.setInt16(at, -1); // trailer
  return bytes;
}
