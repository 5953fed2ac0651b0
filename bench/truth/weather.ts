// Hourly synthetic weather for one site: a diurnal cycle of speed and stability, fronts every few days turning
// the wind, ~10 % calm or gusty hours, and the hidden (perturbed) stability that drives the particle model.
// Fully determined by its seed; both the scenario (off-site placement) and the world (physics) rebuild it.
import { Rng } from './rng';
import { frictionVelocity, obukhovLength, turbulence, type StabilityClass, type Turbulence } from './surface-layer';

export type HourKind = 'normal' | 'calm' | 'gusty';

export interface HourWeather {
  /** Hour start (UTC ms). */
  t: number;
  kind: HourKind;
  /** 10 m mean wind speed (m/s) and direction the wind blows FROM (deg). */
  u10: number;
  dirFromDeg: number;
  temperatureC: number;
  daytime: boolean;
  /** σθ of the hour (deg) and the class the σθ rule infers from it. */
  sigmaThetaDeg: number;
  inferredClass: StabilityClass;
  /** Hidden truth: inferred class ± 1 with probability 0.4. */
  trueClass: StabilityClass;
  obukhovL: number;
  ustar: number;
  /** Velocity standard deviations at 2.5 m (homogeneous within the hour). */
  turb: Turbulence;
  /** Ornstein–Uhlenbeck meander σ of the mean direction (deg). */
  meanderSigmaDeg: number;
  /** Linear direction gradient across the site (deg per 100 m, east and north components). */
  gradEastDeg: number;
  gradNorthDeg: number;
}

export interface SiteClimate {
  latitude: number;
  longitude: number;
  elevationM: number;
  z0: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REF_HEIGHT = 2.5;

/** σθ class boundaries (deg) of the σ_A method: A ≥ 22.5, B ≥ 17.5, C ≥ 12.5, D ≥ 7.5, E ≥ 3.8, else F. */
const SIGMA_THETA_EDGES = [22.5, 17.5, 12.5, 7.5, 3.8];
const SIGMA_THETA_BANDS: [number, number][] = [
  [22.5, 32],
  [17.5, 22.5],
  [12.5, 17.5],
  [7.5, 12.5],
  [3.8, 7.5],
  [2, 3.8],
];

/** The σ_A rule: class from σθ, with the night-time low-wind adjustment (unstable-looking nights → E/F). */
export function classFromSigmaTheta(sigmaThetaDeg: number, u10: number, daytime: boolean): StabilityClass {
  let cls = 5;
  for (let i = 0; i < SIGMA_THETA_EDGES.length; i++) {
    if (sigmaThetaDeg >= SIGMA_THETA_EDGES[i]!) {
      cls = i;
      break;
    }
  }
  if (!daytime) {
    if (cls === 0) cls = u10 < 2.9 ? 5 : u10 < 3.6 ? 4 : 3;
    else if (cls === 1) cls = u10 < 2.4 ? 5 : u10 < 3.0 ? 4 : 3;
    else if (cls === 2) cls = u10 < 2.4 ? 4 : 3;
  }
  return cls as StabilityClass;
}

/** Turner-like nominal class from wind speed and insolation (0 none … 3 strong) or night cloudiness. */
function nominalClass(u10: number, insolation: number, cloudyNight: boolean): StabilityClass {
  if (insolation > 0) {
    const table = [
      [0, 0, 1], // u < 2: strong, moderate, slight
      [0, 1, 2], // 2–3
      [1, 1, 2], // 3–5
      [2, 2, 3], // 5–6
      [2, 3, 3], // > 6
    ];
    const row = u10 < 2 ? 0 : u10 < 3 ? 1 : u10 < 5 ? 2 : u10 < 6 ? 3 : 4;
    return table[row]![3 - insolation] as StabilityClass;
  }
  if (u10 < 2) return cloudyNight ? 4 : 5;
  if (u10 < 3) return cloudyNight ? 4 : 5;
  if (u10 < 5) return cloudyNight ? 3 : 4;
  return 3;
}

function solarElevationDeg(t: number, latitude: number, longitude: number): number {
  const doy = Math.floor((t % (365.25 * DAY)) / DAY);
  const decl = (-23.44 * Math.cos((2 * Math.PI * (doy + 10)) / 365) * Math.PI) / 180;
  const solarHour = ((((t % DAY) / HOUR + longitude / 15) % 24) + 24) % 24;
  const ha = ((solarHour - 12) * 15 * Math.PI) / 180;
  const lat = (latitude * Math.PI) / 180;
  const s = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
  return (Math.asin(Math.max(-1, Math.min(1, s))) * 180) / Math.PI;
}

function localHour(t: number, longitude: number): number {
  return ((((t % DAY) / HOUR + longitude / 15) % 24) + 24) % 24;
}

/** Generates `hours` hourly records from `start` (both fixed by the seed). */
export function generateWeather(seed: number, start: number, hours: number, climate: SiteClimate): HourWeather[] {
  const rng = new Rng(seed);
  const out: HourWeather[] = [];
  const doy = Math.floor((start % (365.25 * DAY)) / DAY);
  // Seasonal mean temperature: ~20 °C annual mean at 30° N, colder north and higher up (partial lapse rate),
  // a seasonal swing that grows with latitude, coldest in mid-January.
  const seasonal =
    20 -
    0.7 * (climate.latitude - 30) -
    0.003 * climate.elevationM -
    (8 + 0.4 * (climate.latitude - 30)) * Math.cos((2 * Math.PI * (doy - 15)) / 365);
  const diurnalAmp = rng.range(4, 8);
  let logSynoptic = Math.log(rng.range(2.5, 6));
  let dir = rng.range(0, 360);
  let nextFront = start + rng.range(0.5, 3.5) * DAY;
  let frontTurn = 0; // degrees still to turn
  let frontBoostHours = 0;
  let tempAnomaly = rng.normal() * 2;
  let special: HourKind = 'normal';
  let cloudyNight = rng.chance(0.4);
  let gradE = rng.normal() * 5;
  let gradN = rng.normal() * 5;

  for (let h = 0; h < hours; h++) {
    const t = start + h * HOUR;
    if ((t - start) % DAY === 0) cloudyNight = rng.chance(0.4);
    // Synoptic speed: AR(1) on log speed (stationary σ ≈ 0.45) around ~4 m/s.
    logSynoptic = 0.97 * logSynoptic + 0.03 * Math.log(4) + rng.normal() * 0.11;
    // Fronts every 1.5–5 days turn the wind 60–150° over ~3 h and bring stronger wind for a few hours.
    if (t >= nextFront) {
      frontTurn = (rng.chance(0.5) ? 1 : -1) * rng.range(60, 150);
      frontBoostHours = 6;
      nextFront = t + rng.range(1.5, 5) * DAY;
    }
    const turnNow = Math.abs(frontTurn) > 1e-9 ? Math.sign(frontTurn) * Math.min(Math.abs(frontTurn), 50) : 0;
    frontTurn -= turnNow;
    dir = (((dir + turnNow + rng.normal() * 5) % 360) + 360) % 360;
    const boost = frontBoostHours > 0 ? 1.5 : 1;
    if (frontBoostHours > 0) frontBoostHours--;

    const lh = localHour(t, climate.longitude);
    const elev = solarElevationDeg(t + HOUR / 2, climate.latitude, climate.longitude);
    const daytime = elev > 0;
    const insolation = elev > 60 ? 3 : elev > 35 ? 2 : elev > 15 ? 1 : 0;
    const diurnalSpeed = 1 + 0.3 * Math.sin((2 * Math.PI * (lh - 9)) / 24);
    let u10 = Math.min(15, Math.exp(logSynoptic) * diurnalSpeed * boost);

    // Calm or gusty spells: a two-state chain whose stationary share is ~9–10 %.
    if (special === 'normal') {
      if (rng.chance(0.055)) special = !daytime || u10 < 2.5 ? 'calm' : 'gusty';
    } else if (!rng.chance(0.5)) special = 'normal';

    let sigmaTheta: number;
    if (special === 'calm') {
      u10 = rng.range(0.3, 1.0);
      sigmaTheta = rng.range(40, 70);
    } else if (special === 'gusty') {
      u10 = Math.max(u10, 2.5) * 1.2;
      sigmaTheta = rng.range(40, 65);
    } else {
      const band = SIGMA_THETA_BANDS[nominalClass(u10, insolation, cloudyNight)]!;
      sigmaTheta = rng.range(band[0], band[1]);
    }
    const inferred = classFromSigmaTheta(sigmaTheta, u10, daytime);
    let trueClass = inferred as number;
    const r = rng.uniform();
    if (r < 0.4) {
      const step = r < 0.2 ? -1 : 1;
      trueClass = trueClass + step < 0 || trueClass + step > 5 ? trueClass - step : trueClass + step;
    }
    const cls = trueClass as StabilityClass;
    const L = obukhovLength(cls, climate.z0);
    const ustar = frictionVelocity(u10, climate.z0, L);
    const turb = turbulence(ustar, L, REF_HEIGHT);

    let meander: number;
    if (special !== 'normal') meander = sigmaTheta;
    else if (cls >= 4 || u10 < 2) meander = 15;
    else if (cls <= 2) meander = 5;
    else meander = 9;

    tempAnomaly = 0.95 * tempAnomaly + rng.normal() * 0.6;
    const temperatureC = seasonal + diurnalAmp * Math.cos((2 * Math.PI * (lh - 15)) / 24) + tempAnomaly;
    // Direction gradient: slowly varying AR(1) with stationary σ = 5°/100 m per component.
    gradE = 0.95 * gradE + rng.normal() * 5 * Math.sqrt(1 - 0.95 * 0.95);
    gradN = 0.95 * gradN + rng.normal() * 5 * Math.sqrt(1 - 0.95 * 0.95);

    out.push({
      t,
      kind: special,
      u10,
      dirFromDeg: dir,
      temperatureC,
      daytime,
      sigmaThetaDeg: sigmaTheta,
      inferredClass: inferred,
      trueClass: cls,
      obukhovL: L,
      ustar,
      turb,
      meanderSigmaDeg: meander,
      gradEastDeg: gradE,
      gradNorthDeg: gradN,
    });
  }
  return out;
}
