// The heatmap tile table (migration 0024): what a request wants (the fingerprint of each day's inputs), the tiles
// as stored, and the worker's claim (one atomic UPDATE … FOR UPDATE SKIP LOCKED under a lease, safe with several server
// processes), save and failure. A tile whose inputs change gets a new wanted_version and is computed again.
import { PLUME_MARGIN_M } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { CH4, toLocal } from '../modelling/service/inputs';
import { plumeGrid, type PlumeGrid } from '../plume/frames';
import { gridFromBytes, gridToBytes, type ReadyTile } from './combine';
import type { TileResult } from './tile';

/** Cells across the heatmap's square grid (modelling.md §1.8: 64 × 64, a 16 KB Float32 tile). */
export const HEATMAP_GRID_CELLS = 64;
export const TILE_LEASE_MS = 2 * 60_000;
export const MAX_TILE_ATTEMPTS = 3;
/** A source or device this far from the site's point is misplaced and left out of the grid. */
const MAX_POINT_DISTANCE_M = 5_000;

type Time = Date | string;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (d: Time) => (typeof d === 'string' ? Date.parse(`${d.slice(0, 10)}T00:00:00Z`) : d.getTime());

/**
 * The site's grid: the square over its live sources and every Qube it ever stood, plus the plume margin, in metres
 * from the site's point. Every tile of a site shares it while the geometry stays (it is part of the tiles' version).
 */
export async function siteGrid(
  db: Queryable,
  site: { id: number; latitude: number; longitude: number },
): Promise<PlumeGrid | null> {
  const rows = await db.query<{ latitude: number; longitude: number }>(
    `SELECT latitude, longitude FROM sources WHERE site_id = $1 AND deleted_at IS NULL
     UNION ALL
     SELECT i.latitude, i.longitude FROM device_installations i JOIN devices d ON d.id = i.device_id
      WHERE i.site_id = $1 AND d.device_type IN ('Qube', 'QubeLite')`,
    [site.id],
  );
  const points = rows
    .filter((r) => Number.isFinite(r.latitude) && Number.isFinite(r.longitude))
    .map((r) => toLocal(site.latitude, site.longitude, r.latitude, r.longitude))
    .filter((p) => Math.hypot(p.east, p.north) <= MAX_POINT_DISTANCE_M);
  if (points.length === 0) return null;
  return { ...plumeGrid(points, PLUME_MARGIN_M), size: HEATMAP_GRID_CELLS };
}

export const gridSignature = (g: PlumeGrid) =>
  [g.west, g.south, g.east, g.north].map((v) => v.toFixed(1)).join(',') + `/${g.size}`;

/**
 * The fingerprint of each UTC day's inputs in [from, to) that has any: its source rates (count and sum) and the CH4
 * chunks of the devices that stood at the site (count, samples and row versions), under the grid's signature.
 */
export async function dayVersions(
  db: Queryable,
  siteId: number,
  from: number,
  to: number,
  grid: string,
): Promise<Map<number, string>> {
  const f = new Date(from).toISOString();
  const t = new Date(to).toISOString();
  const rates = await db.query<{ day: Time; n: string | number; s: number | null }>(
    `SELECT date_trunc('day', time AT TIME ZONE 'UTC')::date AS day, count(*) AS n, sum(rate) AS s
       FROM source_rates WHERE site_id = $1 AND time >= $2 AND time < $3 GROUP BY 1`,
    [siteId, f, t],
  );
  const chunks = await db.query<{ day: Time; n: string | number; c: string | number; x: string | number }>(
    `SELECT (chunk_start AT TIME ZONE 'UTC')::date AS day, count(*) AS n, sum(sample_count) AS c,
            sum(xmin::text::bigint) AS x
       FROM measurement_chunks
      WHERE measurement_type = $4 AND chunk_start >= $2 AND chunk_start < $3
        AND device_id IN (SELECT device_id FROM device_installations
                           WHERE site_id = $1 AND started_at < $3 AND (ended_at IS NULL OR ended_at > $2))
      GROUP BY 1`,
    [siteId, f, t, CH4],
  );
  const parts = new Map<number, { r: string; c: string }>();
  for (const r of rates)
    parts.set(dayMs(r.day), { r: `${r.n}:${(r.s ?? 0).toPrecision(12)}`, c: parts.get(dayMs(r.day))?.c ?? '' });
  for (const c of chunks) parts.set(dayMs(c.day), { r: parts.get(dayMs(c.day))?.r ?? '', c: `${c.n}:${c.c}:${c.x}` });
  return new Map([...parts].map(([day, p]) => [day, `${grid}|r${p.r}|c${p.c}`]));
}

export interface TileRow extends ReadyTile {
  current: boolean;
  error: string | null;
}

/** The stored tiles of the days, current (computed from the wanted inputs) or not, oldest first. */
export async function readTiles(
  db: Queryable,
  siteId: number,
  wanted: ReadonlyMap<number, string>,
): Promise<TileRow[]> {
  if (wanted.size === 0) return [];
  const rows = await db.query<{
    day: Time;
    computed_version: string | null;
    error: string | null;
    modelled_hours: number;
    mean_ppm: Uint8Array | null;
    device_means: ReadyTile['devices'] | string;
    low_quantile_ppm: number | null;
  }>(
    `SELECT day, computed_version, error, modelled_hours, mean_ppm, device_means, low_quantile_ppm
       FROM heatmap_tiles WHERE site_id = $1 AND day = ANY($2::date[]) ORDER BY day`,
    [siteId, [...wanted.keys()].map(isoDay)],
  );
  return rows.map((r) => {
    const day = dayMs(r.day);
    return {
      day,
      current: r.computed_version !== null && r.computed_version === wanted.get(day),
      error: r.error,
      modelledHours: r.modelled_hours,
      meanPpm: r.mean_ppm ? gridFromBytes(r.mean_ppm) : null,
      devices: typeof r.device_means === 'string' ? JSON.parse(r.device_means) : r.device_means,
      lowQuantilePpm: r.low_quantile_ppm,
    };
  });
}

/** Asks for the days' tiles to be computed from these inputs (a no-op for a day already asked for them). */
export async function wantTiles(db: Queryable, siteId: number, wanted: ReadonlyMap<number, string>): Promise<void> {
  if (wanted.size === 0) return;
  await db.query(
    `INSERT INTO heatmap_tiles (site_id, day, wanted_version)
     SELECT $1, d, v FROM unnest($2::date[], $3::text[]) AS u(d, v)
     ON CONFLICT (site_id, day) DO UPDATE SET wanted_version = excluded.wanted_version, attempts = 0
      WHERE heatmap_tiles.wanted_version IS DISTINCT FROM excluded.wanted_version`,
    [siteId, [...wanted.keys()].map(isoDay), [...wanted.values()]],
  );
}

export interface ClaimedTile {
  siteId: number;
  day: number;
  version: string;
  attempts: number;
}

/** Claims the newest stale tile nobody holds. */
export async function claimTile(db: Queryable, owner: string, leaseMs = TILE_LEASE_MS): Promise<ClaimedTile | null> {
  const [row] = await db.query<{ site_id: number; day: Time; wanted_version: string; attempts: number }>(
    `UPDATE heatmap_tiles SET lease_owner = $1, lease_until = clock_timestamp() + make_interval(secs => $2),
            attempts = attempts + 1
      WHERE (site_id, day) = (SELECT site_id, day FROM heatmap_tiles
                               WHERE computed_version IS DISTINCT FROM wanted_version
                                 AND (lease_until IS NULL OR lease_until < clock_timestamp())
                               ORDER BY day DESC, site_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND (lease_until IS NULL OR lease_until < clock_timestamp())
      RETURNING site_id, day, wanted_version, attempts`,
    [owner, leaseMs / 1000],
  );
  return row ? { siteId: row.site_id, day: dayMs(row.day), version: row.wanted_version, attempts: row.attempts } : null;
}

export interface SavedTile {
  bounds: { south: number; west: number; north: number; east: number };
  size: number;
  result: TileResult;
  /** Each device's position that day (degrees). */
  positions: ReadonlyMap<number, { lat: number; lng: number }>;
}

/** Stores the tile as computed for the claimed version (it stays stale if the inputs moved on meanwhile). */
export async function saveTile(db: Queryable, t: ClaimedTile, owner: string, s: SavedTile): Promise<boolean> {
  const devices = s.result.devices.flatMap((d) => {
    const at = s.positions.get(d.deviceId);
    return at ? [{ deviceId: d.deviceId, lat: at.lat, lng: at.lng, meanPpm: d.meanPpm, minutes: d.minutes }] : [];
  });
  const rows = await db.query<{ site_id: number }>(
    `UPDATE heatmap_tiles SET computed_version = $4, lease_owner = NULL, lease_until = NULL, attempts = 0, error = NULL,
            south = $5, west = $6, north = $7, east = $8, size = $9, modelled_hours = $10, mean_ppm = $11,
            device_means = $12::jsonb, low_quantile_ppm = $13, updated_at = now()
      WHERE site_id = $1 AND day = $2 AND lease_owner = $3 RETURNING site_id`,
    [
      t.siteId,
      isoDay(t.day),
      owner,
      t.version,
      s.bounds.south,
      s.bounds.west,
      s.bounds.north,
      s.bounds.east,
      s.size,
      s.result.modelledHours,
      s.result.meanPpm ? gridToBytes(s.result.meanPpm) : null,
      JSON.stringify(devices),
      s.result.lowQuantilePpm,
    ],
  );
  return rows.length === 1;
}

/** Ends the claimed version with the reason and no grid, so it is not tried again until its inputs change. */
export async function failTile(db: Queryable, t: ClaimedTile, owner: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE heatmap_tiles SET computed_version = $4, error = $5, lease_owner = NULL, lease_until = NULL,
            modelled_hours = 0, mean_ppm = NULL, device_means = '[]', low_quantile_ppm = NULL, updated_at = now()
      WHERE site_id = $1 AND day = $2 AND lease_owner = $3`,
    [t.siteId, isoDay(t.day), owner, t.version, reason.slice(0, 500)],
  );
}

/** Gives a claimed tile back untouched (the server is stopping). */
export async function releaseTile(db: Queryable, t: ClaimedTile, owner: string): Promise<void> {
  await db.query(
    `UPDATE heatmap_tiles SET lease_owner = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE site_id = $1 AND day = $2 AND lease_owner = $3`,
    [t.siteId, isoDay(t.day), owner],
  );
}
