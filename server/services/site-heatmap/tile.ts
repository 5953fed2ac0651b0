// One daily tile of the CH4 heatmap (modelling.md §1.8 'CH4 heatmap'): C̄(g) = (1/T) Σ_steps Σ_s q̂_s(t) · F_s(g, t),
// the mean over the day's modelled 15-minute steps of every source's pipeline rate times its footprint on the grid.
// F_s is a steady plume per step built from the forward model's own parts: the step's mean measured wind (cleaned and
// classed as the plume frames do it, measuredWind), σy and σz from puffSigmas at each distance, and the puff kernel
// (wasm when loaded) integrating the plume along its axis as a chain of segments. A steady plume of rate Q is a puff of
// mass Q·L/u swept along a segment of length L, so one kernel call per step draws every source at once.
// Also each device's CH4 mean over the day and the site's 5th percentile of one-minute CH4 (the measured fallback).
// Pure computation: it runs in the heatmap compute thread.
import type { StabilityClass } from '../modelling/physics';
import { ch4Density } from '../modelling/physics';
import { puffSigmas } from '../modelling/footprint';
import { PUFF_STRIDE, puffKernel } from '../modelling/puff-kernel';
import { TUNING } from '../modelling/tuning';
import { gridReceptors, measuredWind, type PlumeGrid } from '../plume/frames';
import { LOW_QUANTILE } from './combine';

const MINUTE_MS = 60_000;
export const STEP_MS = 15 * MINUTE_MS;
/** Under this wind (m/s) a steady plume means nothing; calmer steps are drawn at it. */
const MIN_PLUME_WIND_MS = 0.5;
/** Distances (m) along the plume's axis where σ is evaluated; the kernel interpolates σ linearly between them. */
const AXIS_BREAKS_M = [0, 5, 15, 35, 70, 130, 230, 400, 700, 1200, 2000];

export interface TileSource {
  id: number;
  x: number;
  y: number;
  z: number;
}

export interface TileInput {
  latitude: number;
  longitude: number;
  grid: PlumeGrid;
  sensors: { deviceId: number; east: number; north: number; height: number }[];
  sources: TileSource[];
  /** One-minute wind and CH4 per sensor, minute k stamped at start + k·60 s (covering the minute before). */
  wind: { start: number; minutes: number; directionDeg: Float64Array[]; speedMs: Float64Array[] };
  ch4Ppm: Float64Array[];
  /** The day [dayStart, dayStart + 24 h). */
  dayStart: number;
  /** The day's steps with pipeline rates: start of the step and kg/h per source (NaN where the source has none). */
  steps: { start: number; rates: Float64Array }[];
  temperatureC: number;
}

export interface TileDevice {
  deviceId: number;
  meanPpm: number;
  minutes: number;
}

export interface TileResult {
  /** size² ppm, row 0 north; null when no step could be modelled. */
  meanPpm: Float32Array | null;
  modelledHours: number;
  devices: TileDevice[];
  lowQuantilePpm: number | null;
  evaluations: number;
}

/** The q-quantile of finite values (linear between order statistics); NaN when there are none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  const v: number[] = [];
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) v.push(values[i]!);
  if (v.length === 0) return Number.NaN;
  v.sort((a, b) => a - b);
  const at = q * (v.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(v.length - 1, lo + 1);
  return v[lo]! + (v[hi]! - v[lo]!) * (at - lo);
}

/** Each sensor's CH4 mean over the day's minutes and the site's low quantile of them all, pooled. */
function deviceStats(inp: TileInput): { devices: TileDevice[]; low: number | null } {
  const first = Math.round((inp.dayStart - inp.wind.start) / MINUTE_MS) + 1;
  const last = first + 1440;
  const pooled: number[] = [];
  const devices: TileDevice[] = [];
  inp.sensors.forEach((s, i) => {
    const ch4 = inp.ch4Ppm[i];
    if (!ch4) return;
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, first); k < Math.min(ch4.length, last); k++) {
      const v = ch4[k]!;
      if (!Number.isFinite(v)) continue;
      sum += v;
      n++;
      pooled.push(v);
    }
    if (n > 0) devices.push({ deviceId: s.deviceId, meanPpm: sum / n, minutes: n });
  });
  const low = quantile(pooled, LOW_QUANTILE);
  return { devices, low: Number.isFinite(low) ? low : null };
}

/** The segments of a steady plume from `src` along (ex, ey) at speed u, as puff records appended to `rec`. */
function plumeSegments(
  rec: Float64Array,
  at: number,
  src: TileSource,
  ex: number,
  ey: number,
  u: number,
  sv: number,
  cls: StabilityClass,
  reachM: number,
  qPerSecond: number,
): number {
  let n = at;
  for (let i = 0; i + 1 < AXIS_BREAKS_M.length && AXIS_BREAKS_M[i]! < reachM; i++) {
    const d0 = AXIS_BREAKS_M[i]!;
    const d1 = Math.min(AXIS_BREAKS_M[i + 1]!, reachM);
    const len = d1 - d0;
    const [sy0, sz0] = puffSigmas(d0 / u, d0, sv, cls);
    const [sy1, sz1] = puffSigmas(d1 / u, d1, sv, cls);
    const b = n * PUFF_STRIDE;
    rec[b] = src.x + ex * d0;
    rec[b + 1] = src.y + ey * d0;
    rec[b + 2] = src.z;
    rec[b + 3] = ex;
    rec[b + 4] = ey;
    rec[b + 5] = len;
    rec[b + 6] = sy0;
    rec[b + 7] = sy1;
    rec[b + 8] = sz0;
    rec[b + 9] = sz1;
    // The mass swept along the segment: Q·L/u (kg) in ppm·m³.
    rec[b + 10] = qPerSecond * (len / u);
    rec[b + 11] = 0;
    n++;
  }
  return n;
}

export function computeTile(inp: TileInput): TileResult {
  const { devices, low } = deviceStats(inp);
  const empty: TileResult = { meanPpm: null, modelledHours: 0, devices, lowQuantilePpm: low, evaluations: 0 };
  if (inp.steps.length === 0 || inp.sources.length === 0 || inp.sensors.length === 0) return empty;
  const { fw } = measuredWind({ ...inp, frameMinutes: [] });
  const receptors = gridReceptors(inp.grid);
  const R = receptors.length;
  const rxyz = new Float64Array(R * 3);
  receptors.forEach((r, i) => rxyz.set([r.x, r.y, r.z], i * 3));
  const density = ch4Density(0, inp.temperatureC);
  const kernel = puffKernel();
  const corners = [
    [inp.grid.west, inp.grid.south],
    [inp.grid.west, inp.grid.north],
    [inp.grid.east, inp.grid.south],
    [inp.grid.east, inp.grid.north],
  ] as const;
  const rec = new Float64Array(inp.sources.length * AXIS_BREAKS_M.length * PUFF_STRIDE);
  const sum = new Float64Array(R);
  const out = new Float64Array(R);
  let modelled = 0;
  let evaluations = 0;
  for (const step of inp.steps) {
    // The step's minutes are stamped start + 1 … start + 15 minutes (each covers the minute before).
    const k0 = Math.round((step.start - inp.wind.start) / MINUTE_MS) + 1;
    let ue = 0;
    let un = 0;
    let n = 0;
    for (let k = Math.max(0, k0); k < Math.min(fw.uE.length, k0 + 15); k++)
      if (Number.isFinite(fw.uE[k]!) && Number.isFinite(fw.uN[k]!)) {
        ue += fw.uE[k]!;
        un += fw.uN[k]!;
        n++;
      }
    if (n < 8) continue; // under half the step with wind: not modelled
    ue /= n;
    un /= n;
    const mid = Math.min(fw.uE.length - 1, Math.max(0, k0 + 7));
    const sigmaTheta = fw.sigmaTheta[mid]!;
    const cls = fw.stability[mid]! as StabilityClass;
    const speed = Math.hypot(ue, un);
    const u = Math.max(MIN_PLUME_WIND_MS, speed);
    const ex = speed > 1e-6 ? ue / speed : 1;
    const ey = speed > 1e-6 ? un / speed : 0;
    const sv = Math.max(0.1, u) * (Number.isFinite(sigmaTheta) ? sigmaTheta : 0.2);
    let puffs = 0;
    let anyRate = false;
    inp.sources.forEach((src, s) => {
      const rate = step.rates[s]!;
      if (!Number.isFinite(rate)) return;
      anyRate = true;
      if (!(rate > 0)) return;
      const reach = Math.min(
        u * TUNING.maxPuffAgeS,
        Math.max(...corners.map(([x, y]) => Math.hypot(x - src.x, y - src.y))) + TUNING.killBeyondM,
      );
      puffs = plumeSegments(rec, puffs, src, ex, ey, u, sv, cls, reach, ((rate / 3600) * 1e6) / density);
    });
    if (!anyRate) continue;
    modelled++;
    if (puffs === 0) continue;
    out.fill(0);
    evaluations += kernel.accumulate(rec, puffs, rxyz, R, 1, out);
    for (let r = 0; r < R; r++) sum[r] = sum[r]! + out[r]!;
  }
  if (modelled === 0) return empty;
  const meanPpm = new Float32Array(R);
  for (let r = 0; r < R; r++) meanPpm[r] = sum[r]! / modelled;
  return { meanPpm, modelledHours: (modelled * STEP_MS) / 3_600_000, devices, lowQuantilePpm: low, evaluations };
}
