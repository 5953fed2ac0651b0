// Stage D: the Gaussian puff forward model (modelling.md §1.5). Footprints H[s][r][t] in ppm per kg/h, averaged
// over each output minute, for a unit emission from every source.
//
// Each source emits a puff every dt seconds; puffs move with the measured wind interpolated linearly between minute
// centres; σy grows with age from the measured σθ (Draxler form, bounded below by half the ISC3 curve), σz follows
// the ISC3 curve of the puff's stability class on travel distance (with a time-based floor for light winds); a
// distance-proportional term folds the direction error into σy. A puff dies at 20 min or once it is far beyond the
// sensors and moving away. Concentrations come from the puff kernel (wasm or its TS twin).
import { PUFF_STRIDE, puffKernel } from './puff-kernel';
import { draxlerSpread, pgSigmaY, pgSigmaZ, type StabilityClass } from './physics';
import { TUNING } from './tuning';

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface FootprintWind {
  /** Per minute of the window (minute k stamped at k·60 s after the window start, covering the minute before). */
  uE: Float64Array;
  uN: Float64Array;
  /** σθ (radians) per minute, already floored and capped. */
  sigmaTheta: Float64Array;
  /** Stability class per minute. */
  stability: Uint8Array;
}

export interface Perturbation {
  dirOffsetRad: number;
  speedScale: number;
  sigmaScale: number;
  stabilityShift: number;
}

export const NOMINAL: Perturbation = { dirOffsetRad: 0, speedScale: 1, sigmaScale: 1, stabilityShift: 0 };

export interface FootprintRequest {
  sources: Point3[];
  receptors: Point3[];
  wind: FootprintWind;
  /** First and last+1 output minute indices (window minutes). */
  outFrom: number;
  outTo: number;
  /** ρ_CH4 (kg/m³). */
  density: number;
  perturbation: Perturbation;
  /** Cadence (s); must divide 60. */
  dtS?: number;
}

export interface Footprints {
  /** H[(s·R + r)·T + t]! ppm per kg/h, T = outTo − outFrom. */
  h: Float64Array;
  S: number;
  R: number;
  T: number;
  evaluations: number;
}

/** Wind (m/s) at time τ seconds after the window start: linear between minute centres (k·60 − 30 s). */
function windAt(w: FootprintWind, tauS: number, p: Perturbation): [number, number] {
  const n = w.uE.length;
  const pos = (tauS + 30) / 60;
  let k0 = Math.floor(pos);
  let f = pos - k0;
  if (k0 < 0) {
    k0 = 0;
    f = 0;
  }
  if (k0 >= n - 1) {
    k0 = n - 1;
    f = 0;
  }
  const k1 = Math.min(n - 1, k0 + 1);
  let ue = w.uE[k0]! * (1 - f) + w.uE[k1]! * f;
  let un = w.uN[k0]! * (1 - f) + w.uN[k1]! * f;
  if (!Number.isFinite(ue) || !Number.isFinite(un)) {
    ue = 0;
    un = 0;
  }
  const c = Math.cos(p.dirOffsetRad);
  const s = Math.sin(p.dirOffsetRad);
  // The travel vector of a wind blowing from θ + offset.
  return [(ue * c + un * s) * p.speedScale, (un * c - ue * s) * p.speedScale];
}

/**
 * Horizontal and vertical σ (m) of a puff of age `ageS` that travelled `distM`, born with lateral turbulence
 * `sigmaV` (m/s) in class `cls`.
 */
export function puffSigmas(
  ageS: number,
  distM: number,
  sigmaV: number,
  cls: StabilityClass,
  scale = 1,
): [number, number] {
  const d = Math.max(distM, 1);
  const syT = draxlerSpread(sigmaV, ageS, TUNING.sigmaYTimeScaleS);
  let sy = Math.max(syT, 0.5 * pgSigmaY(cls, d));
  sy = Math.max(0.5, Math.sqrt(sy * sy + TUNING.sourceHalfWidthM ** 2 + (TUNING.directionSpreadRad * d) ** 2) * scale);
  // Vertical: ISC3 on distance, floored by a time-based growth so light-wind puffs still dilute, and by the same
  // Draxler form driven by σw = (σw/σv)·σv from the measured turbulence: near the ground, within ~100 m, ISC3's σz
  // (fitted to 3-10 min averages far downwind) is about half of σw·t, which made the puff's concentrations too high
  // and its rates too low against the particle truth.
  const szT = draxlerSpread(0.1, ageS, TUNING.sigmaZTimeScaleS);
  const szW = draxlerSpread(TUNING.sigmaWOverSigmaV * sigmaV, ageS, TUNING.sigmaZTimeScaleS);
  const sz = Math.max(0.5, Math.max(pgSigmaZ(cls, d), szT, szW) * scale);
  return [sy, sz];
}

const CADENCES = [10, 6, 5, 4, 3, 2];

function spinUpS(req: FootprintRequest, killR: number): number {
  const from = Math.max(0, req.outFrom - 1 - Math.ceil(TUNING.maxPuffAgeS / 60));
  const speeds: number[] = [];
  for (let k = from; k < Math.min(req.wind.uE.length, req.outTo); k++) {
    const u = Math.hypot(req.wind.uE[k]!, req.wind.uN[k]!);
    speeds.push(Number.isFinite(u) ? u : 0);
  }
  speeds.sort((a, b) => a - b);
  const u10 = speeds.length ? speeds[Math.floor(0.1 * (speeds.length - 1))]! * req.perturbation.speedScale : 0;
  const need = u10 > 0.05 ? (2 * 2 * killR) / u10 : Infinity;
  return Math.min(TUNING.maxPuffAgeS, Math.max(180, Math.ceil(need / 60) * 60));
}

/**
 * The coarsest cadence (dividing 60 s) whose step length u·dt stays under 1.5 × the nearest source–sensor distance
 * at the 90th-percentile wind of the simulated span: the segment-mean kernel is then within a few % of a 0.5 s run
 * (checked in the tests), and light winds — where puffs live longest and cost most — get the coarse steps.
 */
export function chooseCadence(req: FootprintRequest): number {
  let dMin = Infinity;
  for (const s of req.sources) for (const r of req.receptors) dMin = Math.min(dMin, Math.hypot(s.x - r.x, s.y - r.y));
  const from = Math.max(0, req.outFrom - 1 - Math.ceil(TUNING.maxPuffAgeS / 60));
  const speeds: number[] = [];
  for (let k = from; k < Math.min(req.wind.uE.length, req.outTo); k++) {
    const u = Math.hypot(req.wind.uE[k]!, req.wind.uN[k]!);
    if (Number.isFinite(u)) speeds.push(u);
  }
  speeds.sort((a, b) => a - b);
  const u90 = speeds.length ? speeds[Math.floor(0.9 * (speeds.length - 1))]! * req.perturbation.speedScale : 1;
  const maxLen = 1.5 * Math.max(8, Number.isFinite(dMin) ? dMin : 20);
  for (const dt of CADENCES) if (u90 * dt <= maxLen) return dt;
  return 2;
}

export function computeFootprints(req: FootprintRequest): Footprints {
  const dt = req.dtS ?? chooseCadence(req);
  const S = req.sources.length;
  const R = req.receptors.length;
  const T = Math.max(0, req.outTo - req.outFrom);
  const h = new Float64Array(S * R * T);
  const result: Footprints = { h, S, R, T, evaluations: 0 };
  if (S === 0 || R === 0 || T === 0) return result;
  const kernel = puffKernel();
  const p = req.perturbation;
  const receptors = new Float64Array(R * 3);
  let cx = 0;
  let cy = 0;
  req.receptors.forEach((r, i) => {
    receptors[i * 3]! = r.x;
    receptors[i * 3 + 1]! = r.y;
    receptors[i * 3 + 2]! = r.z;
    cx += r.x / R;
    cy += r.y / R;
  });
  let radius = 0;
  for (const r of req.receptors) radius = Math.max(radius, Math.hypot(r.x - cx, r.y - cy));
  const killR = radius + TUNING.killBeyondM;
  const qUnit = ((dt / 3600) * 1e6) / req.density; // ppm·m³ per puff for 1 kg/h

  // Live puff state (parallel arrays, compacted every step).
  const cap = S * Math.ceil(TUNING.maxPuffAgeS / dt + 2);
  const px = new Float64Array(cap);
  const py = new Float64Array(cap);
  const age = new Float64Array(cap);
  const dist = new Float64Array(cap);
  const sv = new Float64Array(cap); // σv at birth (m/s)
  const syP = new Float64Array(cap); // σ at the puff's current position (the previous step's end), cached
  const szP = new Float64Array(cap);
  const cls = new Uint8Array(cap);
  const src = new Int32Array(cap);
  let live = 0;
  const rec = new Float64Array(cap * PUFF_STRIDE);
  const out = new Float64Array(S * R);
  const counts = new Float64Array(T);

  // Spin-up: long enough for a puff to leave the kill radius twice over at the slow end of the winds (≤ 20 min).
  const simStart = (req.outFrom - 1) * 60 - spinUpS(req, killR); // seconds after window start
  const simEnd = (req.outTo - 1) * 60;
  const wn = req.wind.uE.length;
  for (let tau = simStart; tau < simEnd - 1e-9; tau += dt) {
    // Birth: one puff per source at τ, with the conditions of its minute.
    const km = Math.min(wn - 1, Math.max(0, Math.ceil(tau / 60)));
    const [bue, bun] = windAt(req.wind, tau, p);
    const bu = Math.hypot(bue, bun);
    const st = Math.min(5, Math.max(0, req.wind.stability[km]! + p.stabilityShift));
    const sth = req.wind.sigmaTheta[km]!;
    for (let s = 0; s < S && live < cap; s++) {
      px[live]! = req.sources[s]!.x;
      py[live]! = req.sources[s]!.y;
      age[live]! = 0;
      dist[live]! = 0;
      sv[live]! = Math.max(0.1, bu) * (Number.isFinite(sth) ? sth : 0.2);
      const [sy0, sz0] = puffSigmas(0, 0, sv[live]!, st as StabilityClass, p.sigmaScale);
      syP[live]! = sy0;
      szP[live]! = sz0;
      cls[live]! = st;
      src[live]! = s;
      live++;
    }
    // The step's wind (mid-step); every live puff sweeps the segment u·dt during it.
    const [ue, un] = windAt(req.wind, tau + dt / 2, p);
    const u = Math.hypot(ue, un);
    const ex = u > 1e-6 ? ue / u : 1;
    const ey = u > 1e-6 ? un / u : 0;
    const len = u * dt;
    // Evaluate the step-mean into the minute that contains (τ, τ + dt].
    const kOut = Math.ceil((tau + dt) / 60 - 1e-9) - req.outFrom;
    if (kOut >= 0 && kOut < T) {
      for (let j = 0; j < live; j++) {
        const [sy1, sz1] = puffSigmas(age[j]! + dt, dist[j]! + len, sv[j]!, cls[j]! as StabilityClass, p.sigmaScale);
        let sy0 = syP[j]!;
        let sz0 = szP[j]!;
        if (!(sy0 > 0)) [sy0, sz0] = puffSigmas(age[j]!, dist[j]!, sv[j]!, cls[j]! as StabilityClass, p.sigmaScale);
        syP[j]! = sy1;
        szP[j]! = sz1;
        const b = j * PUFF_STRIDE;
        rec[b]! = px[j]!;
        rec[b + 1]! = py[j]!;
        rec[b + 2]! = req.sources[src[j]!]!.z;
        rec[b + 3]! = ex;
        rec[b + 4]! = ey;
        rec[b + 5]! = len;
        rec[b + 6]! = sy0;
        rec[b + 7]! = sy1;
        rec[b + 8]! = sz0;
        rec[b + 9]! = sz1;
        rec[b + 10]! = qUnit;
        rec[b + 11]! = src[j]!;
      }
      out.fill(0);
      result.evaluations += kernel.accumulate(rec, live, receptors, R, S, out);
      counts[kOut]!++;
      for (let s = 0; s < S; s++) for (let r = 0; r < R; r++) h[(s * R + r) * T + kOut]! += out[s * R + r]!;
    }
    // Steps that are not evaluated (spin-up) leave the cached σ stale: mark it for recomputation.
    if (kOut < 0 || kOut >= T) syP.fill(-1, 0, live);
    // Advect, then drop puffs that are too old or far beyond the sensors and moving away.
    let w = 0;
    for (let j = 0; j < live; j++) {
      const nx = px[j]! + ue * dt;
      const ny = py[j]! + un * dt;
      const na = age[j]! + dt;
      const nd = dist[j]! + len;
      const rx = nx - cx;
      const ry = ny - cy;
      const far = rx * rx + ry * ry > killR * killR && rx * ue + ry * un > 0;
      if (na > TUNING.maxPuffAgeS || far) continue;
      px[w]! = nx;
      py[w]! = ny;
      age[w]! = na;
      dist[w]! = nd;
      sv[w]! = sv[j]!;
      syP[w]! = syP[j]!;
      szP[w]! = szP[j]!;
      cls[w]! = cls[j]!;
      src[w]! = src[j]!;
      w++;
    }
    live = w;
  }
  for (let s = 0; s < S; s++)
    for (let r = 0; r < R; r++) for (let t = 0; t < T; t++) if (counts[t]! > 0) h[(s * R + r) * T + t]! /= counts[t]!;
  return result;
}
