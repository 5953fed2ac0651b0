// Emission rollups, period totals, grouped periods, site statuses and the normalized rate (spec 3 §3, §7), straight
// from the emissions table: an emission that spans a window edge counts the share of its volume inside the window.
import type {
  EmissionRollup,
  EmissionTotal,
  NormalizedRate,
  PeriodGroupedEmission,
  SiteEmissionStatusRow,
} from '@/contracts/emission';
import {
  bucketsOf,
  fullPeriodEnd,
  percentChange,
  projectedEmissions,
  targetMonthsIn,
  UNCATEGORIZED,
  type Bucket,
  type BucketInterval,
} from '@/domain/emission';
import type { SiteFilter } from '@/domain/site-filter';
import type { Queryable } from '../db/client';
import { siteFilterSql } from './site-filter';
import { BUCKET_VOLUME, DAY_BUCKETS, dayBucketParams, EMISSION_LOOKBACK, windowVolumeSql } from './emission-rollup';

export { windowVolumeSql };

const HOUR = 3_600_000;

interface Scope {
  organizationId: number;
  filter: SiteFilter;
}

const iso = (t: number) => new Date(t).toISOString();

export async function emissionRollups(
  db: Queryable,
  scope: Scope,
  start: number,
  end: number,
): Promise<EmissionRollup[]> {
  const params: unknown[] = [iso(start), iso(end)];
  const where = siteFilterSql(scope.organizationId, scope.filter, params);
  const rows = await db.query<{
    site_id: number;
    site_name: string;
    latitude: number;
    longitude: number;
    category_id: number | null;
    category_name: string | null;
    n: number;
    volume: number;
    rate: number;
  }>(
    `SELECT s.id AS site_id, s.name AS site_name, s.latitude, s.longitude, c.id AS category_id, c.name AS category_name,
            count(*)::int AS n, sum(v.volume) AS volume, avg(e.rate) AS rate
       FROM sites s JOIN emissions e ON e.site_id = s.id
       LEFT JOIN sources src ON src.id = e.source_id LEFT JOIN source_categories c ON c.id = src.source_category_id
       CROSS JOIN LATERAL (SELECT ${windowVolumeSql('$1::timestamptz', '$2::timestamptz')} AS volume) v
      WHERE ${where} AND e.start_time < $2::timestamptz AND e.start_time >= $1::timestamptz - ${EMISSION_LOOKBACK} AND v.volume > 0
      GROUP BY s.id, s.name, s.latitude, s.longitude, c.id, c.name
      ORDER BY volume DESC, s.name`,
    params,
  );
  return rows.map((r) => ({
    siteId: r.site_id,
    siteName: r.site_name,
    latitude: r.latitude,
    longitude: r.longitude,
    sourceCategoryId: r.category_id,
    sourceCategoryName: r.category_name || UNCATEGORIZED,
    totalCount: r.n,
    totalVolume: Number(r.volume),
    averageEmissionRate: Number(r.rate),
  }));
}

const bucketParams = (buckets: readonly Bucket[]) => [
  buckets.map((b) => iso(b.start)),
  buckets.map((b) => iso(b.end)),
  buckets.map((_, i) => i),
];
const BUCKETS = (p: number) =>
  `unnest($${p}::timestamptz[], $${p + 1}::timestamptz[], $${p + 2}::int[]) AS b(start_time, end_time, i)`;

/** Volume per period (index) for the sites in scope from the daily rollups, optionally split by site, category or level. */
async function volumesByBucket(
  db: Queryable,
  scope: Scope,
  buckets: readonly { start: number; end: number }[],
  groupBy: { site?: boolean; category?: boolean; level?: boolean } = {},
) {
  const params: unknown[] = dayBucketParams(buckets);
  const where = siteFilterSql(scope.organizationId, scope.filter, params);
  const keys = [
    groupBy.site ? 's.id' : 'NULL::int',
    groupBy.site ? 's.name' : 'NULL::text',
    groupBy.category ? 'c.name' : 'NULL::text',
    groupBy.level ? 'nullif(r.severity, -1)' : 'NULL::int',
  ];
  return db.query<{
    i: number;
    site_id: number | null;
    site_name: string | null;
    category_name: string | null;
    level: number | null;
    volume: number;
  }>(
    `SELECT b.i, ${keys[0]} AS site_id, ${keys[1]} AS site_name, ${keys[2]} AS category_name, ${keys[3]} AS level, sum(${BUCKET_VOLUME}) AS volume
       FROM emission_daily_volumes r JOIN sites s ON s.id = r.site_id
       ${groupBy.category ? 'LEFT JOIN source_categories c ON c.id = r.source_category_id' : ''}
       ${DAY_BUCKETS(1)}
      WHERE ${where}
      GROUP BY b.i, 2, 3, 4, 5`,
    params,
  );
}

export interface PeriodRequest extends Scope {
  bucket: BucketInterval;
  start: number;
  end: number;
  timeZone: string;
  endTimeIsInCurrentPeriod: boolean;
  now: number;
}

export async function emissionTotals(db: Queryable, req: PeriodRequest): Promise<EmissionTotal[]> {
  const shown = bucketsOf(req.bucket, req.start, req.end, req.timeZone);
  if (shown.length === 0) return [];
  // One more period before the first, for the first period's change.
  const before = bucketsOf(req.bucket, shown[0]!.start - 1, shown[0]!.start, req.timeZone);
  const buckets = [...before, ...shown];
  const offset = before.length;
  const volumes = new Map<number, number>();
  for (const r of await volumesByBucket(db, req, buckets)) volumes.set(r.i, Number(r.volume));

  const params: unknown[] = bucketParams(buckets);
  const where = siteFilterSql(req.organizationId, req.filter, params);
  const alarms = await db.query<{ i: number; level: number; n: number }>(
    `SELECT b.i, a.level, count(*)::int AS n FROM sites s JOIN alarms a ON a.site_id = s.id JOIN ${BUCKETS(1)} ON a.start_time >= b.start_time AND a.start_time < b.end_time
      WHERE ${where} GROUP BY b.i, a.level`,
    params,
  );
  const targets = await db.query<{ i: number; target: number }>(
    `SELECT b.i, sum(t.target_volume_per_month) AS target FROM sites s JOIN emission_targets t ON t.site_id = s.id AND t.deleted_at IS NULL
       JOIN ${BUCKETS(1)} ON t.effective_from::timestamptz < b.end_time WHERE ${where} GROUP BY b.i`,
    params,
  );
  // A baseline is a rate: over a period it stands for the volume it allows during the hours it was in force.
  const baselines = await db.query<{ i: number; volume: number }>(
    `SELECT b.i, sum(sb.baseline * extract(epoch FROM least(coalesce(sb.effective_to, 'infinity'), b.end_time) - greatest(sb.effective_from, b.start_time)) / 3600) AS volume
       FROM sites s JOIN site_baselines sb ON sb.site_id = s.id AND sb.deleted_at IS NULL
       JOIN ${BUCKETS(1)} ON sb.effective_from < b.end_time AND coalesce(sb.effective_to, 'infinity') > b.start_time
      WHERE ${where} GROUP BY b.i`,
    params,
  );
  const countParams: unknown[] = [];
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sites s WHERE ${siteFilterSql(req.organizationId, req.filter, countParams)}`,
    countParams,
  );
  const siteCount = count?.n ?? 0;
  const by = <T extends { i: number }>(rows: T[], i: number) => rows.find((r) => r.i === i);
  return shown.map((b, k) => {
    const i = k + offset;
    const total = volumes.get(i) ?? 0;
    const previous = i > 0 ? (volumes.get(i - 1) ?? 0) : null;
    const isLast = k === shown.length - 1;
    const target = by(targets, i);
    const hours = (b.end - b.start) / HOUR;
    const level = (l: number) => alarms.find((a) => a.i === i && a.level === l)?.n ?? 0;
    return {
      periodName: b.periodName,
      year: b.year,
      startTime: iso(b.start),
      endTime: iso(b.end),
      totalEmissions: total,
      projectedEmissions:
        isLast && req.endTimeIsInCurrentPeriod
          ? projectedEmissions(total, b.start, fullPeriodEnd(req.bucket, b.start, req.timeZone), req.now)
          : null,
      targetEmissions: target ? Number(target.target) * targetMonthsIn(req.bucket, b.start, req.timeZone) : null,
      baseline: by(baselines, i) ? Number(by(baselines, i)!.volume) : null,
      normalizedEmissionRate: siteCount > 0 && hours > 0 ? total / hours / siteCount : null,
      deltaPreviousPercent: percentChange(previous, total),
      siteCount,
      alarmCountHi: level(0),
      alarmCountHiHi: level(1),
      alarmCountCritical: level(2),
    };
  });
}

export async function periodEmissionRollups(
  db: Queryable,
  req: PeriodRequest & { groupByAlarmLevel: boolean; groupBySite: boolean; groupBySourceCategory: boolean },
): Promise<PeriodGroupedEmission[]> {
  const buckets = bucketsOf(req.bucket, req.start, req.end, req.timeZone);
  if (buckets.length === 0) return [];
  const rows = await volumesByBucket(db, req, buckets, {
    site: req.groupBySite,
    category: req.groupBySourceCategory,
    level: req.groupByAlarmLevel,
  });
  return rows
    .filter((r) => Number(r.volume) > 0)
    .sort((a, b) => a.i - b.i)
    .map((r) => ({
      periodName: buckets[r.i]!.periodName,
      year: buckets[r.i]!.year,
      totalEmissions: Number(r.volume),
      ...(req.groupByAlarmLevel ? { alarmLevel: r.level } : {}),
      ...(req.groupBySite ? { siteName: r.site_name } : {}),
      ...(req.groupBySourceCategory ? { sourceCategoryName: r.category_name || UNCATEGORIZED } : {}),
    }));
}

/**
 * Per site in scope: volume and average rate over the window, the baseline rate in force at its end, their ratio,
 * the change of the average rate from the window before, and the alarms raised in the window by level.
 */
export async function siteEmissionStatuses(
  db: Queryable,
  scope: Scope,
  start: number,
  end: number,
): Promise<SiteEmissionStatusRow[]> {
  const span = end - start;
  const volumes = await volumesByBucket(
    db,
    scope,
    [
      { start, end },
      { start: start - span, end: start },
    ],
    { site: true },
  );
  const volumeOf = (siteId: number, i: number) =>
    Number(volumes.find((v) => v.site_id === siteId && v.i === i)?.volume ?? 0);
  const params: unknown[] = [iso(start), iso(end)];
  const where = siteFilterSql(scope.organizationId, scope.filter, params);
  const rows = await db.query<{
    id: number;
    name: string;
    latitude: number;
    longitude: number;
    baseline: number | null;
    hi: number;
    hihi: number;
    critical: number;
  }>(
    `SELECT s.id, s.name, s.latitude, s.longitude,
            (SELECT sb.baseline FROM site_baselines sb WHERE sb.site_id = s.id AND sb.deleted_at IS NULL AND sb.effective_from < $2::timestamptz
                AND coalesce(sb.effective_to, 'infinity') > $1::timestamptz ORDER BY sb.effective_from DESC, sb.id DESC LIMIT 1) AS baseline,
            (SELECT count(*)::int FROM alarms a WHERE a.site_id = s.id AND a.level = 0 AND a.start_time >= $1::timestamptz AND a.start_time < $2::timestamptz) AS hi,
            (SELECT count(*)::int FROM alarms a WHERE a.site_id = s.id AND a.level = 1 AND a.start_time >= $1::timestamptz AND a.start_time < $2::timestamptz) AS hihi,
            (SELECT count(*)::int FROM alarms a WHERE a.site_id = s.id AND a.level = 2 AND a.start_time >= $1::timestamptz AND a.start_time < $2::timestamptz) AS critical
       FROM sites s WHERE ${where} ORDER BY lower(s.name), s.id`,
    params,
  );
  const hours = span / HOUR;
  return rows.map((r) => {
    const volume = volumeOf(r.id, 0);
    const averageRate = hours > 0 ? volume / hours : 0;
    const baseline = r.baseline === null ? null : Number(r.baseline);
    return {
      siteId: r.id,
      siteName: r.name,
      latitude: r.latitude,
      longitude: r.longitude,
      totalVolume: volume,
      averageRate,
      baselineRate: baseline,
      emissionRatio: baseline !== null && baseline > 0 ? averageRate / baseline : null,
      rateDelta: hours > 0 ? averageRate - volumeOf(r.id, 1) / hours : null,
      hiAlarmCount: r.hi,
      hiHiAlarmCount: r.hihi,
      criticalAlarmCount: r.critical,
    };
  });
}

/** Daily CH4 volume per monitored site per hour (kg/h per site) over the window, and over the whole window. */
export async function normalizedEmissionRate(
  db: Queryable,
  scope: Scope,
  start: number,
  end: number,
  timeZone: string,
): Promise<NormalizedRate> {
  const buckets = bucketsOf('Daily', start, end, timeZone);
  const countParams: unknown[] = [];
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sites s WHERE ${siteFilterSql(scope.organizationId, scope.filter, countParams)} AND s.model_processed_up_to IS NOT NULL`,
    countParams,
  );
  const siteCount = count?.n ?? 0;
  if (buckets.length === 0) return { points: [], normalizedRate: null, siteCount };
  const volumes = new Map<number, number>();
  for (const r of await volumesByBucket(db, scope, buckets)) volumes.set(r.i, Number(r.volume));
  const rate = (volume: number, ms: number) => (siteCount > 0 && ms > 0 ? volume / (ms / HOUR) / siteCount : null);
  const total = [...volumes.values()].reduce((a, b) => a + b, 0);
  return {
    points: buckets.map((b, i) => ({ time: iso(b.start), normalizedRate: rate(volumes.get(i) ?? 0, b.end - b.start) })),
    normalizedRate: rate(total, end - start),
    siteCount,
  };
}

/** A site's CH4 volume per UTC day over [fromDay, toDay] (inclusive), for baseline calculations. */
export async function siteDailyVolumes(
  db: Queryable,
  siteId: number,
  fromDay: string,
  toDay: string,
): Promise<{ day: string; volume: number }[]> {
  const rows = await db.query<{ day: string; volume: number }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(volume) AS volume FROM emission_daily_volumes WHERE site_id = $1 AND day >= $2::date AND day <= $3::date GROUP BY day",
    [siteId, fromDay, toDay],
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.volume)]));
  const out: { day: string; volume: number }[] = [];
  for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += 86_400_000) {
    const day = iso(t).slice(0, 10);
    out.push({ day, volume: byDay.get(day) ?? 0 });
  }
  return out;
}
