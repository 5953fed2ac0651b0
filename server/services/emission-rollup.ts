// Daily volume rollups (emission_daily_volumes): each site's CH4 volume per UTC day, source category and severity,
// with the day's hourly volumes so a period cut at local midnight in any whole-hour time zone still sums exactly.
// Built from the emissions with the one prorating rule (prorateSql); every writer of emissions refreshes them.
import type { Queryable } from '../db/client';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const dayOf = (t: number) => new Date(Math.floor(t / DAY) * DAY).toISOString().slice(0, 10);

/** Emissions last hours to days: looking this far back before a window finds every one that reaches into it. */
export const EMISSION_LOOKBACK = "interval '31 days'";

/** The emission's end used for prorating. */
const EMISSION_END = `coalesce(e.end_time, e.start_time + make_interval(secs => e.total_volume / nullif(e.rate, 0) * 3600), e.start_time)`;

/** A time as float8 seconds since the epoch (extract gives numeric, whose arithmetic is several times slower). */
const epochSql = (t: string) => `extract(epoch FROM ${t})::float8`;

/**
 * The one prorating rule, in epoch seconds: the part of volume `tv` of an emission over [s, en) that falls inside
 * [a, b); an emission of no duration counts where it starts.
 */
function prorateSql(tv: string, s: string, en: string, a: string, b: string): string {
  return `CASE WHEN ${en} <= ${s} THEN (CASE WHEN ${s} >= ${a} AND ${s} < ${b} THEN ${tv} ELSE 0 END)
     ELSE ${tv} * greatest(0, least(${en}, ${b}) - greatest(${s}, ${a})) / (${en} - ${s}) END`;
}

/** The volume of emission `e` inside [a, b) (kg). */
export function windowVolumeSql(a: string, b: string): string {
  return prorateSql('e.total_volume', epochSql('e.start_time'), epochSql(EMISSION_END), epochSql(a), epochSql(b));
}

/** The day's 24 hourly sums as one array, aggregated in a single pass (a sort and a subquery per row took 4x longer). */
const HOURS_OF_DAY = `ARRAY[${Array.from({ length: 24 }, (_, k) => `coalesce(sum(v) FILTER (WHERE h % 24 = ${k}), 0)`).join(', ')}]::float8[]`;
/** The day's volume: its hours added in order, so a whole day and its 24 hours sum alike. */
const DAY_TOTAL = `(${Array.from({ length: 24 }, (_, k) => `hourly[${k + 1}]`).join(' + ')})`;

/**
 * Rebuilds the rollups of the sites (all when null) for the UTC days touching [from, to), in the database: each
 * emission's volume per hour, summed per site, UTC day, category and severity into the day's 24 hours. (Done in
 * JavaScript it carried one row per emission-hour out of the database: ~500,000 for the demo's year.) Each
 * emission's span is computed once (the MATERIALIZED CTE) and its hours are counted as integers since the epoch:
 * inlining the end's expression into every use made the year's rebuild 3-4 times slower.
 */
export async function refreshDailyVolumes(
  db: Queryable,
  siteIds: readonly number[] | null,
  from: number,
  to: number,
): Promise<number> {
  const firstDay = Math.floor(from / DAY) * DAY;
  const endDay = Math.ceil(to / DAY) * DAY;
  const sites = siteIds === null ? null : [...siteIds];
  await db.query(
    `DELETE FROM emission_daily_volumes WHERE ($1::int[] IS NULL OR site_id = ANY($1::int[])) AND day >= $2::date AND day < $3::date`,
    [sites, dayOf(firstDay), dayOf(endDay)],
  );
  const hourStart = '(h * 3600)::float8';
  const [inserted] = await db.query<{ n: number }>(
    `WITH spans AS MATERIALIZED (
       SELECT e.site_id, coalesce(src.source_category_id, 0) AS cat, coalesce(e.severity, -1) AS sev, e.total_volume AS tv,
              ${epochSql('e.start_time')} AS s, ${epochSql(EMISSION_END)} AS en
         FROM emissions e LEFT JOIN sources src ON src.id = e.source_id
        WHERE ($1::int[] IS NULL OR e.site_id = ANY($1::int[])) AND e.start_time < $3::timestamptz AND e.start_time >= $2::timestamptz - ${EMISSION_LOOKBACK}
     ), hour_volumes AS (
       SELECT site_id, cat, sev, h, ${prorateSql('tv', 's', 'en', hourStart, `${hourStart} + 3600`)} AS v
         FROM spans
         CROSS JOIN LATERAL generate_series(greatest(floor(s / 3600)::bigint, $4::bigint), least(floor(greatest(en, s) / 3600)::bigint, $5::bigint - 1)) AS h
     ), days AS (
       SELECT site_id, cat, sev, date '1970-01-01' + (h / 24)::int AS day, ${HOURS_OF_DAY} AS hourly
         FROM hour_volumes WHERE v > 0 GROUP BY 1, 2, 3, 4
     ), inserted AS (
       INSERT INTO emission_daily_volumes (site_id, day, source_category_id, severity, volume, hourly)
       SELECT site_id, day, cat, sev, ${DAY_TOTAL}, hourly FROM days
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM inserted`,
    [sites, new Date(firstDay).toISOString(), new Date(endDay).toISOString(), firstDay / HOUR, endDay / HOUR],
  );
  return inserted?.n ?? 0;
}

export interface Window {
  start: number;
  end: number;
}

/**
 * Periods as UTC days: days wholly inside are summed whole, the first and last day by their hours (1-based,
 * inclusive array bounds). A period's start is taken to the hour below and its end to the hour above.
 */
export function dayBucketParams(windows: readonly Window[]): unknown[] {
  const cols: unknown[][] = [[], [], [], [], [], [], []];
  windows.forEach((w, i) => {
    const firstDay = Math.floor(w.start / DAY) * DAY;
    const lastDay = Math.floor((w.end - 1) / DAY) * DAY;
    const lo = Math.floor((w.start - firstDay) / HOUR) + 1;
    const hi = Math.ceil((w.end - lastDay) / HOUR);
    const fullFrom = lo === 1 ? firstDay : firstDay + DAY;
    const fullTo = hi === 24 ? lastDay + DAY : lastDay;
    [i, dayOf(firstDay), dayOf(lastDay), dayOf(fullFrom), dayOf(fullTo), lo, hi].forEach((v, k) => cols[k]!.push(v));
  });
  return cols;
}

/** The join of rollup rows `r` with the periods (parameters from `p`, as dayBucketParams orders them). */
export const DAY_BUCKETS = (p: number) =>
  `JOIN unnest($${p}::int[], $${p + 1}::date[], $${p + 2}::date[], $${p + 3}::date[], $${p + 4}::date[], $${p + 5}::int[], $${p + 6}::int[]) AS b(i, first_day, last_day, full_from, full_to, lo, hi)
     ON r.day >= b.first_day AND r.day <= b.last_day`;

/** A rollup row's volume inside its period. */
export const BUCKET_VOLUME = `CASE WHEN r.day >= b.full_from AND r.day < b.full_to THEN r.volume
  ELSE (SELECT coalesce(sum(x), 0) FROM unnest(r.hourly[CASE WHEN r.day = b.first_day THEN b.lo ELSE 1 END : CASE WHEN r.day = b.last_day THEN b.hi ELSE 24 END]) AS x) END`;
