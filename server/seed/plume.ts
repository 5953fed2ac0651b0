// The demo's plume for the modelled sites: a ground-reflected Gaussian plume with Briggs' open-country σy, σz by
// Pasquill–Gifford class, carried by the one-minute wind of `site-weather.ts`. Own code, independent of the modelling
// pipeline (the demo's truth must not be the pipeline's model).
import type { StabilityClass } from './site-weather';

/** Pure CH4 density (kg/m³) at 15 °C and sea-level pressure: ppm = c / ρ × 1e6. */
export const CH4_DENSITY = (101_325 * 0.01604) / (8.314462618 * 288.15);
/** Height (m) of the seeded sources (the `sources` rows) and of a Qube whose installation gives none. */
export const SOURCE_HEIGHT_M = 2;
export const SENSOR_HEIGHT_M = 2.4;
/** Initial spread (m) of a release: equipment is not a point. */
const SIGMA0 = 1;

// Briggs (1973) open-country coefficients: σy = ay x (1 + 0.0001 x)^-½; σz = az x (1 + bz x)^pz.
const AY = [0.22, 0.16, 0.11, 0.08, 0.06, 0.04];
const AZ = [0.2, 0.12, 0.08, 0.06, 0.03, 0.016];
const BZ = [0, 0, 0.0002, 0.0015, 0.0003, 0.0003];
const PZ = [0, 0, -0.5, -0.5, -1, -1];

export function sigmas(x: number, cls: StabilityClass): { sy: number; sz: number } {
  const sy = AY[cls]! * x * (1 + 0.0001 * x) ** -0.5;
  const sz = AZ[cls]! * x * (1 + BZ[cls]! * x) ** PZ[cls]!;
  return { sy: Math.hypot(sy, SIGMA0), sz: Math.hypot(sz, SIGMA0) };
}

export interface Point {
  /** Metres east and north of a common origin, and height above ground. */
  east: number;
  north: number;
  height: number;
}

/** Metres east and north of (lat0, lng0) (equirectangular; a site spans a few hundred metres). */
export function localMetres(lat0: number, lng0: number, lat: number, lng: number): { east: number; north: number } {
  const k = 111_195;
  return { east: (lng - lng0) * k * Math.cos((lat0 * Math.PI) / 180), north: (lat - lat0) * k };
}

/** Concentration (kg/m³) at `at` from a source emitting `rateKgH` in a wind from `fromDeg` at `speedMs`. */
export function plumeConcentration(
  source: Point,
  at: Point,
  rateKgH: number,
  fromDeg: number,
  speedMs: number,
  cls: StabilityClass,
): number {
  const to = ((fromDeg + 180) * Math.PI) / 180;
  const ue = Math.sin(to);
  const un = Math.cos(to);
  const de = at.east - source.east;
  const dn = at.north - source.north;
  const x = de * ue + dn * un;
  if (x <= 0.5) return 0;
  const y = de * un - dn * ue;
  const { sy, sz } = sigmas(x, cls);
  if (Math.abs(y) > 5 * sy) return 0;
  const u = Math.max(speedMs, 0.5);
  const q = rateKgH / 3600;
  const vertical =
    Math.exp(-((at.height - source.height) ** 2) / (2 * sz * sz)) +
    Math.exp(-((at.height + source.height) ** 2) / (2 * sz * sz));
  return (q / (2 * Math.PI * u * sy * sz)) * Math.exp(-(y * y) / (2 * sy * sy)) * vertical;
}

/** The plume's CH4 enhancement in ppm, bent towards a 1,000 ppm sensor ceiling. */
export function plumeEnhancementPpm(
  source: Point,
  at: Point,
  rateKgH: number,
  fromDeg: number,
  speedMs: number,
  cls: StabilityClass,
): number {
  const ppm = (plumeConcentration(source, at, rateKgH, fromDeg, speedMs, cls) / CH4_DENSITY) * 1e6;
  return 1000 * (1 - Math.exp(-ppm / 1000));
}
