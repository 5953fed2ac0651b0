// Measurement store benchmark: one device's year of one-minute data for one measurement type (525,600 samples),
// read back from the day-chunk table, against the peer design of one row per sample (indexed on device, type,
// time) holding the same data in the same database. PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { ingestSamples, readSamples, type Sample } from '../server/services/measurement-store';

const MINUTE = 60_000;
const START = Date.UTC(2025, 10, 1);
const COUNT = 525_600;

async function median(fn: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function run(name: string, database: Database) {
  await migrate(database);
  const [org] = await database.query<{ id: number }>("INSERT INTO organizations (name) VALUES ('Bench') RETURNING id");
  const [device] = await database.query<{ id: number }>(
    "INSERT INTO devices (name, device_type, organization_id) VALUES ('QB-BENCH', 'Qube', $1) RETURNING id",
    [org!.id],
  );
  const deviceId = device!.id;
  const value = (i: number) => 2 + Math.sin(i / 1440) + (i % 997 === 0 ? 30 : 0);
  let t = performance.now();
  for (let day = 0; day < 365; day += 30) {
    const samples: Sample[] = [];
    for (let i = day * 1440; i < Math.min(COUNT, (day + 30) * 1440); i++)
      samples.push({ deviceId, measurementType: 1, time: START + i * MINUTE, value: value(i) });
    await database.transaction((tx) => ingestSamples(tx, samples));
  }
  const writeMs = performance.now() - t;

  await database.exec(
    'CREATE TABLE bench_rows (device_id integer NOT NULL, measurement_type integer NOT NULL, time timestamptz NOT NULL, value real NOT NULL, PRIMARY KEY (device_id, measurement_type, time))',
  );
  t = performance.now();
  await database.query(
    `INSERT INTO bench_rows SELECT $1, 1, to_timestamp(($2::bigint + g::bigint * 60000) / 1000.0), 2 + sin(g / 1440.0) + CASE WHEN g % 997 = 0 THEN 30 ELSE 0 END
       FROM generate_series(0, $3::int - 1) g`,
    [deviceId, START, COUNT],
  );
  const peerWriteMs = performance.now() - t;

  const from = START;
  const to = START + COUNT * MINUTE;
  const check = await readSamples(database, deviceId, 1, from, to);
  if (check.times.length !== COUNT) throw new Error(`expected ${COUNT} samples, read ${check.times.length}`);
  const readPeer = async () => {
    const rows = await database.query<{ t: string; v: number }>(
      'SELECT (extract(epoch FROM time) * 1000)::float8 AS t, value AS v FROM bench_rows WHERE device_id = $1 AND measurement_type = 1 AND time >= $2 AND time < $3 ORDER BY time',
      [deviceId, new Date(from).toISOString(), new Date(to).toISOString()],
    );
    const times = new Float64Array(rows.length);
    const values = new Float32Array(rows.length);
    rows.forEach((r, i) => {
      times[i] = Number(r.t);
      values[i] = r.v;
    });
    return { times, values };
  };
  // Before timing: both designs return the same samples (times exact; values within 1e-5, as PostgreSQL's sin and
  // JavaScript's may round the last float32 bit differently).
  const peerCheck = await readPeer();
  if (peerCheck.times.length !== COUNT) throw new Error(`peer read ${peerCheck.times.length}`);
  let worst = 0;
  for (let i = 0; i < COUNT; i++) {
    if (peerCheck.times[i] !== check.times[i])
      throw new Error(`sample ${i}: time ${check.times[i]} vs the peer's ${peerCheck.times[i]}`);
    worst = Math.max(worst, Math.abs(peerCheck.values[i]! - check.values[i]!));
  }
  if (!(worst <= 1e-5)) throw new Error(`values differ from the peer's by up to ${worst}`);
  const chunkMs = await median(() => readSamples(database, deviceId, 1, from, to), 7);
  const peerMs = await median(readPeer, 3);
  const dayMs = await median(
    () => readSamples(database, deviceId, 1, from + 100 * 86_400_000, from + 101 * 86_400_000),
    21,
  );
  return {
    engine: name,
    check: `same ${COUNT} samples (times exact, values max |Δ| ${worst.toExponential(1)})`,
    'write year (ms)': Math.round(writeMs),
    'peer bulk insert (ms)': Math.round(peerWriteMs),
    'read year, chunks (ms)': +chunkMs.toFixed(1),
    'read year, row per sample (ms)': +peerMs.toFixed(1),
    'peer / chunks': +(peerMs / chunkMs).toFixed(1),
    'read one day (ms)': +dayMs.toFixed(2),
  };
}

/** A throwaway database on the given server, dropped afterwards. */
export async function withScratchDatabase<T>(baseUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

export async function measurementStoreBenchmarks() {
  const lite = await openPglite(null);
  const results = [await run('PGlite', lite)];
  await lite.close();
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (baseUrl) {
    results.push(
      await withScratchDatabase(baseUrl, async (url) => {
        const database = await openPostgres(url);
        try {
          return await run('PostgreSQL', database);
        } finally {
          await database.close();
        }
      }),
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measurementStoreBenchmarks());
}
