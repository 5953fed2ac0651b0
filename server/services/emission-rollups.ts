// Daily volume rollups (emission_daily_volumes): each site's CH4 volume per UTC day, source category and severity,
// with the day's hourly volumes so a period cut at local midnight in any whole-hour time zone still sums exactly.
// Built from the emissions with the one prorating rule (windowVolumeSql); every writer of emissions refreshes them.
import type { Queryable } from '../db/client';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const dayOf = (t: number) => new Date(Math.floor(t / DAY) * DAY).toISOString().slice(0, 10);

/** Emissions last hours to days: looking this far back before a window finds every one that reaches into it. */
export const EMISSION_LOOKBACK = "interval '31 days'";

/** The emission's end used for prorating; the same expression as windowVolumeSql's. */
const EMISSION_END = `coalesce(e.end_time, e.start_time + make_interval(secs => e.total_volume / nullif(e.rate, 0) * 3600), e.start_time)`;

/** The volume of emission `e` inside [a, b) (kg); an emission of no duration counts where it starts. */
export function windowVolumeSql(a: string, b: string): string {
  return `CASE WHEN ${EMISSION_END} <= e.start_time THEN (CASE WHEN e.start_time >= ${a} AND e.start_time < ${b} THEN e.total_volume ELSE 0 END)
     ELSE e.total_volume * greatest(0, extract(epoch FROM least(${EMISSION_END}, ${b}) - greatest(e.start_time, ${a}))) / extract(epoch FROM ${EMISSION_END} - e.start_time) END`;
}

/** Rebuilds the rollups of the sites (all when null) for the UTC days touching [from, to). */
export async function refreshDailyVolumes(
  db: Queryable,
  siteIds: readonly number[] | null,
  from: number,
  to: number,
): Promise<number> {
  const firstDay = Math.floor(from / DAY) * DAY;
  const endDay = Math.ceil(to / DAY) * DAY;
  const rows = await db.query<{ site_id: number; cat: number; sev: number; hour: number; v: number }>(
    `SELECT e.site_id, coalesce(src.source_category_id, 0) AS cat, coalesce(e.severity, -1) AS sev, extract(epoch FROM h.hour) * 1000 AS hour,
            ${windowVolumeSql('h.hour', "h.hour + interval '1 hour'")} AS v
       FROM emissions e LEFT JOIN sources src ON src.id = e.source_id
       CROSS JOIN LATERAL generate_series(date_trunc('hour', e.start_time), greatest(${EMISSION_END}, e.start_time), interval '1 hour') AS h(hour)
      WHERE ($1::int[] IS NULL OR e.site_id = ANY($1::int[])) AND e.start_time < $3::timestamptz AND e.start_time >= $2::timestamptz - ${EMISSION_LOOKBACK}
        AND h.hour >= $2::timestamptz AND h.hour < $3::timestamptz`,
    [siteIds === null ? null : [...siteIds], new Date(firstDay).toISOString(), new Date(endDay).toISOString()],
  );
  const days = new Map<string, { site: number; day: string; cat: number; sev: number; hourly: Float64Array }>();
  for (const r of rows) {
    const v = Number(r.v);
    if (!(v > 0)) continue;
    const t = Number(r.hour);
    const day = dayOf(t);
    const key = `${r.site_id}|${day}|${r.cat}|${r.sev}`;
    let entry = days.get(key);
    if (!entry) days.set(key, (entry = { site: r.site_id, day, cat: r.cat, sev: r.sev, hourly: new Float64Array(24) }));
    entry.hourly[Math.floor((t % DAY) / HOUR)]! += v;
  }
  await db.query(
    `DELETE FROM emission_daily_volumes WHERE ($1::int[] IS NULL OR site_id = ANY($1::int[])) AND day >= $2::date AND day < $3::date`,
    [siteIds === null ? null : [...siteIds], dayOf(firstDay), dayOf(endDay)],
  );
  const list = [...days.values()];
  for (let k = 0; k < list.length; k += 2000) {
    const part = list.slice(k, k + 2000);
    await db.query(
      `INSERT INTO emission_daily_volumes (site_id, day, source_category_id, severity, volume, hourly)
       SELECT s, d, c, v, vol, h::float8[] FROM unnest($1::int[], $2::date[], $3::int[], $4::int[], $5::float8[], $6::text[]) AS t(s, d, c, v, vol, h)`,
      [
        part.map((p) => p.site),
        part.map((p) => p.day),
        part.map((p) => p.cat),
        part.map((p) => p.sev),
        part.map((p) => p.hourly.reduce((a, b) => a + b, 0)),
        part.map((p) => `{${Array.from(p.hourly).join(',')}}`),
      ],
    );
  }
  return list.length;
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
