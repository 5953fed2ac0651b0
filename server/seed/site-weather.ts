// The demo's site weather for the modelled sites (featured and history sites): hourly synoptic wind with a diurnal
// cycle, fronts every few days turning it, daily cloudiness and a Pasquill–Gifford stability class from the sun and
// the wind; then minute by minute an Ornstein–Uhlenbeck meander of the direction whose spread is the hour's σθ
// (5–40° from F to A) and gusts of the speed. Own code, independent of the modelling pipeline; deterministic for
// (seed, site, start).
import { createRandom, type Random } from './random';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Pasquill–Gifford classes 0..5 = A..F. */
export type StabilityClass = 0 | 1 | 2 | 3 | 4 | 5;

/** σθ band (deg) of each class: the spread of one-minute directions within an hour. */
export const SIGMA_THETA_BANDS: readonly (readonly [number, number])[] = [
  [25, 40],
  [20, 25],
  [15, 20],
  [10, 15],
  [7, 10],
  [5, 7],
];

/** Meander time scale (minutes) of the one-minute direction. */
const MEANDER_TAU_MIN = 4;

export interface SiteWind {
  /** Direction the wind blows from (deg). */
  from: number;
  speedMs: number;
  cls: StabilityClass;
}

export interface SiteWeather {
  /** First minute (UTC ms) and number of minutes covered; times outside are clamped to the ends. */
  start: number;
  minutes: number;
  /** One-minute wind: direction from (deg), speed (m/s), class. */
  dirFrom: Float32Array;
  speedMs: Float32Array;
  cls: Uint8Array;
  /** Per hour from `start`: the hour's σθ (deg), the prevailing direction (deg) and whether a front passed in it. */
  sigmaTheta: Float32Array;
  prevailing: Float32Array;
  front: Uint8Array;
}

const wrap = (deg: number) => ((deg % 360) + 360) % 360;
const localHour = (t: number, lng: number) => (((t / HOUR + lng / 15) % 24) + 24) % 24;

/** Solar elevation (deg) from day of year, latitude and local solar time. */
export function solarElevation(t: number, lat: number, lng: number): number {
  const doy = (t / DAY) % 365.25;
  const decl = (-23.44 * Math.cos((2 * Math.PI * (doy + 10)) / 365.25) * Math.PI) / 180;
  const ha = ((localHour(t, lng) - 12) * 15 * Math.PI) / 180;
  const phi = (lat * Math.PI) / 180;
  const s = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(ha);
  return (Math.asin(Math.max(-1, Math.min(1, s))) * 180) / Math.PI;
}

/** Turner's table: class from the 10 m wind and the insolation (0 night … 3 strong), or at night the cloud cover. */
export function stabilityClass(u10: number, elevationDeg: number, cloud: number): StabilityClass {
  if (elevationDeg > 0) {
    // Clouds cut the insolation: strong above 60°, moderate 35–60°, slight below, one step less under heavy cloud.
    let insolation = elevationDeg > 60 ? 3 : elevationDeg > 35 ? 2 : elevationDeg > 15 ? 1 : 0;
    if (cloud > 0.6) insolation = Math.max(0, insolation - 1);
    if (insolation === 0) return 3;
    const row = u10 < 2 ? 0 : u10 < 3 ? 1 : u10 < 5 ? 2 : u10 < 6 ? 3 : 4;
    const table: StabilityClass[][] = [
      [0, 0, 1],
      [0, 1, 2],
      [1, 1, 2],
      [2, 2, 3],
      [2, 3, 3],
    ];
    return table[row]![3 - insolation]!;
  }
  const cloudy = cloud >= 0.5;
  if (u10 < 3) return cloudy ? 4 : 5;
  if (u10 < 5) return cloudy ? 3 : 4;
  return 3;
}

/** The site's weather over [from, to): one value per minute (from floored to the minute). */
export function siteWeather(
  seed: number,
  siteId: number,
  lat: number,
  lng: number,
  from: number,
  to: number,
): SiteWeather {
  const r: Random = createRandom(seed * 4099 + siteId * 97 + 23);
  const start = Math.floor(from / MINUTE) * MINUTE;
  const minutes = Math.max(1, Math.ceil((to - start) / MINUTE));
  const hours = Math.ceil(minutes / 60) + 1;
  const sigmaTheta = new Float32Array(hours);
  const prevailing = new Float32Array(hours);
  const front = new Uint8Array(hours);
  const hourSpeed = new Float32Array(hours);
  const hourClass = new Uint8Array(hours);

  // Hourly: a regional prevailing direction the wind drifts back to, a slow random walk, fronts.
  const regional = 180 + r.next() * 90;
  let dir = regional + (r.next() - 0.5) * 120;
  let logSynoptic = Math.log(2.5 + r.next() * 3);
  let nextFront = start + (0.5 + r.next() * 3) * DAY;
  let turnLeft = 0;
  let boostHours = 0;
  let cloud = r.next();
  let cloudDay = Math.floor((start + (lng / 15) * HOUR) / DAY);
  for (let h = 0; h < hours; h++) {
    const t = start + h * HOUR;
    const day = Math.floor((t + (lng / 15) * HOUR) / DAY);
    if (day !== cloudDay) {
      cloudDay = day;
      cloud = Math.min(1, Math.max(0, 0.5 * cloud + 0.5 * r.next()));
    }
    logSynoptic = 0.96 * logSynoptic + 0.04 * Math.log(3.5) + 0.12 * r.normal();
    if (t >= nextFront) {
      turnLeft = (r.chance(0.5) ? 1 : -1) * (60 + r.next() * 90);
      boostHours = 6;
      front[h] = 1;
      nextFront = t + (1.5 + r.next() * 3.5) * DAY;
    }
    // A front turns the wind over about three hours.
    const turn = Math.sign(turnLeft) * Math.min(Math.abs(turnLeft), 50);
    turnLeft -= turn;
    let drift = ((regional - dir + 540) % 360) - 180;
    if (turnLeft !== 0 || boostHours > 0) drift = 0;
    dir = wrap(dir + turn + 0.01 * drift + 4 * r.normal());
    const boost = boostHours > 0 ? 1.5 : 1;
    if (boostHours > 0) boostHours--;
    const lh = localHour(t + HOUR / 2, lng);
    const u10 = Math.min(
      14,
      Math.max(0.5, Math.exp(logSynoptic) * (1 + 0.35 * Math.sin((2 * Math.PI * (lh - 9)) / 24)) * boost),
    );
    const cls = stabilityClass(u10, solarElevation(t + HOUR / 2, lat, lng), cloud);
    const band = SIGMA_THETA_BANDS[cls]!;
    prevailing[h] = dir;
    hourSpeed[h] = u10;
    hourClass[h] = cls;
    sigmaTheta[h] = band[0] + r.next() * (band[1] - band[0]);
  }

  // Minute by minute: the hourly direction and speed interpolated, an OU meander with the hour's σθ, gusts.
  const dirFrom = new Float32Array(minutes);
  const speedMs = new Float32Array(minutes);
  const cls = new Uint8Array(minutes);
  const a = Math.exp(-1 / MEANDER_TAU_MIN);
  const kick = Math.sqrt(1 - a * a);
  let meander = r.normal() * sigmaTheta[0]!;
  let gust = 0;
  for (let m = 0; m < minutes; m++) {
    const h = Math.floor(m / 60);
    const f = (m % 60) / 60;
    const d0 = prevailing[h]!;
    const d1 = prevailing[Math.min(h + 1, hours - 1)]!;
    const dd = ((d1 - d0 + 540) % 360) - 180;
    const c = hourClass[h]! as StabilityClass;
    meander = a * meander + kick * sigmaTheta[h]! * r.normal();
    gust = a * gust + kick * (c <= 1 ? 0.2 : c >= 4 ? 0.08 : 0.12) * r.normal();
    dirFrom[m] = wrap(d0 + dd * f + meander);
    speedMs[m] = Math.max(
      0.3,
      (hourSpeed[h]! + (hourSpeed[Math.min(h + 1, hours - 1)]! - hourSpeed[h]!) * f) * (1 + gust),
    );
    cls[m] = c;
  }
  return { start, minutes, dirFrom, speedMs, cls, sigmaTheta, prevailing, front };
}

/** The one-minute wind at t (clamped to the span covered). */
export function windOf(w: SiteWeather, t: number): SiteWind {
  const m = Math.min(w.minutes - 1, Math.max(0, Math.floor((t - w.start) / MINUTE)));
  return { from: w.dirFrom[m]!, speedMs: w.speedMs[m]!, cls: w.cls[m]! as StabilityClass };
}
