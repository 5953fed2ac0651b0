// The single-site dashboard's reads (spec 3 §2 'Single-site dashboard', spec 2 §7 'Site helpers'): the site check every
// site read starts with, the site, the devices that stood there over a range with the measurement types they stored,
// its sources, its emissions, its modelled rate and its rolling means, and the day of modelled site rates nearest a
// range for Zoom to data.
import type { z } from 'zod';
import {
  SITE_RATE_AVERAGE_PERIOD_HOURS,
  type siteDashboardDevicesEndpoint,
  type SiteDetail,
  type SiteDeviceStay,
  type SiteEmission,
  type siteEmissionsEndpoint,
  type SiteRateAverage,
  type siteRateAverageEndpoint,
  type siteRateDataEndpoint,
  type SiteRatePoint,
  type SiteSource,
} from '@/contracts/site-dashboard';
import { DAY_MS, MIN_RANGE_MINUTES, MINUTE_MS } from '@/domain/chart-data';
import type { Queryable } from '../db/client';
import { checkedRange } from './chart-range';
import { DomainError } from './errors';
import { parseRollingPeriod, siteRateAverage } from './modelling/service/site-rate-average';
import { selectSiteRows, toRow, type SiteRef } from './site';

type Query<E extends { query?: z.ZodType }> = z.infer<NonNullable<E['query']>>;

export const SITE_NOT_FOUND = 'Site not found';
export const SITE_DELETED = 'This site has been deleted';

/**
 * The site's id when it belongs to the organization and is not deleted. A site of another organization answers like
 * an unknown one (404, so ids cannot be probed); a deleted one 410 (spec 2 §7 'a 410 marks the site as deleted').
 */
export async function checkSite(db: Queryable, { organizationId, siteId }: SiteRef): Promise<number> {
  const [site] = await db.query<{ id: number; deleted_at: Date | string | null }>(
    'SELECT id, deleted_at FROM sites WHERE id = $1 AND organization_id = $2',
    [siteId, organizationId],
  );
  if (!site) throw new DomainError('NotFound', SITE_NOT_FOUND);
  if (site.deleted_at !== null) throw new DomainError('Gone', SITE_DELETED);
  return site.id;
}

/**
 * The UTC day of site rates nearest [start, end) (the last rate before the start or the first at or after the end,
 * whichever is closer), as the range to zoom to: its first rate to its last, at least the minimum chart window.
 */
export async function closestSiteRateDay(
  db: Queryable,
  siteId: number,
  start: number,
  end: number,
): Promise<{ startTime: string | null; endTime: string | null }> {
  type Row = { time: Date | string };
  const [before] = await db.query<Row>(
    'SELECT time FROM site_rates WHERE site_id = $1 AND time < $2 ORDER BY time DESC LIMIT 1',
    [siteId, new Date(start).toISOString()],
  );
  const [after] = await db.query<Row>(
    'SELECT time FROM site_rates WHERE site_id = $1 AND time >= $2 ORDER BY time LIMIT 1',
    [siteId, new Date(end).toISOString()],
  );
  const beforeAt = before ? new Date(before.time).getTime() : null;
  const afterAt = after ? new Date(after.time).getTime() : null;
  const nearest =
    beforeAt === null ? afterAt : afterAt === null ? beforeAt : start - beforeAt <= afterAt - end ? beforeAt : afterAt;
  if (nearest === null) return { startTime: null, endTime: null };
  const dayStart = Math.floor(nearest / DAY_MS) * DAY_MS;
  const [day] = await db.query<{ first: Date | string; last: Date | string }>(
    'SELECT min(time) AS first, max(time) AS last FROM site_rates WHERE site_id = $1 AND time >= $2 AND time < $3',
    [siteId, new Date(dayStart).toISOString(), new Date(dayStart + DAY_MS).toISOString()],
  );
  const first = new Date(day!.first).getTime();
  const last = Math.max(new Date(day!.last).getTime(), first + MIN_RANGE_MINUTES * MINUTE_MS);
  return { startTime: new Date(first).toISOString(), endTime: new Date(last).toISOString() };
}

/** The most emissions one siteEmissions call answers (the oldest in the range first). */
export const SITE_EMISSIONS_LIMIT = 5_000;

type Time = Date | string;
const iso = (t: Time) => new Date(t).toISOString();
const isoOrNull = (t: Time | null) => (t === null ? null : iso(t));

export async function siteDetail(db: Queryable, site: SiteRef): Promise<SiteDetail> {
  const [row] = await selectSiteRows(db, 's.id = $1 AND s.organization_id = $2', [site.siteId, site.organizationId]);
  if (!row) throw new DomainError('NotFound', SITE_NOT_FOUND);
  if (row.deleted_at !== null) throw new DomainError('Gone', SITE_DELETED);
  return { ...toRow(row), modelProcessedUpTo: isoOrNull(row.model_processed_up_to ?? null) };
}

export async function siteDeviceStays(
  db: Queryable,
  site: SiteRef,
  query: Query<typeof siteDashboardDevicesEndpoint>,
): Promise<SiteDeviceStay[]> {
  const siteId = await checkSite(db, site);
  const { start, end } = checkedRange(query);
  const rows = await db.query<{
    id: number;
    device_id: number;
    device_name: string;
    device_type: SiteDeviceStay['deviceType'];
    latitude: number;
    longitude: number;
    started_at: Time;
    ended_at: Time | null;
    installation_type: number;
    quarantined_at: Time | null;
    types: number[] | null;
  }>(
    // The chunks are one row per device, type and UTC day: those with samples between the later of the two starts
    // and the earlier of the two ends (chunk_start bounds the search to the index).
    `SELECT i.id, i.device_id, d.name AS device_name, d.device_type, i.latitude, i.longitude, i.started_at, i.ended_at,
            i.installation_type, i.quarantined_at,
            (SELECT json_agg(t.measurement_type ORDER BY t.measurement_type)
               FROM (SELECT DISTINCT c.measurement_type
                       FROM measurement_chunks c
                      WHERE c.device_id = i.device_id AND c.sample_count > 0
                        AND c.chunk_start > greatest(i.started_at, $2::timestamptz) - interval '1 day'
                        AND c.chunk_start < least(coalesce(i.ended_at, $3::timestamptz), $3::timestamptz)
                        AND c.last_time >= greatest(i.started_at, $2::timestamptz)
                        AND c.first_time < least(coalesce(i.ended_at, $3::timestamptz), $3::timestamptz)) t) AS types
       FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.site_id = $1 AND i.started_at < $3::timestamptz AND (i.ended_at IS NULL OR i.ended_at > $2::timestamptz)
      ORDER BY d.name, i.started_at, i.id`,
    [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  return rows.map((r) => ({
    installationId: r.id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    deviceType: r.device_type,
    location: { lat: r.latitude, lng: r.longitude },
    startTime: iso(r.started_at),
    endTime: isoOrNull(r.ended_at),
    deviceInstallationType: r.installation_type,
    quarantinedAt: isoOrNull(r.quarantined_at),
    measurementTypeIds: r.types ?? [],
  }));
}

export async function siteSources(db: Queryable, site: SiteRef): Promise<SiteSource[]> {
  const siteId = await checkSite(db, site);
  const rows = await db.query<{
    id: number;
    name: string;
    latitude: number;
    longitude: number;
    source_category_id: number | null;
    category: string | null;
    group_name: string | null;
    deleted: boolean;
  }>(
    `SELECT s.id, s.name, s.latitude, s.longitude, s.source_category_id, c.name AS category, g.name AS group_name, s.deleted_at IS NOT NULL AS deleted
       FROM sources s LEFT JOIN source_categories c ON c.id = s.source_category_id LEFT JOIN source_groups g ON g.id = s.source_group_id
      WHERE s.site_id = $1
      ORDER BY lower(s.name), s.id`,
    [siteId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    location: { lat: r.latitude, lng: r.longitude },
    sourceCategoryId: r.source_category_id,
    sourceCategoryName: r.category || 'Uncategorized',
    sourceGroupName: r.group_name,
    deleted: r.deleted,
  }));
}

export async function siteEmissions(
  db: Queryable,
  site: SiteRef,
  query: Query<typeof siteEmissionsEndpoint>,
): Promise<SiteEmission[]> {
  const siteId = await checkSite(db, site);
  const { start, end } = checkedRange(query);
  const rows = await db.query<{
    id: number;
    source_id: number | null;
    source_name: string | null;
    category: string | null;
    start_time: Time;
    end_time: Time | null;
    total_volume: number;
    rate: number;
    severity: number | null;
    classification: SiteEmission['classification'];
    rate_lower: number | null;
    rate_upper: number | null;
    probability: number | null;
    plume_status: number | null;
  }>(
    `SELECT e.id, e.source_id, s.name AS source_name, c.name AS category, e.start_time, e.end_time, e.total_volume, e.rate, e.severity, e.classification,
            e.rate_lower, e.rate_upper, e.probability, p.status AS plume_status
       FROM emissions e LEFT JOIN sources s ON s.id = e.source_id LEFT JOIN source_categories c ON c.id = s.source_category_id
            LEFT JOIN plumes p ON p.emission_id = e.id
      WHERE e.site_id = $1 AND e.start_time < $3 AND (e.end_time IS NULL OR e.end_time > $2)
      ORDER BY e.start_time, e.id
      LIMIT ${SITE_EMISSIONS_LIMIT}`,
    [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  return rows.map((r) => ({
    id: r.id,
    sourceId: r.source_id,
    sourceName: r.source_name,
    sourceCategoryName: r.category || 'Uncategorized',
    startTime: iso(r.start_time),
    endTime: isoOrNull(r.end_time),
    totalVolume: r.total_volume,
    rate: r.rate,
    severity: r.severity,
    classification: r.classification,
    rateLower: r.rate_lower,
    rateUpper: r.rate_upper,
    probability: r.probability,
    plumeStatus: r.plume_status,
  }));
}

export async function siteRateData(
  db: Queryable,
  site: SiteRef,
  query: Query<typeof siteRateDataEndpoint>,
): Promise<SiteRatePoint[]> {
  const siteId = await checkSite(db, site);
  const { start, end } = checkedRange(query);
  const rows = await db.query<{ time: Time; rate: number; lower_bound: number; upper_bound: number }>(
    'SELECT time, rate, lower_bound, upper_bound FROM site_rates WHERE site_id = $1 AND time >= $2 AND time <= $3 ORDER BY time',
    [siteId, new Date(start).toISOString(), new Date(end).toISOString()],
  );
  return rows.map((r) => ({
    time: new Date(r.time).getTime(),
    rate: r.rate,
    lowerBound: r.lower_bound,
    upperBound: r.upper_bound,
  }));
}

export async function siteRateAverageOf(
  db: Queryable,
  site: SiteRef,
  query: Query<typeof siteRateAverageEndpoint>,
): Promise<SiteRateAverage> {
  const siteId = await checkSite(db, site);
  const hours = parseRollingPeriod(query.rollingAveragePeriod, SITE_RATE_AVERAGE_PERIOD_HOURS);
  if (hours === null)
    throw new DomainError('Invalid', 'rollingAveragePeriod must be 1 hour, 1 day, 7, 15, 30 or 90 days', {
      rollingAveragePeriod: ['Unknown rolling average period'],
    });
  let range: { start: number; end: number };
  if (query.startTime !== undefined && query.endTime !== undefined)
    range = checkedRange({ startTime: query.startTime, endTime: query.endTime });
  else {
    const [s] = await db.query<{ processed: Time | null }>(
      'SELECT model_processed_up_to AS processed FROM sites WHERE id = $1',
      [siteId],
    );
    const end = s?.processed == null ? Date.now() : new Date(s.processed).getTime();
    range = { start: end - 7 * 86_400_000, end };
  }
  return siteRateAverage(db, siteId, range.start, range.end, hours);
}
