// Physical constants and parameterizations of the forward model: air density (ppm ↔ kg), Pasquill–Gifford (ISC3)
// dispersion curves, Draxler's time-based lateral spread, stability class from σθ, solar elevation and Yamartino's σθ.

export type StabilityClass = 0 | 1 | 2 | 3 | 4 | 5; // A..F

const R_GAS = 8.314462618;
const M_CH4 = 0.01604; // kg/mol

/** Standard-atmosphere pressure (Pa) at an elevation (m). */
export function pressureAtElevation(elevationM: number): number {
  const h = Number.isFinite(elevationM) ? Math.min(Math.max(elevationM, -500), 6000) : 0;
  return 101325 * Math.pow(1 - 2.25577e-5 * h, 5.25588);
}

/** Density of pure CH4 (kg/m³) at the site's pressure and temperature (288.15 K when unknown): ppm = kg/m³ × 1e6 / ρ. */
export function ch4Density(elevationM: number, temperatureC: number, pressurePa = Number.NaN): number {
  const t = Number.isFinite(temperatureC) && temperatureC > -60 && temperatureC < 60 ? temperatureC + 273.15 : 288.15;
  // A measured station pressure wins when plausible (40–110 kPa); else the standard atmosphere at the elevation.
  const p =
    Number.isFinite(pressurePa) && pressurePa > 40_000 && pressurePa < 110_000
      ? pressurePa
      : pressureAtElevation(elevationM);
  return (p * M_CH4) / (R_GAS * t);
}

// ISC3 Pasquill–Gifford σz = a·x^b (x in km, piecewise in x), checked against the ISC3 tables as transcribed in the
// `plume` R package (holstius/plume PasquillGifford.R); σy = 465.11628·x·tan(0.017453293·(c − d·ln x)).
const SZ_BREAKS: number[][] = [
  [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, Infinity],
  [0.2, 0.4, Infinity],
  [Infinity],
  [0.3, 1, 3, 10, 30, Infinity],
  [0.1, 0.3, 1, 2, 4, 10, 20, 40, Infinity],
  [0.2, 0.7, 1, 2, 3, 7, 15, 30, 60, Infinity],
];
const SZ_A: number[][] = [
  [122.8, 158.08, 170.22, 179.52, 217.41, 258.89, 346.75, 453.85],
  [90.673, 98.483, 109.3],
  [61.141],
  [34.459, 32.093, 32.093, 33.504, 36.65, 44.053],
  [24.26, 23.331, 21.628, 21.628, 22.534, 24.703, 26.97, 35.42, 47.618],
  [15.209, 14.457, 13.953, 13.953, 14.823, 16.187, 17.836, 22.651, 27.074, 34.219],
];
const SZ_B: number[][] = [
  [0.9447, 1.0542, 1.0932, 1.1262, 1.2644, 1.4094, 1.7283, 2.1166],
  [0.93198, 0.98332, 1.0971],
  [0.91465],
  [0.86974, 0.81066, 0.64403, 0.60486, 0.56589, 0.51179],
  [0.8366, 0.81956, 0.7566, 0.63077, 0.57154, 0.50527, 0.46713, 0.37615, 0.29592],
  [0.81558, 0.78407, 0.68465, 0.63227, 0.54503, 0.4649, 0.41507, 0.32681, 0.27436, 0.21716],
];
const SY_C = [24.167, 18.333, 12.5, 8.333, 6.25, 4.1667];
const SY_D = [2.5334, 1.8096, 1.0857, 0.72382, 0.54287, 0.36191];

/** ISC3 σz (m) at travel distance x (m); tiny distances use the first segment. */
export function pgSigmaZ(cls: StabilityClass, xM: number): number {
  const x = Math.max(xM, 0.1) / 1000;
  const breaks = SZ_BREAKS[cls]!;
  let i = 0;
  while (x > breaks[i]!) i++;
  return Math.min(5000, SZ_A[cls]![i]! * Math.pow(x, SZ_B[cls]![i]!));
}

/** ISC3 σy (m) at travel distance x (m). */
export function pgSigmaY(cls: StabilityClass, xM: number): number {
  const x = Math.max(xM, 0.1) / 1000;
  return 465.11628 * x * Math.tan(0.017453293 * (SY_C[cls]! - SY_D[cls]! * Math.log(x)));
}

/**
 * Draxler (1976) spread as in pyELQ: σ = σv·t / (1 + 0.9·√(t / T)) for a velocity spread σv (laterally σv ≈ U·σθ,
 * T = 300 s). Time-based, so puffs keep spreading in light wind where distance-based curves freeze them.
 */
export function draxlerSpread(sigmaV: number, ageS: number, timeScaleS: number): number {
  return (sigmaV * ageS) / (1 + 0.9 * Math.sqrt(ageS / timeScaleS));
}

/**
 * Stability class from σθ (degrees) by the EPA σA method (EPA-454/R-99-005 §6.4.4 as summarized in modelling.md;
 * the thresholds are those of the design document): day A..F at 22.5/17.5/12.5/7.5/3.8°; night A–D → D and E/F
 * relaxed toward D with wind speed.
 */
export function stabilityFromSigmaTheta(sigmaThetaDeg: number, speedMs: number, isDay: boolean): StabilityClass {
  let c: StabilityClass;
  if (sigmaThetaDeg >= 22.5) c = 0;
  else if (sigmaThetaDeg >= 17.5) c = 1;
  else if (sigmaThetaDeg >= 12.5) c = 2;
  else if (sigmaThetaDeg >= 7.5) c = 3;
  else if (sigmaThetaDeg >= 3.8) c = 4;
  else c = 5;
  if (isDay) return c;
  if (c <= 3) return 3;
  if (c === 4) return speedMs < 2.9 ? 5 : speedMs < 3.6 ? 4 : 3;
  return speedMs < 2.4 ? 5 : speedMs < 3.0 ? 4 : 3;
}

/** Solar elevation (degrees) from a NOAA-style low-precision ephemeris; local solar time from the longitude. */
export function solarElevationDeg(timeMs: number, latitudeDeg: number, longitudeDeg: number): number {
  const d = timeMs / 86_400_000 - 10957.5; // days since J2000.0
  const g = ((357.529 + 0.98560028 * d) * Math.PI) / 180;
  const q = 280.459 + 0.98564736 * d;
  const lambda = ((q + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g)) * Math.PI) / 180;
  const eps = ((23.439 - 0.00000036 * d) * Math.PI) / 180;
  const decl = Math.asin(Math.sin(eps) * Math.sin(lambda));
  const ra = Math.atan2(Math.cos(eps) * Math.sin(lambda), Math.cos(lambda));
  const gmstH = (18.697374558 + 24.06570982441908 * d) % 24;
  const lhaRad = ((gmstH * 15 + longitudeDeg) * Math.PI) / 180 - ra;
  const lat = ((Number.isFinite(latitudeDeg) ? latitudeDeg : 0) * Math.PI) / 180;
  const sinEl = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(lhaRad);
  return (Math.asin(Math.max(-1, Math.min(1, sinEl))) * 180) / Math.PI;
}

/** Yamartino σθ (degrees) of a set of directions (degrees); NaN entries skipped; NaN when fewer than 3. */
export function yamartinoDeg(directionsDeg: ArrayLike<number>): number {
  let s = 0;
  let c = 0;
  let n = 0;
  for (let i = 0; i < directionsDeg.length; i++) {
    const d = directionsDeg[i]!;
    if (!Number.isFinite(d)) continue;
    const r = (d * Math.PI) / 180;
    s += Math.sin(r);
    c += Math.cos(r);
    n++;
  }
  if (n < 3) return Number.NaN;
  s /= n;
  c /= n;
  const eps = Math.sqrt(Math.max(0, 1 - (s * s + c * c)));
  return (Math.asin(Math.min(1, eps)) * (1 + 0.1547 * eps * eps * eps) * 180) / Math.PI;
}
