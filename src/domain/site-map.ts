// The site dashboard map's rules (spec 3 §2 'Map', §9 'Overview and map'): concentration rose binning, the site's
// wind rose, the wind field grid, and the layer toggles remembered across visits. Pure, shared by server and client.
import { GAS_LEGEND_THRESHOLDS, WIND_FIELD, type GasThresholds } from './gas-legend';
import { MEASUREMENT_TYPES } from './measurement-type';
import type { LatLng } from './coordinates';
import { distanceKm } from './map';

export const ROSE_SECTORS = 16;
/** Outer radius of the fullest rose (spec 3 §9: up to 50). */
export const ROSE_MAX_RADIUS_PX = 50;
/** A gas reading pairs with the device's wind reading closest in time, when it is at most this far apart. */
export const ROSE_WIND_PAIRING_MS = 10 * 60_000;
/** A selected arc's cone reaches this far upwind of the device (metres): about a pad's extent. */
export const ROSE_CONE_LENGTH_M = 200;
export const SITE_MAP_MIN_ZOOM = 13;
export const SITE_MAP_LAYERS_STORAGE_KEY = 'console.siteMapLayers';

/** Gases with legend thresholds, as the rose's gas selector offers them (measurement type id and name). */
export const ROSE_GASES: readonly { id: number; name: string; thresholds: GasThresholds }[] = MEASUREMENT_TYPES.filter(
  (m) => m.key in GAS_LEGEND_THRESHOLDS,
).map((m) => ({
  id: m.id,
  name: m.label,
  thresholds: GAS_LEGEND_THRESHOLDS[m.key as keyof typeof GAS_LEGEND_THRESHOLDS],
}));
export const DEFAULT_ROSE_GAS = 1;

export const roseGas = (measurementTypeId: number) => ROSE_GASES.find((g) => g.id === measurementTypeId) ?? null;

/** Rose chart datum (spec 3 §3): readings of one installation in one sector and severity. */
export interface RoseDatum {
  deviceInstallationId: number;
  directionIndex: number;
  severity: number;
  value: number;
}

interface Series {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
}

/**
 * Pairs each gas reading with the direction the wind blew from at the nearest wind reading in time (both series
 * sorted by time); a reading without wind within ROSE_WIND_PAIRING_MS is left out. The pairs are binned by sector and
 * severity by the compute core's rose kernel (asm/assembly/rose.ts) with roseThresholds.
 */
export function pairWithWind(gas: Series, windDirection: Series): { directions: Float32Array; values: Float32Array } {
  const directions = new Float32Array(gas.times.length);
  const values = new Float32Array(gas.times.length);
  let n = 0;
  let w = 0;
  for (let i = 0; i < gas.times.length; i++) {
    const value = gas.values[i]!;
    if (Number.isNaN(value)) continue;
    const time = gas.times[i]!;
    while (w + 1 < windDirection.times.length && windDirection.times[w + 1]! <= time) w++;
    let best = -1;
    for (const j of [w, w + 1]) {
      if (j >= windDirection.times.length || Number.isNaN(windDirection.values[j]!)) continue;
      if (best === -1 || Math.abs(windDirection.times[j]! - time) < Math.abs(windDirection.times[best]! - time))
        best = j;
    }
    if (best === -1 || Math.abs(windDirection.times[best]! - time) > ROSE_WIND_PAIRING_MS) continue;
    directions[n] = windDirection.values[best]!;
    values[n++] = value;
  }
  return { directions: directions.subarray(0, n), values: values.subarray(0, n) };
}

/** The rose kernel's class bounds for a gas: class 0 below low (left out), then severities 1, 2 and 3. */
export const roseThresholds = (t: GasThresholds) => Float32Array.of(t.low, t.mid, t.high);

/** The kernel's counts (sector-major, 4 classes) as [sector][severity − 1] for severities 1–3. */
export function severityCounts(counts: Uint32Array): number[][] {
  return Array.from({ length: ROSE_SECTORS }, (_, s) => [counts[s * 4 + 1]!, counts[s * 4 + 2]!, counts[s * 4 + 3]!]);
}

/** The non-zero cells of binned counts as rose chart data. */
export function roseData(deviceInstallationId: number, counts: readonly (readonly number[])[]): RoseDatum[] {
  const out: RoseDatum[] = [];
  counts.forEach((row, directionIndex) =>
    row.forEach((value, s) => value > 0 && out.push({ deviceInstallationId, directionIndex, severity: s + 1, value })),
  );
  return out;
}

/** One drawn arc: a sector's severity band between two radii (pixels), stacked from severity 1 outwards. */
export interface RoseArc {
  deviceInstallationId: number;
  directionIndex: number;
  severity: number;
  value: number;
  innerPx: number;
  outerPx: number;
}

/**
 * Stacks each installation's sectors from the centre, severity 1 innermost; radii scale linearly so the fullest
 * sector of all roses reaches ROSE_MAX_RADIUS_PX (one scale, so roses compare between devices).
 */
export function roseArcs(data: readonly RoseDatum[]): RoseArc[] {
  const totals = new Map<string, number>();
  for (const d of data)
    totals.set(
      `${d.deviceInstallationId}:${d.directionIndex}`,
      (totals.get(`${d.deviceInstallationId}:${d.directionIndex}`) ?? 0) + d.value,
    );
  const max = Math.max(0, ...totals.values());
  if (max === 0) return [];
  const scale = ROSE_MAX_RADIUS_PX / max;
  const sorted = [...data]
    .filter((d) => d.value > 0)
    .sort(
      (a, b) =>
        a.deviceInstallationId - b.deviceInstallationId ||
        a.directionIndex - b.directionIndex ||
        a.severity - b.severity,
    );
  const reached = new Map<string, number>();
  return sorted.map((d) => {
    const k = `${d.deviceInstallationId}:${d.directionIndex}`;
    const inner = reached.get(k) ?? 0;
    const outer = inner + d.value * scale;
    reached.set(k, outer);
    return { ...d, innerPx: inner, outerPx: outer };
  });
}

const EARTH_M_PER_DEG = 111_320;

/** Metres east and north of a point as [lng, lat]. */
export function offsetLngLat(at: { lat: number; lng: number }, eastM: number, northM: number): [number, number] {
  return [at.lng + eastM / (EARTH_M_PER_DEG * Math.cos((at.lat * Math.PI) / 180)), at.lat + northM / EARTH_M_PER_DEG];
}

/** Metres one screen pixel spans at a latitude and zoom (maplibre's and deck.gl's zoom: 512-pixel tiles). */
export const metresPerPixel = (lat: number, zoom: number) =>
  (78_271.51696 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;

/** A closed ring of [lng, lat]: the annular sector between two radii (metres) around a sector's compass direction. */
export function sectorRing(
  at: { lat: number; lng: number },
  directionIndex: number,
  innerM: number,
  outerM: number,
  sectors = ROSE_SECTORS,
  steps = 6,
): [number, number][] {
  const width = 360 / sectors;
  const from = directionIndex * width - width / 2;
  const ring: [number, number][] = [];
  const point = (r: number, deg: number) =>
    offsetLngLat(at, r * Math.sin((deg * Math.PI) / 180), r * Math.cos((deg * Math.PI) / 180));
  for (let s = 0; s <= steps; s++) ring.push(point(outerM, from + (width * s) / steps));
  for (let s = steps; s >= 0; s--) ring.push(point(innerM, from + (width * s) / steps));
  ring.push(ring[0]!);
  return ring;
}

/**
 * The site's wind rose as the WindRose component draws it: the share of readings from each of 16 sectors, from the
 * rose kernel's counts (one class).
 */
export function windRoseShares(counts: Uint32Array, counted: number): { angle: number; probability: number }[] {
  return Array.from({ length: ROSE_SECTORS }, (_, i) => ({
    angle: (i * 360) / ROSE_SECTORS,
    probability: counted === 0 ? 0 : counts[i]! / counted,
  }));
}

export interface WindReading {
  time: number;
  windDirection: number;
  windSpeed: number;
}

export interface WindArrow {
  lng: number;
  lat: number;
  /** Compass degrees the wind blows toward (readings give where it blew from). */
  toward: number;
  /** km/h, clamped at WIND_FIELD.maxSpeedKmh. */
  speedKmh: number;
}

/** Where the wind field is interpolated: a local metre plane over the devices' extent and the grid's cell centres. */
export interface WindFieldLayout {
  /** The IDW grid in the plane (metres from the south-west corner); speeds clamped at WIND_FIELD.maxSpeedKmh. */
  grid: { x0: number; y0: number; spacing: number; spacingY: number; nx: number; ny: number; maxSpeed: number };
  /** Devices with a reading, as vectors toward where the wind blows (u east, v north). */
  stations: { x: Float64Array; y: Float64Array; u: Float64Array; v: Float64Array };
  /** Each cell's centre, row-major as the grid's output. */
  cells: { lng: number; lat: number }[];
}

/**
 * A grid of at most WIND_FIELD.siteMaxCells cells over the devices' extent (padded), square-ish; each cell's arrow is
 * the inverse-distance-weighted mean wind vector of the devices at that frame, interpolated by the compute core's IDW
 * kernel in the geo worker (src/compute/geo-client.ts) and turned into arrows by windFieldArrows. Null without a
 * device reading.
 */
export function windFieldLayout(
  devices: readonly { lat: number; lng: number; reading: { windDirection: number; windSpeed: number } | null }[],
  padM = 150,
): WindFieldLayout | null {
  const live = devices.filter(
    (d) => d.reading !== null && !Number.isNaN(d.reading.windDirection) && !Number.isNaN(d.reading.windSpeed),
  );
  if (live.length === 0) return null;
  const lats = live.map((d) => d.lat);
  const lngs = live.map((d) => d.lng);
  const mid = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
  const [west, south] = offsetLngLat({ lat: Math.min(...lats), lng: Math.min(...lngs) }, -padM, -padM);
  const [east, north] = offsetLngLat({ lat: Math.max(...lats), lng: Math.max(...lngs) }, padM, padM);
  const metresPerDegLng = EARTH_M_PER_DEG * Math.cos((mid.lat * Math.PI) / 180);
  const widthM = (east - west) * metresPerDegLng;
  const heightM = (north - south) * EARTH_M_PER_DEG;
  const { cols, rows } = gridShape(widthM, heightM, WIND_FIELD.siteMaxCells);
  const cells: { lng: number; lat: number }[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      cells.push({ lng: west + ((c + 0.5) * (east - west)) / cols, lat: south + ((r + 0.5) * (north - south)) / rows });
  const toward = (d: (typeof live)[number]) => ((d.reading!.windDirection + 180) * Math.PI) / 180;
  return {
    grid: {
      x0: 0,
      y0: 0,
      spacing: widthM / cols,
      spacingY: heightM / rows,
      nx: cols,
      ny: rows,
      maxSpeed: WIND_FIELD.maxSpeedKmh,
    },
    stations: {
      x: Float64Array.from(live, (d) => (d.lng - west) * metresPerDegLng),
      y: Float64Array.from(live, (d) => (d.lat - south) * EARTH_M_PER_DEG),
      u: Float64Array.from(live, (d) => d.reading!.windSpeed * Math.sin(toward(d))),
      v: Float64Array.from(live, (d) => d.reading!.windSpeed * Math.cos(toward(d))),
    },
    cells,
  };
}

/** The interpolated vectors of a layout's cells as arrows. */
export function windFieldArrows(layout: WindFieldLayout, u: ArrayLike<number>, v: ArrayLike<number>): WindArrow[] {
  return layout.cells.map((cell, k) => ({
    ...cell,
    toward: ((Math.atan2(u[k]!, v[k]!) * 180) / Math.PI + 360) % 360,
    speedKmh: Math.min(WIND_FIELD.maxSpeedKmh, Math.hypot(u[k]!, v[k]!)),
  }));
}

/** Columns and rows with cols × rows ≤ maxCells whose cells are closest to square. */
export function gridShape(widthM: number, heightM: number, maxCells: number): { cols: number; rows: number } {
  let best = { cols: 1, rows: 1, score: Number.POSITIVE_INFINITY };
  for (let cols = 1; cols <= maxCells; cols++) {
    const rows = Math.max(1, Math.floor(maxCells / cols));
    const aspect = widthM / cols / (heightM / rows);
    const score = Math.abs(Math.log(aspect)) - (cols * rows) / maxCells;
    if (score < best.score) best = { cols, rows, score };
  }
  return { cols: best.cols, rows: best.rows };
}

/** The frame times of the installations' wind, in order, and each installation's reading at each (or null). */
export function windFrames(byInstallation: readonly { installationId: number; wind: readonly WindReading[] }[]): {
  times: number[];
  at: (installationId: number, frame: number) => WindReading | null;
} {
  const times = [...new Set(byInstallation.flatMap((i) => i.wind.map((w) => w.time)))].sort((a, b) => a - b);
  const index = new Map(byInstallation.map((i) => [i.installationId, new Map(i.wind.map((w) => [w.time, w]))]));
  return { times, at: (installationId, frame) => index.get(installationId)?.get(times[frame]!) ?? null };
}

export interface SiteMapLayers {
  sources: boolean;
  structures: boolean;
  deviceLabels: boolean;
  roses: boolean;
  windRose: boolean;
  windField: boolean;
  /** Each emission's candidate sources with their probability (issue 22 item 4). */
  localization: boolean;
  /** Camera event popups (offered only at a site with cameras). */
  cameraEvents: boolean;
  roseGas: number;
}

export const DEFAULT_SITE_MAP_LAYERS: SiteMapLayers = {
  sources: true,
  structures: true,
  deviceLabels: true,
  roses: false,
  windRose: false,
  windField: false,
  localization: false,
  cameraEvents: false,
  roseGas: DEFAULT_ROSE_GAS,
};

/** The remembered toggles, or the defaults for anything missing or malformed. */
export function readSiteMapLayers(stored: string | null): SiteMapLayers {
  let parsed: unknown = null;
  try {
    parsed = stored ? JSON.parse(stored) : null;
  } catch {
    parsed = null;
  }
  const out = { ...DEFAULT_SITE_MAP_LAYERS };
  if (!parsed || typeof parsed !== 'object') return out;
  const p = parsed as Record<string, unknown>;
  const toggles = [
    'sources',
    'structures',
    'deviceLabels',
    'roses',
    'windRose',
    'windField',
    'localization',
    'cameraEvents',
  ] as const;
  for (const k of toggles) if (typeof p[k] === 'boolean') out[k] = p[k];
  if (typeof p.roseGas === 'number' && roseGas(p.roseGas)) out.roseGas = p.roseGas;
  return out;
}

/** The averaging period (ms) of the map's wind: 15 minutes, or longer so a range holds at most 96 frames. */
export function windPeriodMs(rangeMs: number): number {
  const quarter = 15 * 60_000;
  return Math.max(1, Math.ceil(rangeMs / 96 / quarter)) * quarter;
}

/**
 * Adjacent site markers (spec 3 §2 'Map'): the organization's other sites within this distance of the site, about
 * what the map shows at its minimum zoom (13), so each one is reachable by zooming out.
 */
export const ADJACENT_SITE_RADIUS_KM = 10;
/** At most this many, nearest first: the markers are a way out, not a site list. */
export const ADJACENT_SITES_MAX = 25;

/** The other sites near `site`, nearest first, each with its distance and its hover text (name, and alias if any). */
export function adjacentSites<S extends { id: number; name: string; alias: string | null; location: LatLng }>(
  site: { id: number; location: LatLng },
  sites: readonly S[],
): (S & { distanceKm: number; label: string })[] {
  return sites
    .filter((s) => s.id !== site.id)
    .map((s) => ({
      ...s,
      distanceKm: distanceKm(site.location, s.location),
      label: s.alias ? `${s.name} (${s.alias})` : s.name,
    }))
    .filter((s) => s.distanceKm <= ADJACENT_SITE_RADIUS_KM)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)
    .slice(0, ADJACENT_SITES_MAX);
}
