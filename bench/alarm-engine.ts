// Alarm engine benchmark (issue 8): a CH4 Max parameter (15-minute window, HI 50 / HI-HI 100 / Critical 150, reset
// 1 hour) over 90 days of one-minute data.
// 1. The engine's arithmetic over all 3,000 devices (389M samples), generated per device in memory: samples and
//    alarms per second.
// 2. The engine end to end (read the day chunks, evaluate) against the peer — a straightforward per-sample SQL
//    evaluation (a window function over a row-per-sample table, then gaps-and-islands) — on the same devices in the
//    same database, both checked to find the same alarms. PGlite always; PostgreSQL too with BENCH_DATABASE_URL.
//    Beside the queries, the builds of what each one reads: ours the day chunks, ingested from the application; the
//    peer's table filled inside the database (generate_series) with its primary key and statistics.
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import {
  CALCULATION_MAX,
  findEpisodes,
  type AlarmDetail,
  type Episode,
} from '../server/services/alarm-engine/episodes';
import { ingestSamples, readSamples, type Sample } from '../server/services/measurement-store';
import type { Samples } from '../server/services/measurement-chunk';

const MINUTE = 60_000;
const DAYS = 90;
const PER_DEVICE = DAYS * 1440;
const START = Date.UTC(2026, 7, 1);
const FLEET = 3000;
const DB_DEVICES = Number(process.env.BENCH_ALARM_DEVICES ?? 20);
const DETAIL: AlarmDetail = {
  calculationMethod: CALCULATION_MAX,
  hiThreshold: 50,
  hiHiThreshold: 100,
  criticalThreshold: 150,
  slidingWindowSizeInHours: 0.25,
  resetEvaluationPeriodInHours: 1,
};

/** The same series in TypeScript and SQL: a daily wave plus a plume of 40–200 ppm for a few minutes now and then. */
const spike = (d: number, i: number) => ((i * (d + 7)) % 4999 < 4 ? 40 + ((i * 13 + d) % 160) : 0);
const value = (d: number, i: number) => 2 + Math.sin(i / 1440) + spike(d, i);
const SQL_VALUE = `2 + sin(g / 1440.0) + CASE WHEN (g * (d + 7)) % 4999 < 4 THEN 40 + ((g * 13 + d) % 160) ELSE 0 END`;

function series(d: number): Samples {
  const times = new Float64Array(PER_DEVICE);
  const values = new Float32Array(PER_DEVICE);
  for (let i = 0; i < PER_DEVICE; i++) {
    times[i] = START + i * MINUTE;
    values[i] = value(d, i);
  }
  return { times, values };
}

function arithmetic() {
  let generateMs = 0;
  let evaluateMs = 0;
  let alarms = 0;
  for (let d = 0; d < FLEET; d++) {
    let t = performance.now();
    const s = series(d);
    generateMs += performance.now() - t;
    t = performance.now();
    alarms += findEpisodes(s, DETAIL).length;
    evaluateMs += performance.now() - t;
  }
  const samples = FLEET * PER_DEVICE;
  return {
    devices: FLEET,
    samples,
    alarms,
    evaluateMs,
    generateMs,
    samplesPerSecond: samples / (evaluateMs / 1000),
    alarmsPerSecond: alarms / (evaluateMs / 1000),
  };
}

const PEER_SQL = `
  WITH w AS (
    -- (t - 15 min, t]: the window that ends at each sample, its lower edge left out as the engine does.
    SELECT device_id, time, max(value) OVER (PARTITION BY device_id ORDER BY time RANGE BETWEEN interval '899.999 seconds' PRECEDING AND CURRENT ROW) AS stat
      FROM bench_alarm_rows),
  hot AS (SELECT device_id, time, stat, lag(time) OVER (PARTITION BY device_id ORDER BY time) AS previous FROM w WHERE stat >= $1),
  marked AS (SELECT *, sum(CASE WHEN previous IS NULL OR time - previous >= interval '1 hour' THEN 1 ELSE 0 END) OVER (PARTITION BY device_id ORDER BY time) AS episode FROM hot)
  SELECT device_id, episode, min(time) AS start_time, max(time) AS end_time, max(stat) AS max_value,
         max(CASE WHEN stat >= $3 THEN 2 WHEN stat >= $2 THEN 1 ELSE 0 END) AS level
    FROM marked GROUP BY device_id, episode`;

async function endToEnd(name: string, database: Database) {
  await migrate(database);
  const [org] = await database.query<{ id: number }>("INSERT INTO organizations (name) VALUES ('Bench') RETURNING id");
  const ids: number[] = [];
  // Each side's index is built before its query and reported beside it: ours the day chunks (ingestion), the peer's
  // the row-per-sample table with its primary key (device, time).
  let ingestMs = 0;
  for (let d = 0; d < DB_DEVICES; d++) {
    const [row] = await database.query<{ id: number }>(
      'INSERT INTO devices (name, device_type, organization_id) VALUES ($1, $2, $3) RETURNING id',
      [`A-${80000 + d}`, 'Qube', org!.id],
    );
    ids.push(row!.id);
    const s = series(d);
    for (let day = 0; day < DAYS; day += 30) {
      const batch: Sample[] = [];
      for (let i = day * 1440; i < (day + 30) * 1440; i++)
        batch.push({ deviceId: row!.id, measurementType: 1, time: s.times[i]!, value: s.values[i]! });
      const t0 = performance.now();
      await database.transaction((tx) => ingestSamples(tx, batch));
      ingestMs += performance.now() - t0;
    }
  }
  const peerLoad = performance.now();
  await database.exec(
    'CREATE TABLE bench_alarm_rows (device_id integer NOT NULL, time timestamptz NOT NULL, value real NOT NULL, PRIMARY KEY (device_id, time))',
  );
  for (let d = 0; d < DB_DEVICES; d++) {
    await database.query(
      `INSERT INTO bench_alarm_rows SELECT $1, to_timestamp(($2::bigint + g::bigint * 60000) / 1000.0), ${SQL_VALUE.replace(/\bd\b/g, '$3::int')} FROM generate_series(0, $4::int - 1) g`,
      [ids[d], START, d, PER_DEVICE],
    );
  }
  await database.exec('ANALYZE bench_alarm_rows');
  const peerLoadMs = performance.now() - peerLoad;

  let t = performance.now();
  const found = new Map<number, Episode[]>();
  for (const id of ids)
    found.set(id, findEpisodes(await readSamples(database, id, 1, START, START + PER_DEVICE * MINUTE), DETAIL));
  const oursMs = performance.now() - t;
  const ours = [...found.values()].reduce((n, e) => n + e.length, 0);
  t = performance.now();
  const peer = await database.query<{
    device_id: number;
    start_time: Date | string;
    end_time: Date | string;
    max_value: number;
    level: number;
  }>(PEER_SQL, [DETAIL.hiThreshold, DETAIL.hiHiThreshold, DETAIL.criticalThreshold]);
  const peerMs = performance.now() - t;
  // The same alarms, not just as many: per device, each episode's start, end, level and peak.
  if (peer.length !== ours) throw new Error(`${name}: the engine found ${ours} alarms, the SQL peer ${peer.length}`);
  const peerBy = new Map<number, typeof peer>();
  for (const row of peer) peerBy.set(row.device_id, [...(peerBy.get(row.device_id) ?? []), row]);
  for (const [id, episodes] of found) {
    const rows = (peerBy.get(id) ?? []).sort(
      (a, b) => new Date(a.start_time).getTime() - new Date(b.start_time).getTime(),
    );
    episodes.forEach((e, k) => {
      const r = rows[k];
      const same =
        r &&
        new Date(r.start_time).getTime() === e.start &&
        new Date(r.end_time).getTime() === e.end &&
        r.level === e.level &&
        Math.abs(r.max_value - e.maxValue) <= 1e-4;
      if (!same)
        throw new Error(
          `${name}: device ${id} alarm ${k} differs: engine ${JSON.stringify(e)}, SQL ${JSON.stringify(r)}`,
        );
    });
  }
  return {
    engine: name,
    check: `same ${ours} alarms (start, end, level, peak)`,
    devices: DB_DEVICES,
    samples: DB_DEVICES * PER_DEVICE,
    alarms: ours,
    'engine incl. chunk reads (ms)': Math.round(oursMs),
    'per-sample SQL (ms)': Math.round(peerMs),
    'peer / ours': +(peerMs / oursMs).toFixed(1),
    'index: day chunks ingested (ms)': Math.round(ingestMs),
    'peer index: rows + primary key + ANALYZE (ms)': Math.round(peerLoadMs),
  };
}

export async function alarmEngineBenchmarks() {
  const a = arithmetic();
  const rows: Record<string, unknown>[] = [];
  const lite = await openPglite(null);
  rows.push(await endToEnd('PGlite', lite));
  await lite.close();
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (baseUrl) {
    const { withScratchDatabase } = await import('./measurement-store');
    rows.push(
      await withScratchDatabase(baseUrl, async (url) => {
        const database = await openPostgres(url);
        try {
          return await endToEnd('PostgreSQL', database);
        } finally {
          await database.close();
        }
      }),
    );
  }
  return { arithmetic: a, endToEnd: rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await alarmEngineBenchmarks();
  console.log(
    `Engine arithmetic, ${r.arithmetic.devices} devices x ${DAYS} days of one-minute data (${(r.arithmetic.samples / 1e6).toFixed(0)}M samples): ` +
      `${r.arithmetic.alarms} alarms in ${(r.arithmetic.evaluateMs / 1000).toFixed(2)} s — ${(r.arithmetic.samplesPerSecond / 1e6).toFixed(0)}M samples/s, ${Math.round(r.arithmetic.alarmsPerSecond).toLocaleString()} alarms/s ` +
      `(generating the data took ${(r.arithmetic.generateMs / 1000).toFixed(1)} s)`,
  );
  console.table(r.endToEnd);
}
