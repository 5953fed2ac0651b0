// Demo emission data (spec 3 §3): each site's sources, the emissions the modelling pipeline would have found from the
// same synthetic events that drove the device concentrations (siteEmissionPlan), the modelled site rate for the sites
// with device history, and monthly CH4 targets. Nothing is written past a site's model processed-up-to time (for the
// sites the pipeline models, their model's start: the pipeline writes what follows).
import { AlarmLevel } from '@/domain/enums';
import { SITE_RATE_STEP_MS } from '@/domain/emission';
import type { Database } from '../db/client';
import type { SeedSize } from '../config';
import { siteEmissionPlan, type EmissionEvent } from './measurements';
import { BaselineType, EPA_SITE_TYPES, isEpaRegulated } from '@/domain/site-baseline';
import { createBaseline } from '../services/site-baseline';
import { refreshDailyVolumes } from '../services/emission-rollup';
import { createRandom, type Random } from './random';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Days of emission history: a year by default, never shorter than the device data it must agree with. */
export function emissionDays(size: SeedSize): number {
  return Math.max(size.emissionDays ?? 365, size.featuredDays ?? 0, size.days);
}

const CATEGORY_BY_SOURCE: Record<string, { category: number; group: string }> = {
  Wellhead: { category: 1, group: 'Production' },
  'Tank battery': { category: 2, group: 'Storage' },
  Separator: { category: 3, group: 'Production' },
  Compressor: { category: 4, group: 'Compression' },
};

/** The alarm level an emission's rate reaches (kg/h); below 1 kg/h none. */
export function emissionSeverity(rate: number): number | null {
  if (rate >= 10) return AlarmLevel.values.Critical;
  if (rate >= 3) return AlarmLevel.values.HiHi;
  if (rate >= 1) return AlarmLevel.values.Hi;
  return null;
}

interface SiteRow extends Record<string, unknown> {
  id: number;
  latitude: number;
  longitude: number;
  processed: Date | string | null;
  deleted_at: Date | string | null;
}

export async function seedEmissions(
  database: Database,
  size: SeedSize,
  now: Date,
  siteRateSiteIds: ReadonlySet<number>,
  /** Sites the pipeline models from their processed-up-to (the model's start): an event under way then ends there. */
  modelledSiteIds: ReadonlySet<number> = new Set(),
): Promise<{ sources: number; emissions: number; siteRates: number; targets: number }> {
  const end = Math.floor(now.getTime() / 60_000) * 60_000;
  const from = end - emissionDays(size) * DAY;
  const rateFrom = end - size.days * DAY;
  const r = createRandom(size.seed * 101 + 13);
  const rootCauses = await database.query<{ id: number; classification: string }>(
    'SELECT id, classification FROM root_causes ORDER BY id',
  );
  const sites = await database.query<SiteRow>(
    `SELECT s.id, s.latitude, s.longitude, s.model_processed_up_to AS processed, s.deleted_at
       FROM sites s JOIN organizations o ON o.id = s.organization_id
      WHERE o.deleted_at IS NULL AND s.model_processed_up_to IS NOT NULL ORDER BY s.id`,
  );
  const counts = { sources: 0, emissions: 0, siteRates: 0, targets: 0 };
  const emissionRows: unknown[][] = [];
  for (const site of sites) {
    const plan = siteEmissionPlan(size.seed, site.id, site.latitude, site.longitude, from, end);
    const cutoff = Math.min(
      new Date(site.processed!).getTime(),
      site.deleted_at ? new Date(site.deleted_at).getTime() : Infinity,
      end,
    );
    const sourceIds: number[] = [];
    const groups = new Map<string, number>();
    for (const source of plan.sources) {
      const kind = CATEGORY_BY_SOURCE[source.name] ?? { category: 8, group: 'Production' };
      let groupId = groups.get(kind.group);
      if (groupId === undefined) {
        const [g] = await database.query<{ id: number }>(
          'INSERT INTO source_groups (site_id, name) VALUES ($1, $2) RETURNING id',
          [site.id, kind.group],
        );
        groupId = g!.id;
        groups.set(kind.group, groupId);
      }
      const [row] = await database.query<{ id: number }>(
        `INSERT INTO sources (site_id, name, latitude, longitude, height, relative_importance, source_category_id, source_group_id) VALUES ($1, $2, $3, $4, 2, $5, $6, $7) RETURNING id`,
        [site.id, source.name, source.lat, source.lng, source.name === 'Wellhead' ? 3 : 2, kind.category, groupId],
      );
      sourceIds.push(row!.id);
    }
    counts.sources += sourceIds.length;
    for (const e of plan.events) {
      if (e.start >= cutoff) continue;
      const closed = e.end <= cutoff || modelledSiteIds.has(site.id);
      const until = Math.min(e.end, cutoff);
      const classified = closed && e.end < end - 7 * DAY && r.chance(0.6);
      const classification = classified ? pickClassification(r.next()) : null;
      const causes = rootCauses.filter((c) => c.classification === classification);
      emissionRows.push([
        site.id,
        sourceIds[e.source]!,
        new Date(e.start).toISOString(),
        closed ? new Date(until).toISOString() : null,
        (e.rate * (until - e.start)) / HOUR,
        e.rate,
        emissionSeverity(e.rate),
        classification,
        causes.length > 0 && r.chance(0.8) ? r.pick(causes).id : null,
      ]);
    }
    if (siteRateSiteIds.has(site.id))
      counts.siteRates += await seedSiteRates(
        database,
        site.id,
        plan.events,
        Math.max(rateFrom, from),
        cutoff,
        size.seed,
      );
    counts.targets += await seedTargets(database, site.id, plan.events, end, r);
    if (emissionRows.length >= 5000) counts.emissions += await flushEmissions(database, emissionRows);
  }
  counts.emissions += await flushEmissions(database, emissionRows);
  await refreshDailyVolumes(database, null, from, end);
  return counts;
}

function pickClassification(x: number): string {
  if (x < 0.4) return 'Fugitive';
  if (x < 0.75) return 'Venting';
  if (x < 0.85) return 'IncompleteCombustion';
  return 'NothingFound';
}

async function flushEmissions(database: Database, rows: unknown[][]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = (i: number) => rows.map((row) => row[i]);
  await database.query(
    `INSERT INTO emissions (site_id, source_id, start_time, end_time, total_volume, rate, severity, classification, root_cause_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::float8[], $6::float8[], $7::int[], $8::text[], $9::int[])`,
    [column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7), column(8)],
  );
  const n = rows.length;
  rows.length = 0;
  return n;
}

/** The pipeline's 15-minute site rate: the sum of the emissions under way, a faint background, model noise and bounds. */
async function seedSiteRates(
  database: Database,
  siteId: number,
  events: readonly EmissionEvent[],
  from: number,
  to: number,
  seed: number,
): Promise<number> {
  const r = createRandom(seed * 389 + siteId);
  const times: string[] = [];
  const rates: number[] = [];
  const lower: number[] = [];
  const upper: number[] = [];
  let first = 0;
  for (let t = Math.ceil(from / SITE_RATE_STEP_MS) * SITE_RATE_STEP_MS; t < to; t += SITE_RATE_STEP_MS) {
    while (first < events.length && events[first]!.end <= t - 12 * HOUR) first++;
    let rate = 0.02;
    for (let i = first; i < events.length && events[i]!.start <= t; i++)
      if (events[i]!.end > t) rate += events[i]!.rate;
    rate = Math.max(0, rate * (1 + 0.12 * r.normal()));
    times.push(new Date(t).toISOString());
    rates.push(rate);
    lower.push(rate * 0.55);
    upper.push(rate * 1.6 + 0.05);
  }
  if (times.length === 0) return 0;
  await database.query(
    `INSERT INTO site_rates (site_id, time, rate, lower_bound, upper_bound) SELECT $1, * FROM unnest($2::timestamptz[], $3::float8[], $4::float8[], $5::float8[])`,
    [siteId, times, rates, lower, upper],
  );
  return times.length;
}

/** Six sites in ten have a monthly target near their usual volume, in force for the past year. */
async function seedTargets(
  database: Database,
  siteId: number,
  events: readonly EmissionEvent[],
  end: number,
  r: ReturnType<typeof createRandom>,
): Promise<number> {
  if (!r.chance(0.6)) return 0;
  const since = end - 90 * DAY;
  const volume = events.reduce(
    (sum, e) =>
      e.end > since && e.start < end ? sum + (e.rate * (Math.min(e.end, end) - Math.max(e.start, since))) / HOUR : sum,
    0,
  );
  const monthly = Math.max(10, Math.round(((volume / 3) * (0.7 + r.next() * 0.7)) / 10) * 10);
  const d = new Date(end);
  const effectiveFrom = new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), 1)).toISOString().slice(0, 10);
  await database.query(
    'INSERT INTO emission_targets (site_id, effective_from, target_volume_per_month) VALUES ($1, $2, $3)',
    [siteId, effectiveFrom, monthly],
  );
  return 1;
}

/**
 * Baselines for about half the monitored sites, made through the baseline service from the seeded emissions: mostly
 * Site Averages over a past 60-day period, some yearly inventories set a little high or low (so every status shows),
 * and EPA 30 Day Averages where the site is EPA regulated.
 */
export async function seedBaselines(
  database: Database,
  r: Random,
  now: Date,
  userId: number,
  userName: string,
): Promise<number> {
  const day = (daysBack: number) => new Date(now.getTime() - daysBack * DAY).toISOString().slice(0, 10);
  const sites = await database.query<{ id: number; organization_id: number; regulation: string | null }>(
    `SELECT s.id, s.organization_id, o2.name AS regulation FROM sites s JOIN organizations o ON o.id = s.organization_id
       LEFT JOIN site_options o2 ON o2.id = s.regulation_id
      WHERE o.deleted_at IS NULL AND s.deleted_at IS NULL AND s.model_processed_up_to IS NOT NULL ORDER BY s.id`,
  );
  let count = 0;
  for (const site of sites) {
    if (!r.chance(0.55)) continue;
    const kind = r.next();
    const common = {
      organizationId: site.organization_id,
      siteId: site.id,
      activities: [] as { dateRange: (string | null)[]; comment: string }[],
    };
    const actor = { userId, userName };
    if (kind < 0.15 && isEpaRegulated(site.regulation)) {
      const start = day(180);
      await createBaseline(
        database,
        {
          ...common,
          baselineType: BaselineType.Epa30DayAverage,
          baselineStartDate: start,
          inspectionDate: day(174),
          inspectionComments: 'OGI survey, no repairs needed',
          epaSiteType: r.pick(EPA_SITE_TYPES).name,
          effectiveFrom: new Date(now.getTime() - 150 * DAY).toISOString(),
        },
        actor,
      );
    } else if (kind < 0.4) {
      // An inventory estimate: the site's usual rate times 0.3–1.6, a year's worth.
      const [avg] = await database.query<{ rate: number | null }>(
        "SELECT sum(total_volume) / (90 * 24) AS rate FROM emissions WHERE site_id = $1 AND start_time > $2::timestamptz - interval '90 days'",
        [site.id, now.toISOString()],
      );
      const inventory = Math.round(Number(avg?.rate ?? 1) * (0.3 + r.next() * 1.3) * 8760);
      await createBaseline(
        database,
        {
          ...common,
          baselineType: BaselineType.UserInput,
          yearlyEmissionInventory: inventory,
          effectiveFrom: new Date(now.getTime() - 200 * DAY).toISOString(),
        },
        actor,
      );
    } else {
      const activities = r.chance(0.4)
        ? [{ dateRange: [day(180), day(178)], comment: 'Well workover: venting expected' }]
        : [];
      await createBaseline(
        database,
        {
          ...common,
          activities,
          baselineType: BaselineType.SiteAverage,
          baselineRange: [day(200), day(141)],
          effectiveFrom: new Date(now.getTime() - 140 * DAY).toISOString(),
        },
        actor,
      );
    }
    count++;
  }
  return count;
}
