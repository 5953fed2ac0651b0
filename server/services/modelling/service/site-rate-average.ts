// Site rate average (spec 3 §3, §7; modelling.md §1.7): rolling means of the 15-minute site rate and of each
// source's rate. The mean at time t covers the steps that ended in (t − period, t]; unobservable source steps count
// at the rate the stages carried for them. Points come every 15 minutes for the 1-hour period, hourly otherwise.
import type { Queryable } from '../../../db/client';
import type { SiteRateAverage } from '@/contracts/site-dashboard';
import { STEP_MS } from '../contract';

const HOUR_MS = 3_600_000;

/** Means over `periodMs` of the step values, at each multiple of `every` in [start, end]. */
export function rollingAverage(
  points: readonly { time: number; rate: number }[],
  periodMs: number,
  every: number,
  start: number,
  end: number,
): { time: number; averageRate: number }[] {
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const out: { time: number; averageRate: number }[] = [];
  let lo = 0;
  let hi = 0;
  let sum = 0;
  for (let t = Math.ceil(start / every) * every; t <= end; t += every) {
    // A step starting at s ends at s + 15 min: in the window when t − period < s + 15 min ≤ t.
    while (hi < sorted.length && sorted[hi]!.time + STEP_MS <= t) sum += sorted[hi++]!.rate;
    while (lo < hi && sorted[lo]!.time + STEP_MS <= t - periodMs) sum -= sorted[lo++]!.rate;
    if (hi > lo) out.push({ time: t, averageRate: sum / (hi - lo) });
  }
  return out;
}

export async function siteRateAverage(
  db: Queryable,
  siteId: number,
  start: number,
  end: number,
  periodHours: number,
): Promise<SiteRateAverage> {
  const periodMs = periodHours * HOUR_MS;
  const every = periodHours === 1 ? STEP_MS : HOUR_MS;
  const from = new Date(start - periodMs).toISOString();
  const to = new Date(end).toISOString();
  const ms = (v: Date | string) => new Date(v).getTime();
  const site = await db.query<{ time: Date | string; rate: number }>(
    'SELECT time, rate FROM site_rates WHERE site_id = $1 AND time >= $2 AND time < $3 ORDER BY time',
    [siteId, from, to],
  );
  const rows = await db.query<{
    source_id: number;
    time: Date | string;
    rate: number;
    lower_bound: number;
    upper_bound: number;
  }>(
    'SELECT source_id, time, rate, lower_bound, upper_bound FROM source_rates WHERE site_id = $1 AND time >= $2 AND time < $3 ORDER BY source_id, time',
    [siteId, from, to],
  );
  const sources = await db.query<{ id: number; name: string; source_category_id: number | null }>(
    'SELECT id, name, source_category_id FROM sources WHERE site_id = $1 AND (deleted_at IS NULL OR id IN (SELECT DISTINCT source_id FROM source_rates WHERE site_id = $1 AND time >= $2 AND time < $3)) ORDER BY lower(name), id',
    [siteId, from, to],
  );
  const [s] = await db.query<{ processed: Date | string | null }>(
    'SELECT model_processed_up_to AS processed FROM sites WHERE id = $1',
    [siteId],
  );
  const bySource = new Map<number, { time: number; rate: number; lower: number; upper: number }[]>();
  for (const r of rows) {
    let list = bySource.get(r.source_id);
    if (!list) bySource.set(r.source_id, (list = []));
    list.push({ time: ms(r.time), rate: r.rate, lower: r.lower_bound, upper: r.upper_bound });
  }
  return {
    averageSiteRates: rollingAverage(
      site.map((r) => ({ time: ms(r.time), rate: r.rate })),
      periodMs,
      every,
      start,
      end,
    ),
    sources: sources.map((src) => ({
      sourceId: src.id,
      sourceName: src.name,
      sourceCategoryId: src.source_category_id,
      averageSourceRates: withBounds(bySource.get(src.id) ?? [], periodMs, every, start, end),
    })),
    modelProcessedUpTo: s?.processed == null ? null : new Date(s.processed).toISOString(),
  };
}

/** A source's rolling means of its rate and of its bounds (the same steps, so the same times). */
function withBounds(
  points: readonly { time: number; rate: number; lower: number; upper: number }[],
  periodMs: number,
  every: number,
  start: number,
  end: number,
): { time: number; averageRate: number; averageLower: number; averageUpper: number }[] {
  const mean = (pick: (p: (typeof points)[number]) => number) =>
    rollingAverage(
      points.map((p) => ({ time: p.time, rate: pick(p) })),
      periodMs,
      every,
      start,
      end,
    );
  const lower = mean((p) => p.lower);
  const upper = mean((p) => p.upper);
  return mean((p) => p.rate).map((p, i) => ({
    ...p,
    averageLower: lower[i]!.averageRate,
    averageUpper: upper[i]!.averageRate,
  }));
}

/** '1 hour', '1 day', '7 days', '30 day', or a number of hours: hours when it is one of the spec's periods, else null. */
export function parseRollingPeriod(value: string | number, allowed: readonly number[]): number | null {
  const text = String(value).trim().toLowerCase();
  let hours: number | null = null;
  if (/^\d+$/.test(text)) hours = Number(text);
  else {
    const m = /^(\d+)\s*(hour|hours|day|days)$/.exec(text);
    if (m) hours = Number(m[1]) * (m[2]!.startsWith('day') ? 24 : 1);
  }
  return hours !== null && allowed.includes(hours) ? hours : null;
}
