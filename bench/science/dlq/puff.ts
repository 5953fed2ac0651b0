/**
 * Gaussian puff forward model of DLQ MAIN_1 step 6 ("constant" run mode: a puff keeps
 * the wind and stability it was born with), per unit source rate, averaged to rows.
 *
 * Time grid (as DLQ): fine step 0 is row 0's time stamp; row r >= 1 covers fine steps
 * (r-1)S+1 .. rS with S = 60/dt, carries row r's wind, and its value is the mean over
 * those steps. Rows are consecutive valid-wind minutes (DLQ drops rows without wind
 * and treats the rest as contiguous).
 */
import { isDay, meanSigma, stabClasses, type StabClass } from './stability';

const TWO_PI_1_5 = Math.pow(2 * Math.PI, 1.5);

/**
 * One puff of mass `massKg` at (px, py, ground-reflected height H) seen at a receptor,
 * in ppm: DLQ gpuff times its dt, with `ppmPerKgM3` = 1e6 / density.
 */
export function puffPpm(
  massKg: number,
  sy: number,
  sz: number,
  dx: number,
  dy: number,
  zr: number,
  h: number,
  ppmPerKgM3: number,
): number {
  const horiz = Math.exp((-0.5 * (dx * dx + dy * dy)) / (sy * sy));
  const vert = Math.exp((-0.5 * (zr - h) * (zr - h)) / (sz * sz)) + Math.exp((-0.5 * (zr + h) * (zr + h)) / (sz * sz));
  return (massKg / (TWO_PI_1_5 * sy * sy * sz)) * horiz * vert * ppmPerKgM3;
}

export interface SimSite {
  rows: number;
  rowTimes: Float64Array;
  speed: Float64Array;
  towardE: Float64Array;
  towardN: Float64Array;
  longitude: number;
  dayStartHour: number;
  dayEndHour: number;
  sensorE: Float64Array;
  sensorN: Float64Array;
  sensorZ: Float64Array;
  ppmPerKgM3: number;
}

export interface SimParams {
  dtS: number;
  cutoffMin: number;
  ignoreDistM: number;
  unitRateKgS: number;
}

export interface SimSource {
  east: number;
  north: number;
  height: number;
}

function stepsPerRow(p: SimParams): number {
  return Math.round(60 / p.dtS);
}

function rowOfStep(f: number, s: number): number {
  return f === 0 ? 0 : Math.ceil(f / s);
}

/** Wind and class set a puff is born with (DLQ constant mode). */
function birth(
  site: SimSite,
  f: number,
  s: number,
  dtS: number,
): { u: number; ve: number; vn: number; classes: StabClass[] } {
  const row = rowOfStep(f, s);
  const u = site.speed[row]!;
  // Time of the fine step: the row's stamp minus the steps left in its minute.
  const t = site.rowTimes[row]! - (row * s - f) * dtS * 1000;
  const classes = stabClasses(u, isDay(t, site.longitude, site.dayStartHour, site.dayEndHour));
  return { u, ve: u * site.towardE[row]!, vn: u * site.towardN[row]!, classes };
}

/**
 * Fast path: rows r0..r1 only. Each puff moves on a straight line, so the ages at which
 * it is within ignoreDist of some sensor are solved analytically instead of tested step
 * by step; only those ages are evaluated. Returns [sensor][row - r0] in ppm.
 * `births` (synthetic data only) restricts which fine steps emit a puff.
 */
export function simulateRows(
  site: SimSite,
  src: SimSource,
  p: SimParams,
  r0: number,
  r1: number,
  births?: (f: number) => boolean,
): Float64Array[] {
  const s = stepsPerRow(p);
  const nAge = Math.round((p.cutoffMin * 60) / p.dtS);
  const nR = site.sensorE.length;
  const nRows = r1 - r0 + 1;
  const acc = new Float64Array(nR * nRows);
  const fLo = r0 === 0 ? 0 : (r0 - 1) * s + 1;
  const fHi = r1 * s;
  const mass = p.unitRateKgS * p.dtS;
  const d2 = p.ignoreDistM * p.ignoreDistM;
  const sig = new Float64Array(2);
  const iv: number[] = [];
  for (let fb = Math.max(0, fLo - nAge + 1); fb <= fHi; fb++) {
    if (births && !births(fb)) continue;
    const b = birth(site, fb, s, p.dtS);
    if (!(b.u > 0)) continue; // a puff that never moves has total distance 0: DLQ gives 0
    const aMin = Math.max(1, fLo - fb);
    const aMax = Math.min(nAge - 1, fHi - fb);
    if (aMin > aMax) continue;
    const we = b.ve * p.dtS;
    const wn = b.vn * p.dtS;
    const ww = we * we + wn * wn;
    iv.length = 0;
    for (let i = 0; i < nR; i++) {
      const de = src.east - site.sensorE[i]!;
      const dn = src.north - site.sensorN[i]!;
      const bq = de * we + dn * wn;
      const disc = bq * bq - ww * (de * de + dn * dn - d2);
      if (disc < 0) continue;
      const sq = Math.sqrt(disc);
      // A tiny margin keeps ages on the circle's edge (DLQ includes distance == ignoreDist).
      const lo = Math.max(aMin, Math.ceil((-bq - sq) / ww - 1e-9));
      const hi = Math.min(aMax, Math.floor((-bq + sq) / ww + 1e-9));
      if (lo <= hi) iv.push(lo, hi);
    }
    if (iv.length === 0) continue;
    const ages = mergeIntervals(iv);
    for (let k = 0; k < ages.length; k += 2) {
      for (let a = ages[k]!; a <= ages[k + 1]!; a++) {
        const px = src.east + a * we;
        const py = src.north + a * wn;
        // Exact ignore.dist test too, so edge rounding matches the step-by-step loop.
        let near = false;
        for (let i = 0; i < nR; i++) {
          const ex = site.sensorE[i]! - px;
          const ey = site.sensorN[i]! - py;
          if (ex * ex + ey * ey <= d2) {
            near = true;
            break;
          }
        }
        if (!near) continue;
        meanSigma(b.classes, (a * b.u * p.dtS) / 1000, sig);
        const row = rowOfStep(fb + a, s) - r0;
        for (let i = 0; i < nR; i++) {
          acc[i * nRows + row]! += puffPpm(
            mass,
            sig[0]!,
            sig[1]!,
            site.sensorE[i]! - px,
            site.sensorN[i]! - py,
            site.sensorZ[i]!,
            src.height,
            site.ppmPerKgM3,
          );
        }
      }
    }
  }
  return toRowMeans(acc, nR, nRows, r0, s);
}

function mergeIntervals(iv: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < iv.length; k += 2) pairs.push([iv[k]!, iv[k + 1]!]);
  pairs.sort((x, y) => x[0] - y[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const n = out.length;
    if (n > 0 && lo <= out[n - 1]! + 1) out[n - 1] = Math.max(out[n - 1]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

function toRowMeans(acc: Float64Array, nR: number, nRows: number, r0: number, s: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (let i = 0; i < nR; i++) {
    const a = acc.slice(i * nRows, (i + 1) * nRows);
    for (let r = 0; r < nRows; r++) if (r0 + r > 0) a[r]! /= s;
    out.push(a);
  }
  return out;
}

/**
 * Slow reference: DLQ's loop as written, every fine step of the whole period, every
 * puff alive at it, the ignore.dist test per puff and step. Used by tests to bound the
 * fast path's error.
 */
export function simulateReference(site: SimSite, src: SimSource, p: SimParams): Float64Array[] {
  const s = stepsPerRow(p);
  const nAge = Math.round((p.cutoffMin * 60) / p.dtS);
  const nR = site.sensorE.length;
  const nRows = site.rows;
  const acc = new Float64Array(nR * nRows);
  if (nRows === 0) return [];
  const nSteps = (nRows - 1) * s + 1;
  const births = Array.from({ length: nSteps }, (_, f) => birth(site, f, s, p.dtS));
  const mass = p.unitRateKgS * p.dtS;
  const sig = new Float64Array(2);
  for (let f = 0; f < nSteps; f++) {
    const row = rowOfStep(f, s);
    for (let k = 0; k < nAge; k++) {
      const fb = f - k;
      if (fb < 0) break;
      const b = births[fb]!;
      const px = src.east + k * b.ve * p.dtS;
      const py = src.north + k * b.vn * p.dtS;
      let minD2 = Infinity;
      for (let i = 0; i < nR; i++) {
        const ex = site.sensorE[i]! - px;
        const ey = site.sensorN[i]! - py;
        minD2 = Math.min(minD2, ex * ex + ey * ey);
      }
      if (minD2 > p.ignoreDistM * p.ignoreDistM) continue;
      const dist = k * b.u * p.dtS;
      if (!(dist > 0)) continue;
      meanSigma(b.classes, dist / 1000, sig);
      for (let i = 0; i < nR; i++) {
        acc[i * nRows + row]! += puffPpm(
          mass,
          sig[0]!,
          sig[1]!,
          site.sensorE[i]! - px,
          site.sensorN[i]! - py,
          site.sensorZ[i]!,
          src.height,
          site.ppmPerKgM3,
        );
      }
    }
  }
  return toRowMeans(acc, nR, nRows, 0, s);
}
