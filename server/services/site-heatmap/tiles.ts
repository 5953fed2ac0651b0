// The heatmap tile table (migration 0024): what a request wants (the fingerprint of each day's inputs), the tiles
// as stored, and the worker's claim (one atomic UPDATE … FOR UPDATE SKIP LOCKED under a lease, safe with several server
// processes), save and failure. A tile whose inputs change gets a new wanted_version and is computed again (its row,
// one per site and day, is overwritten); tiles nobody can want again (another geometry, a deleted site or
// organization, a day whose inputs went) are deleted, and are computed again should they be asked for.
import { createHash } from 'node:crypto';
import { PLUME_MARGIN_M } from '@/domain/plume';
import type { Queryable } from '../../db/client';
import { CH4, TEMPERATURE, toLocal, WIND_DIRECTION, WIND_SPEED } from '../modelling/service/inputs';
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
 * The site's grid and the signature of the geometry every day's tile shares: the grid, the site's point and its live
 * sources' places and heights (a source moved inside the grid changes every tile without moving the grid). It is the
 * first `|` part of each tile's version; the devices standing each day are in the day's part (dayVersions).
 */
export async function siteGeometry(
  db: Queryable,
  site: { id: number; latitude: number; longitude: number },
): Promise<{ grid: PlumeGrid; signature: string } | null> {
  const grid = await siteGrid(db, site);
  if (!grid) return null;
  const sources = await db.query<{ id: number; latitude: number; longitude: number; height: number }>(
    'SELECT id, latitude, longitude, height FROM sources WHERE site_id = $1 AND deleted_at IS NULL ORDER BY id',
    [site.id],
  );
  const places = sources.map((s) => [s.id, s.latitude, s.longitude, s.height]);
  const hash = createHash('sha1')
    .update(JSON.stringify([site.latitude, site.longitude, places]))
    .digest('base64url')
    .slice(0, 16);
  return { grid, signature: `${gridSignature(grid)}#${hash}` };
}

/** The site-wide part of a tile's version (see siteGeometry). */
export const versionSignature = (version: string) => version.split('|', 1)[0]!;

/**
 * The fingerprint of each UTC day's inputs in [from, to) that has any: its source rates (count and sum), the CH4,
 * wind and temperature chunks of the devices that stood at the site that day (count, samples and row versions) and those devices' places,
 * heights and spans within the day, under the site's geometry signature (siteGeometry). A day's version depends on
 * that day only, never on the range asked for.
 */
export async function dayVersions(
  db: Queryable,
  siteId: number,
  from: number,
  to: number,
  signature: string,
): Promise<Map<number, string>> {
  const f = new Date(from).toISOString();
  const t = new Date(to).toISOString();
  const rates = await db.query<{ day: Time; n: string | number; s: number | null }>(
    `SELECT date_trunc('day', time AT TIME ZONE 'UTC')::date AS day, count(*) AS n, sum(rate) AS s
       FROM source_rates WHERE site_id = $1 AND time >= $2 AND time < $3 GROUP BY 1`,
    [siteId, f, t],
  );
  const chunks = await db.query<{ day: Time; n: string | number; c: string | number; x: string | number }>(
    `SELECT (c.chunk_start AT TIME ZONE 'UTC')::date AS day, count(*) AS n, sum(c.sample_count) AS c,
            sum(c.xmin::text::bigint) AS x
       FROM measurement_chunks c
      WHERE c.measurement_type = ANY($4::int[]) AND c.chunk_start >= $2 AND c.chunk_start < $3
        AND EXISTS (SELECT 1 FROM device_installations i
                     WHERE i.device_id = c.device_id AND i.site_id = $1
                       AND i.started_at < c.chunk_start + interval '24 hours'
                       AND (i.ended_at IS NULL OR i.ended_at > c.chunk_start))
      GROUP BY 1`,
    [siteId, f, t, [CH4, WIND_DIRECTION, WIND_SPEED, TEMPERATURE]],
  );
  // The Qubes standing each day as the tile reads them (loadGeometry): place, height, span in the day, quarantine.
  const stands = await db.query<{ day: Time; g: string }>(
    `SELECT (d AT TIME ZONE 'UTC')::date AS day,
            md5(string_agg(concat_ws(',', i.device_id, i.latitude, i.longitude, i.height,
                  extract(epoch FROM greatest(i.started_at, d)),
                  extract(epoch FROM least(coalesce(i.ended_at, 'infinity'::timestamptz), d + interval '24 hours')),
                  i.installation_type <> 0 AND (i.quarantined_at IS NULL OR i.quarantined_at <= d)),
                ';' ORDER BY i.device_id, i.started_at)) AS g
       FROM generate_series($2::timestamptz, $3::timestamptz - interval '24 hours', interval '24 hours') AS d
       JOIN device_installations i ON i.site_id = $1 AND i.started_at < d + interval '24 hours'
                                  AND (i.ended_at IS NULL OR i.ended_at > d)
       JOIN devices v ON v.id = i.device_id AND v.device_type IN ('Qube', 'QubeLite')
      GROUP BY 1`,
    [siteId, f, t],
  );
  const parts = new Map<number, { r: string; c: string }>();
  for (const r of rates)
    parts.set(dayMs(r.day), { r: `${r.n}:${(r.s ?? 0).toPrecision(12)}`, c: parts.get(dayMs(r.day))?.c ?? '' });
  for (const c of chunks) parts.set(dayMs(c.day), { r: parts.get(dayMs(c.day))?.r ?? '', c: `${c.n}:${c.c}:${c.x}` });
  const standing = new Map(stands.map((s) => [dayMs(s.day), s.g]));
  return new Map([...parts].map(([day, p]) => [day, `${signature}|i${standing.get(day) ?? ''}|r${p.r}|c${p.c}`]));
}

export interface TileRow extends ReadyTile {
  current: boolean;
  /** Waiting for the worker (asked for some version not computed yet). */
  queued: boolean;
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
    wanted_version: string;
    computed_version: string | null;
    error: string | null;
    modelled_hours: number;
    mean_ppm: Uint8Array | null;
    device_means: ReadyTile['devices'] | string;
    low_quantile_ppm: number | null;
  }>(
    `SELECT day, wanted_version, computed_version, error, modelled_hours, mean_ppm, device_means, low_quantile_ppm
       FROM heatmap_tiles WHERE site_id = $1 AND day = ANY($2::date[]) ORDER BY day`,
    [siteId, [...wanted.keys()].map(isoDay)],
  );
  return rows.map((r) => {
    const day = dayMs(r.day);
    return {
      day,
      current: r.computed_version !== null && r.computed_version === wanted.get(day),
      queued: r.computed_version !== r.wanted_version,
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

/** How many of the site's tiles (any day) wait for the worker. */
export async function queuedTiles(db: Queryable, siteId: number): Promise<number> {
  const [row] = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM heatmap_tiles WHERE site_id = $1 AND computed_version IS DISTINCT FROM wanted_version',
    [siteId],
  );
  return Number(row?.n ?? 0);
}

/**
 * Deletes the site's tiles that no request can want again: those asked for on another geometry (a source or device
 * moved, a source deleted or added), and within [from, to) those of days that no longer have inputs (not in `keep`).
 * A tile a worker holds is deleted too; its save then finds no row and is dropped.
 */
export async function deleteSupersededTiles(
  db: Queryable,
  siteId: number,
  signature: string,
  days?: { from: number; to: number; keep: Iterable<number> },
): Promise<number> {
  const superseded = `site_id = $1 AND (split_part(wanted_version, '|', 1) <> $2
             OR (day >= $3::date AND day < $4::date AND NOT day = ANY($5::date[])))`;
  const params = [
    siteId,
    signature,
    days ? isoDay(days.from) : null,
    days ? isoDay(days.to) : null,
    days ? [...days.keep].map(isoDay) : [],
  ];
  // Read first: a DELETE is a write (it bumps the table's data version) even when it deletes nothing, and every
  // heatmap request (each poll) comes here.
  const [any] = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM heatmap_tiles WHERE ${superseded}) AS found`,
    params,
  );
  if (!any?.found) return 0;
  return (await db.query<{ day: Time }>(`DELETE FROM heatmap_tiles WHERE ${superseded} RETURNING day`, params)).length;
}

/**
 * Deletes the tiles of deleted sites and of the sites of deleted organizations. Restoring either needs none of
 * them: a request computes the days it shows again.
 */
export async function deleteTilesOfDeletedSites(db: Queryable): Promise<number> {
  const rows = await db.query<{ site_id: number }>(
    `DELETE FROM heatmap_tiles
      WHERE site_id IN (SELECT s.id FROM sites s JOIN organizations o ON o.id = s.organization_id
                         WHERE s.deleted_at IS NOT NULL OR o.deleted_at IS NOT NULL)
      RETURNING site_id`,
  );
  return rows.length;
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The worker's sweep: the tiles of deleted sites and organizations, then per site with tiles those of another
 * geometry (or all of a site that no longer has one). Every statement is idempotent, so two processes may sweep at
 * once; it yields to requests between sites.
 */
export async function pruneTiles(db: Queryable): Promise<{ deletedSites: number; superseded: number }> {
  const deletedSites = await deleteTilesOfDeletedSites(db);
  let superseded = 0;
  const sites = await db.query<{ id: number; latitude: number; longitude: number }>(
    `SELECT s.id, s.latitude, s.longitude FROM sites s
      WHERE s.id IN (SELECT DISTINCT site_id FROM heatmap_tiles) ORDER BY s.id`,
  );
  for (const site of sites) {
    await yieldToRequests();
    const geometry = await siteGeometry(db, site);
    if (geometry) superseded += await deleteSupersededTiles(db, site.id, geometry.signature);
    else
      superseded += (
        await db.query<{ day: Time }>('DELETE FROM heatmap_tiles WHERE site_id = $1 RETURNING day', [site.id])
      ).length;
  }
  return { deletedSites, superseded };
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
