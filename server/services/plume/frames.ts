// The plume frames of one emission (modelling.md §1.8 Stage G): the pipeline's Gaussian-puff forward model
// (footprint.ts, with the wasm puff kernel when loaded) run for the emission's source at its estimated rate with the
// site's measured wind, the wind cleaned and classed as the stages do it (combineWind, Yamartino σθ, stability),
// nominal member only, no ensemble. Each frame is the mean concentration (ppm above background) over its minute on a
// square grid of 128 × 128 cells at 2 m over the site plus a 150 m margin, encoded round(min(ppm, 500) / 0.1).
// Pure computation: it runs in the plume compute thread.
import { encodePlumePpm, PLUME_GRID_CELLS } from '@/domain/plume';
import type { SiteGeometry } from '../modelling/contract';
import { computeFootprints, NOMINAL, type FootprintWind, type Point3 } from '../modelling/footprint';
import { ch4Density, solarElevationDeg, stabilityFromSigmaTheta, yamartinoDeg } from '../modelling/physics';
import { combineWind } from '../modelling/qc';
import { TUNING } from '../modelling/tuning';
import { frameSheetPng } from './png';

const MINUTE_MS = 60_000;
/** Receptor height (m): the breathing and sensor height of the map's concentration field. */
const GRID_HEIGHT_M = 2;
/**
 * Puff cadence (s). Frames are minute means over a grid that reaches the source itself, where the pipeline's
 * cadence rule would pick its finest steps; 10 s segments (30 m at 3 m/s) integrated by the segment-mean kernel draw
 * the same plume at a sixth of the cost.
 */
const FRAME_DT_S = 10;
/** A run needs measured wind over at least this share of its minutes. */
const MIN_WIND_SHARE = 0.5;

/** Metres east and north of the site's point: the square the frames cover. */
export interface PlumeGrid {
  west: number;
  south: number;
  east: number;
  north: number;
  size: number;
}

export interface PlumeRunInput {
  latitude: number;
  longitude: number;
  /** Sensors standing at the site (their anemometers give the wind), metres east/north of the site's point. */
  sensors: { deviceId: number; east: number; north: number; height: number }[];
  source: Point3;
  rateKgH: number;
  grid: PlumeGrid;
  /** One-minute wind per sensor, minute k stamped at start + k·60 s; speed in m/s, direction the wind blows from. */
  wind: { start: number; minutes: number; directionDeg: Float64Array[]; speedMs: Float64Array[] };
  /** Median air temperature over the run (°C), NaN when unknown. */
  temperatureC: number;
  /** Window minute of each frame (the frame shows the minute that ends there). */
  frameMinutes: number[];
}

export type PlumeRunResult =
  | { ok: true; png: Uint8Array; columns: number; size: number; maxPpm: number; evaluations: number }
  | { ok: false; reason: string };

/** The square around the site's sources and sensors plus the margin. */
export function plumeGrid(points: readonly { east: number; north: number }[], marginM: number): PlumeGrid {
  const es = points.map((p) => p.east);
  const ns = points.map((p) => p.north);
  const cx = (Math.min(...es) + Math.max(...es)) / 2;
  const cy = (Math.min(...ns) + Math.max(...ns)) / 2;
  const half = Math.max(Math.max(...es) - Math.min(...es), Math.max(...ns) - Math.min(...ns)) / 2 + marginM;
  return { west: cx - half, east: cx + half, south: cy - half, north: cy + half, size: PLUME_GRID_CELLS };
}

/** Cell centres, row 0 at the north edge (the image's top), x running east. */
export function gridReceptors(g: PlumeGrid): Point3[] {
  const dx = (g.east - g.west) / g.size;
  const dy = (g.north - g.south) / g.size;
  const out: Point3[] = [];
  for (let j = 0; j < g.size; j++)
    for (let i = 0; i < g.size; i++)
      out.push({ x: g.west + (i + 0.5) * dx, y: g.north - (j + 0.5) * dy, z: GRID_HEIGHT_M });
  return out;
}

/** The measured wind as the forward model takes it, and how many of the frames' minutes had wind (also the heatmap's). */
export function measuredWind(
  inp: Pick<PlumeRunInput, 'latitude' | 'longitude' | 'sensors' | 'wind' | 'frameMinutes'>,
): { fw: FootprintWind; covered: number } {
  const n = inp.wind.minutes;
  const geometry: SiteGeometry = {
    siteId: 0,
    latitude: inp.latitude,
    longitude: inp.longitude,
    elevationM: 0,
    sources: [],
    sensors: inp.sensors,
  };
  const wind = combineWind(
    {
      start: inp.wind.start,
      minutes: n,
      ch4Ppm: [],
      windDirectionDeg: inp.wind.directionDeg,
      windSpeedMs: inp.wind.speedMs,
      temperatureC: [],
    },
    geometry,
    [],
  );
  const sigmaTheta = new Float64Array(n);
  const stability = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    // As the stages do: 15-minute centred Yamartino σθ with the sub-minute part, class by day or night.
    const sth = yamartinoDeg(wind.dirDeg.subarray(Math.max(0, k - 7), Math.min(n, k + 8)));
    const sthC = Number.isFinite(sth)
      ? Math.hypot(Math.max(TUNING.sigmaThetaFloorDeg, sth), TUNING.subMinuteSigmaThetaDeg)
      : 12;
    const day = solarElevationDeg(inp.wind.start + k * MINUTE_MS - 30_000, inp.latitude, inp.longitude) > 0;
    const u = wind.speed[k]!;
    stability[k] = stabilityFromSigmaTheta(sthC, Number.isFinite(u) ? u : 1, day);
    sigmaTheta[k] = (Math.min(TUNING.sigmaThetaMaxDeg, Math.max(TUNING.sigmaThetaMinDeg, sthC)) * Math.PI) / 180;
  }
  let covered = 0;
  for (const k of inp.frameMinutes) if (Number.isFinite(wind.speed[k]!)) covered++;
  return { fw: { uE: wind.uE, uN: wind.uN, sigmaTheta, stability }, covered };
}

export function runPlume(inp: PlumeRunInput): PlumeRunResult {
  if (!(inp.rateKgH > 0) || !Number.isFinite(inp.rateKgH))
    return { ok: false, reason: 'The emission has no estimated rate to simulate' };
  if (inp.frameMinutes.length === 0) return { ok: false, reason: 'The emission covers no whole minute' };
  if (inp.sensors.length === 0) return { ok: false, reason: 'No device with an anemometer stood at the site then' };
  const { fw, covered } = measuredWind(inp);
  if (covered < MIN_WIND_SHARE * inp.frameMinutes.length)
    return {
      ok: false,
      reason:
        covered === 0
          ? 'The site has no wind readings over the emission'
          : `The site has wind readings for only ${covered} of the emission's ${inp.frameMinutes.length} minutes`,
    };
  const receptors = gridReceptors(inp.grid);
  const density = ch4Density(0, inp.temperatureC);
  const frames: Uint16Array[] = [];
  let maxPpm = 0;
  let evaluations = 0;
  for (const k of inp.frameMinutes) {
    const fp = computeFootprints({
      sources: [inp.source],
      receptors,
      wind: fw,
      outFrom: k,
      outTo: k + 1,
      density,
      perturbation: NOMINAL,
      dtS: FRAME_DT_S,
    });
    evaluations += fp.evaluations;
    const frame = new Uint16Array(receptors.length);
    for (let r = 0; r < receptors.length; r++) {
      const ppm = fp.h[r]! * inp.rateKgH;
      if (ppm > maxPpm) maxPpm = ppm;
      frame[r] = encodePlumePpm(ppm);
    }
    frames.push(frame);
  }
  const { png, columns } = frameSheetPng(frames, inp.grid.size);
  return { ok: true, png, columns, size: inp.grid.size, maxPpm, evaluations };
}
