// The server's file worker threads: the same answers as the CSV module on the event loop, the row cap, and a task
// that runs too long or runs out of memory ending its worker with a message (the next task gets a fresh worker).
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsvBytes } from '../../src/codec/csv-parse';
import { FileParseError } from '../../src/codec/file-errors';
import { FILE_POOL_LIMITS, FILE_POOL_MESSAGES, FilePool, parseCsvUpload } from '../../server/services/file-pool/pool';
import type { WorkerMessage } from '../../server/services/file-pool/protocol';

const columns = [
  { key: 'name', header: 'Name', required: true },
  { key: 'lat', header: 'Latitude' },
] as const;
const csv = (rows: number) =>
  new TextEncoder().encode(
    `Name;Latitude\n${Array.from({ length: rows }, (_, i) => (i === 3 ? 'broken;1;2' : `Pad ${i};31.${i}`)).join('\n')}\n`,
  );

describe('file pool', () => {
  const pools: FilePool[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('answers as parseCsvBytes does, rows arriving in batches', async () => {
    const bytes = csv(1_234);
    expect(await parseCsvUpload(bytes, columns, 5_000)).toEqual(parseCsvBytes(bytes, columns));
  });

  it('refuses a file past the cap with the upload message', async () => {
    await expect(parseCsvUpload(csv(101), columns, 100)).rejects.toThrow(
      new FileParseError('The file has more than 100 rows; please split it.'),
    );
  });

  it('ends a worker that runs too long, and the next task still runs', async () => {
    const pool = new FilePool({ ...FILE_POOL_LIMITS, size: 1, taskTimeoutMs: 1 });
    pools.push(pool);
    const done = (m: WorkerMessage) => m.kind === 'done' || m.kind === 'fail';
    await expect(pool.run({ kind: 'csv', bytes: csv(10), columns: [...columns], maxRows: 100 }, done)).rejects.toThrow(
      FILE_POOL_MESSAGES.timeout(0.001),
    );
  });

  it('ends a worker that exhausts its heap with a message, not the server', async () => {
    const pool = new FilePool({ ...FILE_POOL_LIMITS, size: 1, heapMb: 48 });
    pools.push(pool);
    const big = new TextEncoder().encode(
      `Name,Latitude\n${'Pad with a long enough name to fill memory,31.5\n'.repeat(600_000)}`,
    );
    const done = (m: WorkerMessage) => m.kind === 'done' || m.kind === 'fail';
    await expect(
      pool.run({ kind: 'csv', bytes: big, columns: [...columns], maxRows: 10_000_000 }, done),
    ).rejects.toThrow(FILE_POOL_MESSAGES.crashed);
  });
});
