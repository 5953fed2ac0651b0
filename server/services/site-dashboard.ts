// Shared reads of the single-site dashboard (spec 3 §2): the site check every site read starts with, and the day of
// modelled site rates nearest a range for Zoom to data.
import { DAY_MS, MIN_RANGE_MINUTES, MINUTE_MS } from '@/domain/chart-data';
import type { Queryable } from '../db/client';
import { DomainError } from './errors';
import type { SiteRef } from './site';

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
