// Emissions benchmarks (issue 9).
// 1. Rollups for 400 sites over 2 years of emissions (about 380k): the server's queries (period totals by month,
//    totals grouped by site and by source category, site statuses, rollups) timed 15 times each, p95 reported,
//    against the peer — a straightforward implementation that loads the window's emission rows and prorates and
//    sums them in JavaScript — checked to give the same totals. PGlite always; PostgreSQL too with
//    BENCH_DATABASE_URL.
// 2. A one-year one-minute device-data export (525,600 rows): the streamed export (a day read at a time) against
//    the peer that reads the year at once and builds the whole file in memory, in rows per second and peak heap.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import {
  emissionTotals,
  periodEmissionRollups,
  emissionRollups,
  siteEmissionStatuses,
} from '../server/services/emission';
import { csvStream, deviceDataHeaders, deviceDataRows } from '../server/services/export';
import { refreshDailyVolumes } from '../server/services/emission-rollup';
import { ingestSamples, readSamples, type Sample } from '../server/services/measurement-store';
import { toCsv } from '../src/domain/csv';
import { bucketsOf } from '../src/domain/emission';
import { EMPTY_SITE_FILTER } from '../src/domain/site-filter';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SITES = 400;
const NOW = Date.UTC(2026, 10, 1);
const FROM = NOW - 730 * DAY;
const RUNS = 15;

/** Deterministic noise. */
const hash = (n: number) => {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
};

export async function seed(
  db: Database,
): Promise<{ organizationId: number; emissions: number; rollupBuildMs: number }> {
  await migrate(db);
  const [org] = await db.query<{ id: number }>("INSERT INTO organizations (name) VALUES ('Bench Energy') RETURNING id");
  const siteIds = (
    await db.query<{ id: number }>(
      `INSERT INTO sites (organization_id, name, latitude, longitude, model_processed_up_to) SELECT $1, 'Site ' || g, 31 + g / 1000.0, -102, $2 FROM generate_series(1, $3) g RETURNING id`,
      [org!.id, new Date(NOW).toISOString(), SITES],
    )
  ).map((r) => r.id);
  const sources: { id: number; site: number }[] = [];
  for (let k = 0; k < siteIds.length; k += 100) {
    const part = siteIds.slice(k, k + 100);
    const rows = await db.query<{ id: number; site_id: number }>(
      `INSERT INTO sources (site_id, name, latitude, longitude, source_category_id) SELECT s, 'Source ' || c, 31, -102, c FROM unnest($1::int[]) s CROSS JOIN generate_series(1, 4) c RETURNING id, site_id`,
      [part],
    );
    sources.push(...rows.map((r) => ({ id: r.id, site: r.site_id })));
  }
  let n = 0;
  let rows: unknown[][] = [];
  const flush = async () => {
    if (!rows.length) return;
    const col = (i: number) => rows.map((r) => r[i]);
    await db.query(
      'INSERT INTO emissions (site_id, source_id, start_time, end_time, rate, total_volume, severity) SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::float8[], $6::float8[], $7::int[])',
      [col(0), col(1), col(2), col(3), col(4), col(5), col(6)],
    );
    n += rows.length;
    rows = [];
  };
  for (const s of sources) {
    for (let t = FROM + hash(s.id) * 3 * DAY, k = 0; t < NOW; k++) {
      const hours = 1 + hash(s.id * 7919 + k) * 9;
      const rate = 0.3 + hash(s.id * 31 + k) * 20;
      rows.push([
        s.site,
        s.id,
        new Date(t).toISOString(),
        new Date(t + hours * HOUR).toISOString(),
        rate,
        rate * hours,
        rate >= 10 ? 2 : rate >= 3 ? 1 : rate >= 1 ? 0 : null,
      ]);
      t += hours * HOUR + (0.5 + hash(s.id * 131 + k) * 5) * DAY;
    }
    if (rows.length >= 10_000) await flush();
  }
  await flush();
  // The rollups are the index the totals read: their build is reported beside the queries.
  const built = performance.now();
  await refreshDailyVolumes(db, null, FROM, NOW);
  const rollupBuildMs = performance.now() - built;
  await db.query('ANALYZE');
  return { organizationId: org!.id, emissions: n, rollupBuildMs };
}

/** The peer: the window's rows into the application, prorated and summed there. */
async function peerTotals(db: Database, organizationId: number, start: number, end: number): Promise<number[]> {
  const rows = await db.query<{ start_time: Date | string; end_time: Date | string | null; total_volume: number }>(
    `SELECT e.start_time, e.end_time, e.total_volume FROM emissions e JOIN sites s ON s.id = e.site_id WHERE s.organization_id = $1 AND e.start_time < $3 AND e.start_time >= $2::timestamptz - interval '31 days'`,
    [organizationId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  const buckets = bucketsOf('Monthly', start, end, 'UTC');
  const totals = buckets.map(() => 0);
  for (const r of rows) {
    const a = new Date(r.start_time).getTime();
    const b = r.end_time ? new Date(r.end_time).getTime() : a;
    buckets.forEach((k, i) => {
      const overlap = Math.max(0, Math.min(b, k.end) - Math.max(a, k.start));
      totals[i]! +=
        b > a ? (Number(r.total_volume) * overlap) / (b - a) : a >= k.start && a < k.end ? Number(r.total_volume) : 0;
    });
  }
  return totals;
}

async function p95(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(0.95 * times.length) - 1]!;
}

async function rollups(name: string, db: Database) {
  const t = performance.now();
  const { organizationId, emissions, rollupBuildMs } = await seed(db);
  const seedS = (performance.now() - t) / 1000;
  const scope = { organizationId, filter: EMPTY_SITE_FILTER };
  const start = Date.UTC(2024, 10, 1);
  const request = {
    ...scope,
    bucket: 'Monthly' as const,
    start,
    end: NOW,
    timeZone: 'UTC',
    endTimeIsInCurrentPeriod: false,
    now: NOW,
  };
  const ours = await emissionTotals(db, request);
  const peer = await peerTotals(db, organizationId, start, NOW);
  if (ours.length !== peer.length) throw new Error(`ours has ${ours.length} months, the peer ${peer.length}`);
  ours.forEach((r, i) => {
    if (Math.abs(r.totalEmissions - peer[i]!) > 1e-6 * Math.max(1, peer[i]!))
      throw new Error(`totals differ in ${r.periodName} ${r.year}: ${r.totalEmissions} vs ${peer[i]}`);
  });
  const totalsMs = await p95(() => emissionTotals(db, request));
  const peerMs = await p95(() => peerTotals(db, organizationId, start, NOW));
  const lastYear = { ...request, start: NOW - 365 * DAY };
  const bySiteMs = await p95(() =>
    periodEmissionRollups(db, {
      ...lastYear,
      groupBySite: true,
      groupBySourceCategory: false,
      groupByAlarmLevel: false,
    }),
  );
  const byCategoryMs = await p95(() =>
    periodEmissionRollups(db, {
      ...lastYear,
      groupBySite: false,
      groupBySourceCategory: true,
      groupByAlarmLevel: false,
    }),
  );
  const statusesMs = await p95(() => siteEmissionStatuses(db, scope, NOW - 30 * DAY, NOW));
  const rollupsMs = await p95(() => emissionRollups(db, scope, NOW - 30 * DAY, NOW));
  return {
    engine: name,
    sites: SITES,
    emissions,
    'seed (s)': +seedS.toFixed(1),
    'index: daily rollups built, 2 years (s)': +(rollupBuildMs / 1000).toFixed(1),
    check: `same ${ours.length} monthly totals (relative 1e-6)`,
    'totals, 24 months p95 (ms)': Math.round(totalsMs),
    'peer: rows into JS p95 (ms)': Math.round(peerMs),
    'peer / ours': +(peerMs / totalsMs).toFixed(1),
    'by site, 12 months p95 (ms)': Math.round(bySiteMs),
    'by category p95 (ms)': Math.round(byCategoryMs),
    'statuses, 30 days p95 (ms)': Math.round(statusesMs),
    'rollups, 30 days p95 (ms)': Math.round(rollupsMs),
  };
}

async function deviceExport(db: Database) {
  await migrate(db);
  const [org] = await db.query<{ id: number }>("INSERT INTO organizations (name) VALUES ('Export Bench') RETURNING id");
  const [site] = await db.query<{ id: number }>(
    "INSERT INTO sites (organization_id, name, latitude, longitude) VALUES ($1, 'Export Pad', 31, -102) RETURNING id",
    [org!.id],
  );
  const [device] = await db.query<{ id: number }>(
    "INSERT INTO devices (name, device_type, organization_id) VALUES ('X-1', 'Qube', $1) RETURNING id",
    [org!.id],
  );
  const start = NOW - 365 * DAY;
  await db.query(
    'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31, -102, $3)',
    [device!.id, site!.id, new Date(start - DAY).toISOString()],
  );
  for (let d = 0; d < 365; d += 30) {
    const batch: Sample[] = [];
    for (let m = d * 1440; m < Math.min(365, d + 30) * 1440; m++)
      batch.push({
        deviceId: device!.id,
        measurementType: 1,
        time: start + m * 60_000,
        value: 2 + Math.sin(m / 90) + (m % 997 === 0 ? 40 : 0),
      });
    await ingestSamples(db, batch);
  }
  const heap = () => process.memoryUsage().heapUsed;
  // Heap is sampled where the work happens: at each chunk the stream hands over, and once the peer's file is built.
  global.gc?.();
  const oursBase = heap();
  let oursPeak = oursBase;
  let bytes = 0;
  // The file's content is compared with the peer's by hash (keeping the streamed file would defeat the streaming).
  const streamedHash = createHash('sha256');
  let t = performance.now();
  const controller = new AbortController();
  await pipeline(
    csvStream(
      deviceDataHeaders('CH4'),
      (s) => deviceDataRows(db, site!.id, start, NOW, 'CH4', { raw: true }, s),
      controller.signal,
    ),
    new Writable({
      write(chunk: Buffer | string, _enc, done) {
        bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
        streamedHash.update(chunk);
        oursPeak = Math.max(oursPeak, heap());
        done();
      },
    }),
  );
  const oursMs = performance.now() - t;

  global.gc?.();
  const peerBase = heap();
  t = performance.now();
  const all = await readSamples(db, device!.id, 1, start, NOW);
  const rows: (string | number)[][] = [];
  for (let i = 0; i < all.times.length; i++) rows.push([new Date(all.times[i]!).toISOString(), 'X-1', all.values[i]!]);
  const text = toCsv(deviceDataHeaders('CH4'), rows);
  const peerPeak = heap();
  const peerMs = performance.now() - t;
  const rowCount = 365 * 1440;
  // Same file: the stream starts with a UTF-8 byte-order mark (3 bytes) for spreadsheets; the rest must be the peer's text.
  const peerHash = createHash('sha256')
    .update('\ufeff' + text)
    .digest('hex');
  const sameFile = streamedHash.digest('hex') === peerHash;
  if (!sameFile)
    throw new Error(
      `The streamed export differs from the whole-file peer (${bytes} bytes against ${Buffer.byteLength(text) + 3})`,
    );
  return {
    check: `same file (SHA-256 of ${rows.length} rows)`,
    rows: rowCount,
    'streamed (s)': +(oursMs / 1000).toFixed(1),
    'streamed rows/s': Math.round(rowCount / (oursMs / 1000)),
    'streamed peak heap growth (MB)': +((oursPeak - oursBase) / 2 ** 20).toFixed(1),
    'peer: whole file (s)': +(peerMs / 1000).toFixed(1),
    'peer rows/s': Math.round(rowCount / (peerMs / 1000)),
    'peer peak heap growth (MB)': +((peerPeak - peerBase) / 2 ** 20).toFixed(1),
    'memory peer / ours': +((peerPeak - peerBase) / Math.max(1, oursPeak - oursBase)).toFixed(1),
    'file (MB)': +(bytes / 2 ** 20).toFixed(1),
  };
}

export async function emissionBenchmarks(parts = process.env.BENCH_EMISSIONS_PART ?? 'all') {
  const results: Record<string, unknown>[] = [];
  if (parts === 'export') {
    const db = await openPglite(null);
    const exported = await deviceExport(db);
    await db.close();
    return { rollups: results, export: exported };
  }
  const lite = await openPglite(null);
  results.push(await rollups('PGlite', lite));
  await lite.close();
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (baseUrl) {
    const { withScratchDatabase } = await import('./measurement-store');
    results.push(
      await withScratchDatabase(baseUrl, async (url) => {
        const database = await openPostgres(url);
        try {
          return await rollups('PostgreSQL', database);
        } finally {
          await database.close();
        }
      }),
    );
  }
  const exportDb = await openPglite(null);
  const exported = await deviceExport(exportDb);
  await exportDb.close();
  return { rollups: results, export: exported };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await emissionBenchmarks();
  console.log(`Rollups, ${SITES} sites over 2 years (p95 of ${RUNS} runs):`);
  console.table(r.rollups);
  console.log('One-year one-minute device-data export (PGlite):');
  console.table([r.export]);
}
