// Whether a site can be modelled and how far: blocked without emission sources or when an active Qube / Qube Lite
// has no recent data (spec 3 §8 model warning); otherwise the last step whose look-ahead every reporting device covers.
import type { Queryable } from '../../../db/client';
import { CONTEXT_AFTER_MS, STEP_MS } from '../contract';
import { CH4, MINUTE_MS } from './inputs';

/** A device whose newest CH4 is this much older than the site's newest has no recent data: the site is blocked. */
export const NO_RECENT_DATA_MS = 2 * 3_600_000;
/**
 * A device lagging the site's newest CH4 by more than this does not hold the cursor back: its minutes are NaN for
 * the stages, and if its readings arrive later they are late data (the steps they fall in are recomputed).
 */
export const HOLD_LAG_MS = 20 * 60_000;

export const NO_SOURCES = 'The site has no emission sources';
export const NO_DEVICES = 'The site has no active Qube or Qube Lite';
export const noRecentData = (names: readonly string[]) =>
  names.length === 1 ? `Device ${names[0]} has no recent data` : `Devices ${names.join(', ')} have no recent data`;

export const floorStep = (t: number) => Math.floor(t / STEP_MS) * STEP_MS;
export const ceilStep = (t: number) => Math.ceil(t / STEP_MS) * STEP_MS;

export type Readiness =
  | { blockReason: string; lastStep?: undefined; earliestData?: undefined }
  | { blockReason: null; lastStep: number; earliestData: number };

export async function readiness(db: Queryable, siteId: number): Promise<Readiness> {
  const [src] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sources WHERE site_id = $1 AND deleted_at IS NULL',
    [siteId],
  );
  if (!src || src.n === 0) return { blockReason: NO_SOURCES };
  const devices = await db.query<{ name: string; newest: Date | string | null; first: Date | string | null }>(
    `SELECT d.name,
            (SELECT c.last_time FROM measurement_chunks c WHERE c.device_id = d.id AND c.measurement_type = $2 AND c.sample_count > 0 ORDER BY c.chunk_start DESC LIMIT 1) AS newest,
            (SELECT c.first_time FROM measurement_chunks c WHERE c.device_id = d.id AND c.measurement_type = $2 AND c.sample_count > 0 ORDER BY c.chunk_start LIMIT 1) AS first
       FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.site_id = $1 AND i.ended_at IS NULL AND i.installation_type = 0 AND d.device_type IN ('Qube', 'QubeLite')
      ORDER BY d.name`,
    [siteId, CH4],
  );
  if (devices.length === 0) return { blockReason: NO_DEVICES };
  const newest = devices.map((d) => (d.newest === null ? -Infinity : new Date(d.newest).getTime()));
  const siteNewest = Math.max(...newest);
  // No device has reported yet (a site just set up): nothing to model, nothing wrong yet.
  if (siteNewest === -Infinity) return { blockReason: null, lastStep: -Infinity, earliestData: Infinity };
  const stale = devices.filter((_, i) => !(newest[i]! >= siteNewest - NO_RECENT_DATA_MS));
  if (stale.length) return { blockReason: noRecentData(stale.map((d) => d.name)) };
  const horizon = Math.min(...newest.filter((t) => t >= siteNewest - HOLD_LAG_MS));
  // The window of step t ends with the minute stamped t + CONTEXT_AFTER_MS − 1 min.
  const lastStep = floorStep(horizon - (CONTEXT_AFTER_MS - MINUTE_MS));
  const earliestData = Math.min(...devices.map((d) => (d.first === null ? Infinity : new Date(d.first).getTime())));
  return { blockReason: null, lastStep, earliestData };
}
