// A free event loop under the worst upload: a 19 MB site CSV (under the 20 MB limit, far past the 10,000-row cap)
// is parsed in a worker thread and refused at the cap, while /api/health keeps answering within 100 ms.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchEventLoop } from '../../server/http/event-loop-lag';
import { createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const HEADER =
  'Id,Name,Alias,Latitude,Longitude,Groups,Business Unit,Asset/Area,Country,State/Province,Regulation,Regulatory Site Type,Generic Site Type,Basin,Industry Segment,Fluid Type,Notification Required,Special Tickets Required,Work Permit Required,Access Notes';

/**
 * A browser-like client in its own process, which also writes the file, so neither its upload nor its garbage runs
 * on this event loop: argv holds the URL, the token, the size in MB and the most data rows; prints the answer as JSON.
 */
const UPLOADER = `
const [url, token, megabytes, maxRows] = process.argv.slice(1).map((v, i) => (i < 2 ? v : Number(v)));
const lines = [${JSON.stringify(HEADER)}];
let size = lines[0].length;
for (let i = 0; i < maxRows && size < megabytes * 1048576 - 200; i++) {
  const line = ',Generated pad ' + i + ',PAD-' + i + ',31.' + String(i % 100000).padStart(5, '0') + ',-102.' + String(i % 99991).padStart(5, '0') + ',,,,,,,,,,,,Yes,No,No,Gate code ' + (i % 9973) + '; call the lease operator before arriving';
  lines.push(line);
  size += line.length + 1;
}
const csv = new TextEncoder().encode(lines.join('\\n'));
const form = new FormData();
form.append('csvRecords', new Blob([csv], { type: 'text/csv' }), 'sites.csv');
const res = await fetch(url, { method: 'POST', body: form, headers: { authorization: 'Bearer ' + token } });
process.stdout.write(JSON.stringify({ status: res.status, size: csv.length, body: await res.json() }));
`;

describe('event loop during the worst upload', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let base = '';

  beforeAll(async () => {
    t = await createTestApp(testEngines[0]!);
    f = await insertFixtures(t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const health = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    const body = (await res.json()) as { status: string; eventLoopLagMs: { p50: number; p99: number; max: number } };
    return { ms: performance.now() - started, status: res.status, body };
  };

  /** Uploads from another process, polling /api/health until it answers. */
  async function uploadWhilePolling(megabytes: number, maxRows: number, route: string) {
    const token = await t.tokenFor(f.provider);
    const client = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        UPLOADER,
        `${base}/api/site/${route}/${f.orgA}`,
        token,
        String(megabytes),
        String(maxRows),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // The client stands for another machine: on this shared one it must not take the server's CPU.
    if (client.pid !== undefined) setPriority(client.pid, 10);
    let output = '';
    client.stdout.on('data', (d: Buffer) => (output += d.toString()));
    let settled = false;
    const answer = new Promise<{ status: number; size: number; body: unknown }>((resolve, reject) => {
      client.on('error', reject);
      client.on('exit', () => {
        settled = true;
        try {
          resolve(JSON.parse(output) as { status: number; size: number; body: unknown });
        } catch {
          reject(new Error(`the uploader printed ${output}`));
        }
      });
    });
    const latencies: number[] = [];
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    while (!settled) {
      const h = await health();
      expect(h.status).toBe(200);
      latencies.push(h.ms);
      await new Promise((r) => setTimeout(r, 10));
    }
    const res = await answer;
    lag.disable();
    const sorted = [...latencies].sort((a, b) => a - b);
    console.info(
      `/api/health during ${route} of ${(res.size / 1048576).toFixed(1)} MB: ${latencies.length} answers, slowest ${sorted.at(-1)!.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms; event loop delayed at most ${(lag.max / 1e6).toFixed(1)} ms`,
    );
    return { res, latencies };
  }

  it('answers /api/health with the event-loop lag', async () => {
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body).toEqual({
      status: 'ok',
      eventLoopLagMs: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) },
    });
  });

  it('logs the lag every interval, at warn when the loop was held past 50 ms', async () => {
    const lines: { level: number; msg: string; eventLoopLagMs?: { max: number } }[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
      },
    });
    watchEventLoop(app, 100);
    await new Promise((r) => setTimeout(r, 150));
    const held = Date.now() + 80;
    while (Date.now() < held); // holds the loop on purpose
    await new Promise((r) => setTimeout(r, 120));
    await app.close();
    expect(
      lines.some((l) => l.level === 30 && l.msg === 'event loop lag' && typeof l.eventLoopLagMs?.max === 'number'),
    ).toBe(true);
    expect(
      lines.some((l) => l.level === 40 && l.eventLoopLagMs!.max > 50 && l.msg.startsWith('event loop held for up to')),
    ).toBe(true);
  });

  // Wall-clock bounds on a shared machine: an idle process here sees its timers up to ~45 ms late when other work
  // loads the two cores, so a miss is retried; a request that really held the loop (seconds, before the file pool)
  // fails every attempt.
  const timing = { retry: 2 };

  it(
    'answers /api/health within 100 ms while a 19 MB site CSV is read, and refuses the CSV at the row cap',
    timing,
    async () => {
      const { res, latencies } = await uploadWhilePolling(19, Infinity, 'verifyBulkSites');
      expect(res.size).toBeGreaterThan(18 * 1048576);
      expect(res.size).toBeLessThan(20 * 1048576);
      expect(res).toMatchObject({
        status: 200,
        body: { newSites: 0, error: 'The file has more than 10000 rows; please split it.', errors: {} },
      });
      expect(latencies.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...latencies)).toBeLessThan(100);
    },
  );

  it(
    'keeps the event loop free while the embedded database runs a slow query (PGlite in its own thread)',
    timing,
    async () => {
      expect(t.database.engine).toBe('pglite');
      // A first request may read the database (the one connection the slow query will hold); this one measures the loop.
      await health();
      const lag = monitorEventLoopDelay({ resolution: 5 });
      lag.enable();
      const started = performance.now();
      let done = false;
      // Seconds of work inside PGlite: on the server's thread this held every request for its whole length.
      const slow = t.database
        .query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 6000000) AS g WHERE g % 7 = 0')
        .finally(() => (done = true));
      const latencies: number[] = [];
      while (!done) {
        const h = await health();
        expect(h.status).toBe(200);
        latencies.push(h.ms);
        await new Promise((r) => setTimeout(r, 10));
      }
      const [row] = await slow;
      const queryMs = performance.now() - started;
      lag.disable();
      // The control: the same query again with this thread idle — what the machine's load and the database thread's
      // own use of a core do to this thread's timers (40-300 ms on the shared 2-core machine under load).
      const idle = monitorEventLoopDelay({ resolution: 5 });
      idle.enable();
      await t.database.query('SELECT count(*)::int AS n FROM generate_series(1, 6000000) AS g WHERE g % 7 = 0');
      idle.disable();
      const [lagMs, idleMs] = [lag.max / 1e6, idle.max / 1e6];
      console.info(
        `/api/health during a ${queryMs.toFixed(0)} ms PGlite query: ${latencies.length} answers, slowest ${Math.max(...latencies).toFixed(1)} ms; event loop delayed at most ${lagMs.toFixed(1)} ms (idle during the same query: ${idleMs.toFixed(1)} ms)`,
      );
      expect(row).toEqual({ n: Math.floor(6_000_000 / 7) });
      expect(queryMs).toBeGreaterThan(500);
      // The loop answered all along (on the loop, the query held it for its whole length) ...
      expect(latencies.length).toBeGreaterThanOrEqual(Math.floor(queryMs / 200));
      // ... and was delayed by less than the 50 ms budget beyond what the same query does to an idle loop.
      expect(lagMs).toBeLessThan(50 + idleMs);
    },
  );

  it('stays within 100 ms while 10,000 valid rows (the cap) are parsed and checked', timing, async () => {
    const { res, latencies } = await uploadWhilePolling(19, 10_000, 'verifyBulkSites');
    expect(res).toMatchObject({ status: 200, body: { newSites: 10_000 } });
    expect(latencies.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...latencies)).toBeLessThan(100);
  });
});
