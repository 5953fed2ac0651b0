// What a tile reads (short queries on the server's database handle; the computation runs in the compute thread): the
// site's grid, the sensors standing that day with their one-minute wind, CH4 and temperature (binned as the pipeline
// reads them), the sources and the day's 15-minute source rates.
import type { Queryable } from '../../db/client';
import { readSamples } from '../measurement-store';
import {
  binMinutes,
  CH4,
  loadGeometry,
  MINUTE_MS,
  TEMPERATURE,
  WIND_DIRECTION,
  WIND_SPEED,
} from '../modelling/service/inputs';
import { gridBounds } from '../plume/inputs';
import { DAY_MS } from './combine';
import { STEP_MS, type TileInput } from './tile';
import { siteGeometry, versionSignature, type ClaimedTile, type SavedTile } from './tiles';

/** A tile that cannot be computed says why (the site went, its grid changed under the request). */
export class TileInputError extends Error {}

/** Wind is read from this long before the day so the first steps' σθ has its 15-minute window. */
const LEAD_MS = 15 * MINUTE_MS;

export async function loadTileInput(
  db: Queryable,
  tile: ClaimedTile,
): Promise<{ input: TileInput; bounds: SavedTile['bounds']; positions: SavedTile['positions'] }> {
  const [site] = await db.query<{ id: number; latitude: number; longitude: number }>(
    'SELECT id, latitude, longitude FROM sites WHERE id = $1 AND deleted_at IS NULL',
    [tile.siteId],
  );
  if (!site) throw new TileInputError('The site no longer exists');
  const shared = await siteGeometry(db, site);
  if (!shared) throw new TileInputError('The site has no sources or devices to draw a heatmap around');
  if (versionSignature(tile.version) !== shared.signature)
    throw new TileInputError("The site's sources or devices moved since the tile was asked for");
  const grid = shared.grid;
  const dayStart = tile.day;
  const dayEnd = dayStart + DAY_MS;
  const geometry = await loadGeometry(db, site.id, dayStart, dayEnd);
  const sensors = geometry.sensors.filter((s) => Number.isFinite(s.east) && Number.isFinite(s.north));
  const sources = geometry.sources.filter((s) => Number.isFinite(s.east) && Number.isFinite(s.north));
  const start = dayStart - LEAD_MS;
  // Minute k is stamped start + k·60 s (covering the minute before): the day's last minute is stamped at its end.
  const minutes = (dayEnd - start) / MINUTE_MS + 1;
  const read = (deviceId: number, type: number) =>
    readSamples(db, deviceId, type, start - MINUTE_MS + 1, start + minutes * MINUTE_MS);
  const directionDeg: Float64Array[] = [];
  const speedMs: Float64Array[] = [];
  const ch4Ppm: Float64Array[] = [];
  const temps: number[] = [];
  for (const s of sensors) {
    directionDeg.push(binMinutes(await read(s.deviceId, WIND_DIRECTION), start, minutes, true));
    speedMs.push(binMinutes(await read(s.deviceId, WIND_SPEED), start, minutes, false, 1 / 3.6));
    ch4Ppm.push(binMinutes(await read(s.deviceId, CH4), start, minutes));
    // The day's median temperature from one reading in ten is plenty for the air's density.
    const t = binMinutes(await read(s.deviceId, TEMPERATURE), start, minutes);
    for (let k = 0; k < t.length; k += 10) if (Number.isFinite(t[k]!)) temps.push(t[k]!);
  }
  temps.sort((a, b) => a - b);
  const rates = await db.query<{ source_id: number; time: Date | string; rate: number }>(
    'SELECT source_id, time, rate FROM source_rates WHERE site_id = $1 AND time >= $2 AND time < $3 ORDER BY time',
    [site.id, new Date(dayStart).toISOString(), new Date(dayEnd).toISOString()],
  );
  const sourceIndex = new Map(sources.map((s, i) => [s.id, i]));
  const steps = new Map<number, Float64Array>();
  for (const r of rates) {
    const i = sourceIndex.get(r.source_id);
    if (i === undefined) continue;
    const at = Math.floor(new Date(r.time).getTime() / STEP_MS) * STEP_MS;
    let row = steps.get(at);
    if (!row) steps.set(at, (row = new Float64Array(sources.length).fill(Number.NaN)));
    row[i] = r.rate;
  }
  const positions = new Map(
    (
      await db.query<{ device_id: number; latitude: number; longitude: number }>(
        `SELECT DISTINCT ON (device_id) device_id, latitude, longitude FROM device_installations
          WHERE site_id = $1 AND device_id = ANY($2::int[]) AND started_at < $3 ORDER BY device_id, started_at DESC`,
        [site.id, sensors.map((s) => s.deviceId), new Date(dayEnd).toISOString()],
      )
    ).map((r) => [r.device_id, { lat: r.latitude, lng: r.longitude }]),
  );
  return {
    input: {
      latitude: site.latitude,
      longitude: site.longitude,
      grid,
      sensors,
      sources: sources.map((s) => ({ id: s.id, x: s.east, y: s.north, z: s.height })),
      wind: { start, minutes, directionDeg, speedMs },
      ch4Ppm,
      dayStart,
      steps: [...steps].map(([stepStart, r]) => ({ start: stepStart, rates: r })),
      temperatureC: temps.length ? temps[temps.length >> 1]! : Number.NaN,
    },
    bounds: gridBounds(site.latitude, site.longitude, grid),
    positions,
  };
}
