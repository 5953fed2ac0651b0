// The site's CH4 heatmap over a range (GET /api/site/siteHeatmap/): the days' inputs fingerprinted, current tiles
// combined, stale or missing ones asked of the tile worker (listed as computing until they are saved). One site's
// queue holds at most MAX_QUEUED_TILES, the days nearest the range's end first; the others stay listed as computing,
// so the client, which asks again while any is, queues them as the worker drains. Modelled where the pipeline has
// rates and is not blocked; else each device's mean enhancement for the browser's interpolation.
import type { SiteHeatmap } from '@/contracts/site-heatmap';
import type { Queryable } from '../../db/client';
import { toLocal } from '../modelling/service/inputs';
import { gridBounds } from '../plume/inputs';
import { checkSite } from '../site-dashboard';
import { combineMeasured, combineModelled, encodeGrid, readingHours, utcDays } from './combine';
import { nudgeTiles } from './nudge';
import { dayVersions, deleteSupersededTiles, queuedTiles, readTiles, siteGeometry, wantTiles } from './tiles';

/** The modelled variant is shown when its hours are at least this share of the hours with CH4 readings. */
export const MODELLED_SHARE = 0.5;
/** The most tiles of one site waiting for the worker: a month's, so a year's range cannot queue 366 at once. */
export const MAX_QUEUED_TILES = 31;

export const HEATMAP_REASONS = {
  noGrid: 'The site has no sources or devices to draw a heatmap around',
  noRates: 'The model has no source rates in this range: the measured mean enhancement at the devices is shown',
  fewRates: (hours: number, of: number) =>
    `The model has source rates for ${hours.toFixed(1)} of the range's ${of.toFixed(0)} hours with readings: the measured mean enhancement at the devices is shown`,
  blocked: (why: string | null) =>
    `The model is blocked${why ? ` (${why})` : ''}: the measured mean enhancement at the devices is shown`,
  nothing: 'No modelled rates or CH4 readings in this range',
} as const;

export async function siteHeatmap(
  db: Queryable,
  ref: { organizationId: number; siteId: number },
  range: { start: number; end: number },
): Promise<SiteHeatmap> {
  const siteId = await checkSite(db, ref);
  const [site] = await db.query<{
    latitude: number;
    longitude: number;
    is_blocked: boolean | null;
    block_reason: string | null;
  }>(
    `SELECT s.latitude, s.longitude, m.is_blocked, m.block_reason
       FROM sites s LEFT JOIN site_model_states m ON m.site_id = s.id WHERE s.id = $1`,
    [siteId],
  );
  const geometry = site ? await siteGeometry(db, { id: siteId, ...site }) : null;
  const grid = geometry?.grid ?? null;
  const empty: SiteHeatmap = {
    kind: 'none',
    reason: HEATMAP_REASONS.noGrid,
    bounds: null,
    size: 0,
    widthM: 0,
    heightM: 0,
    values: null,
    maxPpm: 0,
    hours: 0,
    devices: [],
    backgroundPpm: null,
    computingDays: [],
  };
  if (!site || !geometry || !grid) return empty;
  const days = utcDays(range.start, range.end);
  const from = days[0]!;
  const to = days.at(-1)! + 86_400_000;
  const wanted = await dayVersions(db, siteId, from, to, geometry.signature);
  await deleteSupersededTiles(db, siteId, geometry.signature, { from, to, keep: wanted.keys() });
  const tiles = await readTiles(db, siteId, wanted);
  const current = tiles.filter((t) => t.current);
  const stale = new Map([...wanted].filter(([day]) => !current.some((t) => t.day === day)));
  if (stale.size > 0) {
    await wantTiles(db, siteId, pickQueued(stale, tiles, await queuedTiles(db, siteId)));
    nudgeTiles();
  }
  const b = gridBounds(site.latitude, site.longitude, grid);
  const frame = {
    bounds: { southWest: { lat: b.south, lng: b.west }, northEast: { lat: b.north, lng: b.east } },
    size: grid.size,
    widthM: grid.east - grid.west,
    heightM: grid.north - grid.south,
    computingDays: [...stale.keys()].sort((x, y) => x - y).map((d) => new Date(d).toISOString().slice(0, 10)),
  };
  const modelled = site.is_blocked ? null : combineModelled(current, range.start, range.end, grid.size * grid.size);
  // The model speaks for the range only when its rates cover at least half the hours the devices read CH4.
  const readHours = readingHours(current, range.start, range.end);
  if (modelled && modelled.hours >= MODELLED_SHARE * readHours)
    return {
      ...empty,
      ...frame,
      kind: 'modelled',
      reason: null,
      values: encodeGrid(modelled.values),
      maxPpm: modelled.maxPpm,
      hours: modelled.hours,
    };
  const measured = combineMeasured(current, range.start, range.end);
  const devices = measured.devices.map((d) => {
    const at = toLocal(site.latitude, site.longitude, d.lat, d.lng);
    return { ...d, east: at.east - grid.west, north: at.north - grid.south };
  });
  return {
    ...empty,
    ...frame,
    kind: devices.length > 0 ? 'measured' : 'none',
    reason:
      devices.length === 0
        ? HEATMAP_REASONS.nothing
        : site.is_blocked
          ? HEATMAP_REASONS.blocked(site.block_reason)
          : modelled
            ? HEATMAP_REASONS.fewRates(modelled.hours, readHours)
            : HEATMAP_REASONS.noRates,
    maxPpm: Math.max(0, ...devices.map((d) => d.enhancementPpm)),
    devices,
    backgroundPpm: measured.backgroundPpm,
  };
}

/**
 * The stale days to ask for now, newest first: a day already queued (at any version) is asked for again at no cost;
 * a new one only while the site's queue has room.
 */
export function pickQueued(
  stale: ReadonlyMap<number, string>,
  rows: readonly { day: number; queued: boolean }[],
  queued: number,
): Map<number, string> {
  const inQueue = new Set(rows.filter((r) => r.queued).map((r) => r.day));
  let room = MAX_QUEUED_TILES - queued;
  const out = new Map<number, string>();
  for (const [day, version] of [...stale].sort(([a], [b]) => b - a)) {
    if (inQueue.has(day)) out.set(day, version);
    else if (room > 0) {
      out.set(day, version);
      room--;
    }
  }
  return out;
}
