// Stage A: quality control of the 1-minute CH4 readings and the site wind (modelling.md §1.2).
import type { MinuteWindow, SiteGeometry } from './contract';
import { TUNING } from './tuning';

export interface CleanCh4 {
  /** [sensor][minute]!, NaN where unusable. */
  ppm: Float64Array[];
  /** Per sensor: how many minutes were dropped for each reason (for notes). */
  dropped: { saturated: number; absurd: number; flat: number; missing: number }[];
}

/** Drops saturated, non-positive, absurd and flat-lined values, then fills gaps of ≤ 5 minutes linearly. */
export function cleanCh4(window: MinuteWindow, nSensors: number): CleanCh4 {
  const out: Float64Array[] = [];
  const dropped: CleanCh4['dropped'] = [];
  for (let i = 0; i < nSensors; i++) {
    const raw = window.ch4Ppm[i]!;
    const n = window.minutes;
    const y = new Float64Array(n).fill(Number.NaN);
    const d = { saturated: 0, absurd: 0, flat: 0, missing: 0 };
    for (let k = 0; k < n; k++) {
      const v = raw && k < raw.length ? raw[k]! : Number.NaN;
      if (!Number.isFinite(v)) d.missing++;
      else if (v > TUNING.absurdHighPpm || v < TUNING.absurdLowPpm) d.absurd++;
      else if (v >= TUNING.saturationPpm) d.saturated++;
      else y[k]! = v;
    }
    d.flat = dropFlatLines(y, TUNING.flatLineMinutes, TUNING.flatLineDelta);
    fillShortGaps(y, TUNING.maxFillGapMinutes);
    out.push(y);
    dropped.push(d);
  }
  return { ppm: out, dropped };
}

/** NaNs every run of ≥ minRun consecutive finite values whose successive |Δ| < delta. Returns minutes dropped. */
export function dropFlatLines(y: Float64Array, minRun: number, delta: number): number {
  let dropped = 0;
  let runStart = 0;
  const flush = (end: number) => {
    if (end - runStart >= minRun) {
      for (let k = runStart; k < end; k++) y[k]! = Number.NaN;
      dropped += end - runStart;
    }
  };
  for (let k = 1; k <= y.length; k++) {
    const same =
      k < y.length && Number.isFinite(y[k]!) && Number.isFinite(y[k - 1]!) && Math.abs(y[k]! - y[k - 1]!) < delta;
    if (!same) {
      flush(k);
      runStart = k;
    }
  }
  return dropped;
}

/** Linear interpolation over interior NaN runs of at most maxGap minutes. */
export function fillShortGaps(y: Float64Array, maxGap: number): void {
  let last = -1;
  for (let k = 0; k < y.length; k++) {
    if (!Number.isFinite(y[k]!)) continue;
    const gap = k - last - 1;
    if (last >= 0 && gap > 0 && gap <= maxGap) {
      for (let j = last + 1; j < k; j++) y[j]! = y[last]! + ((y[k]! - y[last]!) * (j - last)) / (k - last);
    }
    last = k;
  }
}

export interface SiteWind {
  /** Per minute: combined speed (m/s), direction the wind blows FROM (degrees), travel vector (m/s), NaN if none. */
  speed: Float64Array;
  dirDeg: Float64Array;
  uE: Float64Array;
  uN: Float64Array;
  /** Per minute inversion weight: 0 calm or missing, 0.3 light, 1 otherwise. */
  weight: Float64Array;
  /** Anemometers (sensor indices) that contributed. */
  used: number[];
  /** Per-anemometer direction bias (degrees, relative to the site median), by sensor index; NaN if unknown. */
  bias: number[];
  notes: string[];
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = values.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : 0.5 * (s[m - 1]! + s[m]!);
}

function wrap180(d: number): number {
  return ((((d + 180) % 360) + 360) % 360) - 180;
}

/**
 * Combines the anemometers: stuck vanes and stalled cups removed, each vane's bias aligned to the site median
 * (carried `priorBias` blended with this window's estimate), then the median of the unit-vector components and of
 * the speeds (DLQ), gaps ≤ 5 min filled.
 */
export function combineWind(window: MinuteWindow, geometry: SiteGeometry, priorBias: (number | undefined)[]): SiteWind {
  const n = window.minutes;
  const R = geometry.sensors.length;
  const notes: string[] = [];
  const dirs: Float64Array[] = [];
  const spds: Float64Array[] = [];
  const used: number[] = [];
  for (let i = 0; i < R; i++) {
    const dRaw = window.windDirectionDeg[i]!;
    const sRaw = window.windSpeedMs[i]!;
    const d = new Float64Array(n).fill(Number.NaN);
    const s = new Float64Array(n).fill(Number.NaN);
    let finite = 0;
    for (let k = 0; k < n; k++) {
      const dv = dRaw && k < dRaw.length ? dRaw[k]! : Number.NaN;
      const sv = sRaw && k < sRaw.length ? sRaw[k]! : Number.NaN;
      if (Number.isFinite(dv) && Number.isFinite(sv) && sv >= 0 && sv < 60) {
        d[k]! = ((dv % 360) + 360) % 360;
        s[k]! = sv;
        finite++;
      }
    }
    if (finite === 0) continue;
    const stuck = dropStuckVane(d, s);
    if (stuck > 0) notes.push(`device ${geometry.sensors[i]!.deviceId}: wind vane stuck for ${stuck} min`);
    dirs[i]! = d;
    spds[i]! = s;
    used.push(i);
  }
  const speed = new Float64Array(n).fill(Number.NaN);
  const dirDeg = new Float64Array(n).fill(Number.NaN);
  const bias = new Array<number>(R).fill(Number.NaN);
  if (used.length === 0) {
    notes.push('no usable wind');
    return { speed, dirDeg, uE: speed.slice(), uN: speed.slice(), weight: new Float64Array(n), used, bias, notes };
  }
  // First pass: plain vector median; then per-vane bias against it (only with ≥ 2 vanes).
  const combine = (applyBias: boolean) => {
    for (let k = 0; k < n; k++) {
      const cs: number[] = [];
      const ss: number[] = [];
      const sp: number[] = [];
      for (const i of used) {
        const dv = dirs[i]![k]!;
        if (!Number.isFinite(dv)) continue;
        const b = applyBias && Number.isFinite(bias[i]!) ? bias[i]! : 0;
        const r = ((dv - b) * Math.PI) / 180;
        cs.push(Math.cos(r));
        ss.push(Math.sin(r));
        sp.push(spds[i]![k]!);
      }
      if (cs.length === 0) continue;
      dirDeg[k]! = ((((Math.atan2(median(ss), median(cs)) * 180) / Math.PI) % 360) + 360) % 360;
      speed[k]! = median(sp);
    }
  };
  combine(false);
  if (used.length >= 2) {
    for (const i of used) {
      const diffs: number[] = [];
      for (let k = 0; k < n; k++) {
        if (Number.isFinite(dirs[i]![k]!) && Number.isFinite(dirDeg[k]!) && spds[i]![k]! > 1.5)
          diffs.push(wrap180(dirs[i]![k]! - dirDeg[k]!));
      }
      const est = diffs.length >= 20 ? median(diffs) : Number.NaN;
      const prior = priorBias[i]!;
      if (prior !== undefined && Number.isFinite(prior))
        bias[i]! = Number.isFinite(est) ? prior + 0.1 * wrap180(est - prior) : prior;
      else bias[i]! = est;
      if (Number.isFinite(bias[i]!)) bias[i]! = Math.max(-30, Math.min(30, bias[i]!));
    }
    combine(true);
  }
  fillDirectionGaps(dirDeg, speed);
  const uE = new Float64Array(n);
  const uN = new Float64Array(n);
  const weight = new Float64Array(n);
  let calm = 0;
  for (let k = 0; k < n; k++) {
    const u = speed[k]!;
    const r = (dirDeg[k]! * Math.PI) / 180;
    uE[k]! = -u * Math.sin(r);
    uN[k]! = -u * Math.cos(r);
    if (!Number.isFinite(u)) weight[k]! = 0;
    else if (u < TUNING.calmMs) {
      weight[k]! = 0;
      calm++;
    } else weight[k]! = u < TUNING.lightMs ? TUNING.lightWeight : 1;
  }
  if (calm > 0) notes.push(`calm (< ${TUNING.calmMs} m/s) for ${calm} min`);
  return { speed, dirDeg, uE, uN, weight, used, bias, notes };
}

/** NaNs the direction where the vane is stuck (tiny changes for ≥ 30 min while the wind blows). Returns minutes. */
export function dropStuckVane(d: Float64Array, s: Float64Array): number {
  let dropped = 0;
  let runStart = 0;
  const flush = (end: number) => {
    if (end - runStart >= TUNING.stuckVaneMinutes) {
      let moving = 0;
      for (let k = runStart; k < end; k++) if (s[k]! > 1) moving++;
      if (moving >= (end - runStart) / 2) {
        for (let k = runStart; k < end; k++) d[k]! = Number.NaN;
        dropped += end - runStart;
      }
    }
  };
  for (let k = 1; k <= d.length; k++) {
    const same =
      k < d.length &&
      Number.isFinite(d[k]!) &&
      Number.isFinite(d[k - 1]!) &&
      Math.abs(wrap180(d[k]! - d[k - 1]!)) < TUNING.stuckVaneDeltaDeg;
    if (!same) {
      flush(k);
      runStart = k;
    }
  }
  // A stalled cup (exactly 0 for long while the vane still moves) is calm, not missing: left as is.
  return dropped;
}

/** Fills ≤ 5-minute gaps of the combined wind by interpolating the vector components. */
function fillDirectionGaps(dirDeg: Float64Array, speed: Float64Array): void {
  const n = dirDeg.length;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const r = (dirDeg[k]! * Math.PI) / 180;
    u[k]! = Number.isFinite(dirDeg[k]!) ? speed[k]! * Math.sin(r) : Number.NaN;
    v[k]! = Number.isFinite(dirDeg[k]!) ? speed[k]! * Math.cos(r) : Number.NaN;
  }
  const s2 = Float64Array.from(speed);
  fillShortGaps(u, TUNING.maxFillGapMinutes);
  fillShortGaps(v, TUNING.maxFillGapMinutes);
  fillShortGaps(s2, TUNING.maxFillGapMinutes);
  for (let k = 0; k < n; k++) {
    if (Number.isFinite(dirDeg[k]!) || !Number.isFinite(u[k]!)) continue;
    dirDeg[k]! = ((((Math.atan2(u[k]!, v[k]!) * 180) / Math.PI) % 360) + 360) % 360;
    speed[k]! = s2[k]!;
  }
}
