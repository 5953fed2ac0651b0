// Stage E: localization and quantification in the 30-minute window centred on the step (modelling.md §1.6).
//
// Rows are informative (sensor, minute) samples, weighted by the wind weight and 1/σ (sensor noise plus a model
// floor); columns are the observable sources plus a free intercept (what the background left). Sparsity: every
// subset of ≤ 3 sources (greedy forward beyond 6 observable sources) is fitted by NNLS and scored by BIC with an
// effective sample size from the residuals' lag-1 autocorrelation (AR(1): rows are far from independent) and a
// strong-evidence surcharge per source; the subsets' BIC weights give each source's localization probability.
// Uncertainty: a physics ensemble (one footprint set per member, each re-selecting its subset) × a moving-block
// bootstrap over minutes; pooled draws → median, P5, P95, widened by one inflation factor.
import type { Footprints } from './footprint';
import { nnlsNormal } from './nnls';
import { quantile } from './stats';
import { TUNING } from './tuning';

export interface InversionInput {
  /** [sensor][t]! signed enhancement over the inversion window (T minutes), NaN where unusable. */
  enhancement: Float64Array[];
  /** Per window minute: wind weight (0 calm/missing). */
  minuteWeight: Float64Array;
  /** Per sensor noise σ (ppm). */
  noise: number[];
  /** Per window minute: the site spike mask. */
  spike: Uint8Array;
  /** Member 0 is nominal. */
  members: Footprints[];
  rng: () => number;
  /**
   * Sources (column indices) fitted in every quantification draw whatever the selections: those with an open emission.
   * Left out, their draws were 0 in the steps where no selection kept them, and the site rate read an emitting
   * source as 0 kg/h (7-day totals −10…−50 % on the development seeds, mostly in steps of detected releases).
   */
  include?: readonly number[];
}

export interface SourceEstimate {
  observable: boolean;
  /**
   * Pooled quantification draws (length D, aligned across sources), zeros when not observable: every member fits the
   * sources it selected plus those the nominal member selected, so a member whose perturbed wind misses the plume
   * does not count as "rate 0" (that pulled the median of weak releases to about half their rate).
   */
  draws: Float64Array;
  /** Pooled detection draws: each member fits only its own selection (a source must survive the ensemble's selections). */
  detectionDraws: Float64Array;
  rate: number;
  lower: number;
  upper: number;
  /** Largest rate the sensors could have missed (θ_det / P95 of the max footprint), kg/h. */
  detectionLimit: number;
  probability: number;
  /** P(q > 0.1 kg/h) over the draws. */
  pOn: number;
  /** The nominal member's fit on every row (no resampling), with the quantification's columns: diagnostics. */
  nominal: number;
}

export interface InversionResult {
  sources: SourceEstimate[];
  nDraws: number;
  rows: number;
  /** 1 − RSS/RSS₀ of the nominal selected model on the signal rows. */
  explained: number;
  spikeMinutes: number;
  selected: number[];
  /** The observable sources (columns) the selections chose among, and the nominal selection's residual sum. */
  candidates: number[];
  nominalRss: number;
  /** Nominal member: Σ over rows of (enhancement − intercept), and per source Σ of its footprint (diagnostics). */
  massY: number;
  massH: Float64Array;
}

interface Rows {
  r: Int32Array;
  t: Int32Array;
  w: Float64Array;
  y: Float64Array;
  n: number;
}

function buildRows(inp: Pick<InversionInput, 'enhancement' | 'minuteWeight' | 'noise'>): Rows {
  const R = inp.enhancement.length;
  const T = inp.minuteWeight.length;
  const r: number[] = [];
  const t: number[] = [];
  const w: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < R; i++) {
    const sd = Math.sqrt((Number.isFinite(inp.noise[i]!) ? inp.noise[i]! : 0.05) ** 2 + 0.03 ** 2);
    for (let k = 0; k < T; k++) {
      const e = inp.enhancement[i]![k]!;
      const mw = inp.minuteWeight[k]!;
      if (!Number.isFinite(e) || !(mw > 0)) continue;
      r.push(i);
      t.push(k);
      w.push(Math.sqrt(mw) / sd);
      y.push(e);
    }
  }
  return {
    r: Int32Array.from(r),
    t: Int32Array.from(t),
    w: Float64Array.from(w),
    y: Float64Array.from(y),
    n: r.length,
  };
}

/** Normal equations over columns [sources in `cols`..., intercept] for the given row multiset (counts per row). */
function normal(rows: Rows, f: Footprints, cols: number[], counts: Float64Array | null) {
  const n = cols.length + 1;
  const ata = new Float64Array(n * n);
  const atb = new Float64Array(n);
  let btb = 0;
  const a = new Float64Array(n);
  for (let q = 0; q < rows.n; q++) {
    const c = counts ? counts[q]! : 1;
    if (c === 0) continue;
    const w = rows.w[q]!;
    for (let j = 0; j < cols.length; j++) a[j]! = f.h[(cols[j]! * f.R + rows.r[q]!) * f.T + rows.t[q]!]! * w;
    a[n - 1]! = w;
    const b = rows.y[q]! * w;
    btb += c * b * b;
    for (let j = 0; j < n; j++) {
      atb[j]! += c * a[j]! * b;
      for (let k = 0; k < n; k++) ata[j * n + k]! += c * a[j]! * a[k]!;
    }
  }
  return { ata, atb, btb, n };
}

function sub(ne: ReturnType<typeof normal>, pick: number[]) {
  const n = pick.length;
  const ata = new Float64Array(n * n);
  const atb = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    atb[j]! = ne.atb[pick[j]!]!;
    for (let k = 0; k < n; k++) ata[j * n + k]! = ne.ata[pick[j]! * ne.n + pick[k]!]!;
  }
  return { ata, atb, btb: ne.btb, n };
}

function freeLast(n: number): boolean[] {
  const f = new Array<boolean>(n).fill(false);
  f[n - 1]! = true;
  return f;
}

function subsets(k: number, maxSize: number): number[][] {
  const out: number[][] = [[]];
  const rec = (start: number, cur: number[]) => {
    for (let j = start; j < k; j++) {
      const next = [...cur, j];
      out.push(next);
      if (next.length < maxSize) rec(j + 1, next);
    }
  };
  rec(0, []);
  return out;
}

/** Lag-1 autocorrelation of the residuals within each sensor's run of minutes → effective sample size. */
function effectiveN(rows: Rows, f: Footprints, cols: number[], x: Float64Array): number {
  const res = new Float64Array(rows.n);
  for (let q = 0; q < rows.n; q++) {
    let pred = x[cols.length]!;
    for (let j = 0; j < cols.length; j++) pred += x[j]! * f.h[(cols[j]! * f.R + rows.r[q]!) * f.T + rows.t[q]!]!;
    res[q]! = (rows.y[q]! - pred) * rows.w[q]!;
  }
  let num = 0;
  let den = 0;
  for (let q = 0; q < rows.n; q++) {
    den += res[q]! * res[q]!;
    if (q > 0 && rows.r[q]! === rows.r[q - 1]! && rows.t[q]! === rows.t[q - 1]! + 1) num += res[q]! * res[q - 1]!;
  }
  const rho = den > 0 ? Math.min(0.97, Math.max(0, num / den)) : 0;
  return Math.max(4, (rows.n * (1 - rho)) / (1 + rho));
}

interface Selection {
  cols: number[];
  x: Float64Array;
  rss: number;
  probability: Float64Array;
}

/** Best subset by BIC (all subsets ≤ 3 when ≤ 6 candidates, else greedy forward), and BIC-weight probabilities. */
function select(rows: Rows, f: Footprints, candidates: number[]): Selection {
  const S = f.S;
  const ne = normal(rows, f, candidates, null);
  const icpt = candidates.length;
  const full = nnlsNormal(ne.ata, ne.atb, ne.btb, ne.n, freeLast(ne.n));
  const neff = effectiveN(rows, f, candidates, full.x);
  const penalty = Math.log(neff) + TUNING.bicPerSource;
  const score = (rss: number, k: number) => neff * Math.log(Math.max(rss, 1e-12) / rows.n) + k * penalty;
  const fits: { set: number[]; x: Float64Array; rss: number; bic: number }[] = [];
  const fit = (set: number[]) => {
    const sn = sub(ne, [...set, icpt]);
    const r = nnlsNormal(sn.ata, sn.atb, sn.btb, sn.n, freeLast(sn.n));
    const nz = set.filter((_, j) => r.x[j]! > 0).length;
    const entry = { set, x: r.x, rss: r.rss, bic: score(r.rss, nz) };
    fits.push(entry);
    return entry;
  };
  if (candidates.length <= 6) {
    for (const s of subsets(candidates.length, Math.min(3, candidates.length))) fit(s);
  } else {
    let cur = fit([]);
    for (let step = 0; step < 3; step++) {
      let best = cur;
      for (let j = 0; j < candidates.length; j++) {
        if (cur.set.includes(j)) continue;
        const e = fit([...cur.set, j].sort((a, b) => a - b));
        if (e.bic < best.bic) best = e;
      }
      if (best === cur) break;
      cur = best;
    }
  }
  let best = fits[0]!;
  for (const e of fits) if (e.bic < best.bic) best = e;
  const probability = new Float64Array(S);
  let total = 0;
  for (const e of fits) total += Math.exp(-(e.bic - best.bic) / 2);
  for (const e of fits) {
    const wgt = Math.exp(-(e.bic - best.bic) / 2) / total;
    e.set.forEach((j, idx) => {
      if (e.x[idx]! > 0) probability[candidates[j]!]! += wgt;
    });
  }
  const cols = best.set.map((j) => candidates[j]!);
  return { cols, x: best.x, rss: best.rss, probability };
}

export function invert(inp: InversionInput): InversionResult {
  const nominal = inp.members[0]!;
  const S = nominal.S;
  const T = nominal.T;
  const rows = buildRows(inp);
  let spikeMinutes = 0;
  for (let k = 0; k < inp.spike.length; k++) spikeMinutes += inp.spike[k]!;
  // Information mask: P95 over informative minutes of the max footprint over sensors.
  const detectionLimit = new Array<number>(S).fill(TUNING.maxUpperKgH);
  const observable = new Array<boolean>(S).fill(false);
  for (let s = 0; s < S; s++) {
    const mx: number[] = [];
    for (let t = 0; t < T; t++) {
      if (!(inp.minuteWeight[t]! > 0)) continue;
      let m = 0;
      for (let r = 0; r < nominal.R; r++) {
        if (!Number.isFinite(inp.enhancement[r]![t]!)) continue;
        m = Math.max(m, nominal.h[(s * nominal.R + r) * T + t]!);
      }
      mx.push(m);
    }
    mx.sort((a, b) => a - b);
    const p95 = mx.length >= 5 ? quantile(mx, 0.95) : 0;
    observable[s]! = p95 * TUNING.qRefKgH >= TUNING.thetaDetPpm;
    detectionLimit[s]! = p95 > 0 ? Math.min(TUNING.maxUpperKgH, TUNING.thetaDetPpm / p95) : TUNING.maxUpperKgH;
  }
  const candidates = [...Array(S).keys()].filter((s) => observable[s]!);
  const D = inp.members.length * TUNING.bootstrapPerMember;
  const draws = Array.from({ length: S }, () => new Float64Array(D));
  const detectionDraws = Array.from({ length: S }, () => new Float64Array(D));
  let explained = 0;
  let probability: Float64Array = new Float64Array(S);
  let selected: number[] = [];
  let nominalRss = Number.NaN;
  const nominalFit = new Float64Array(S);
  let massY = 0;
  const massH = new Float64Array(S);
  if (candidates.length > 0 && rows.n >= 10) {
    let d = 0;
    const fq = TUNING.quantifyOnEnsembleMean ? meanFootprint(inp.members) : null;
    inp.members.forEach((f, m) => {
      const sel = select(rows, f, candidates);
      if (m === 0) {
        probability = sel.probability;
        selected = sel.cols;
        nominalRss = sel.rss;
        explained = explainedOnSignal(rows, f, sel, inp.noise);
        const c = sel.x[sel.cols.length]!;
        for (let q = 0; q < rows.n; q++) {
          massY += rows.y[q]! - c;
          for (let s = 0; s < S; s++) massH[s]! += f.h[(s * f.R + rows.r[q]!) * f.T + rows.t[q]!]!;
        }
      }
      const cols = sel.cols;
      const forced = (inp.include ?? []).filter((s) => observable[s]!);
      const quantCols = [...new Set([...cols, ...selected, ...forced])].sort((a, b) => a - b);
      const sameCols = quantCols.length === cols.length && fq === null;
      const qf = fq ?? f;
      if (m === 0 && quantCols.length > 0) {
        const ne = normal(rows, qf, quantCols, null);
        const r = nnlsNormal(ne.ata, ne.atb, ne.btb, ne.n, freeLast(ne.n));
        quantCols.forEach((s, j) => (nominalFit[s]! = r.x[j]!));
      }
      const blocks = Math.max(1, Math.round(T / TUNING.blockMinutes));
      const counts = new Float64Array(rows.n);
      const byMinute = new Float64Array(T);
      for (let b = 0; b < TUNING.bootstrapPerMember; b++, d++) {
        if (quantCols.length === 0) continue;
        byMinute.fill(0);
        for (let k = 0; k < blocks; k++) {
          const start = Math.floor(inp.rng() * Math.max(1, T - TUNING.blockMinutes + 1));
          for (let t = start; t < Math.min(T, start + TUNING.blockMinutes); t++) byMinute[t]!++;
        }
        for (let q = 0; q < rows.n; q++) counts[q]! = byMinute[rows.t[q]!]!;
        if (cols.length > 0) {
          const ne = normal(rows, f, cols, counts);
          const r = nnlsNormal(ne.ata, ne.atb, ne.btb, ne.n, freeLast(ne.n));
          cols.forEach((s, j) => (detectionDraws[s]![d]! = r.x[j]!));
          if (sameCols) cols.forEach((s, j) => (draws[s]![d]! = r.x[j]!));
        }
        if (!sameCols) {
          const ne = normal(rows, qf, quantCols, counts);
          const r = nnlsNormal(ne.ata, ne.atb, ne.btb, ne.n, freeLast(ne.n));
          quantCols.forEach((s, j) => (draws[s]![d]! = r.x[j]!));
        }
      }
    });
  }
  const sources: SourceEstimate[] = [];
  for (let s = 0; s < S; s++) {
    const sorted = Float64Array.from(draws[s]!).sort();
    let pOn = 0;
    for (let d = 0; d < D; d++) if (detectionDraws[s]![d]! > TUNING.onRateKgH) pOn++;
    pOn /= Math.max(1, D);
    const b = widen(quantile(sorted, 0.5), quantile(sorted, 0.05), quantile(sorted, 0.95));
    if (!observable[s]!) {
      sources.push({
        observable: false,
        draws: draws[s]!,
        detectionDraws: detectionDraws[s]!,
        rate: 0,
        lower: 0,
        upper: detectionLimit[s]!,
        detectionLimit: detectionLimit[s]!,
        probability: 0,
        pOn: 0,
        nominal: 0,
      });
    } else {
      sources.push({
        observable: true,
        draws: draws[s]!,
        detectionDraws: detectionDraws[s]!,
        ...b,
        upper: Math.max(b.upper, b.rate > 0 ? 0 : detectionLimit[s]!),
        detectionLimit: detectionLimit[s]!,
        probability: probability[s]!,
        pOn,
        nominal: nominalFit[s]!,
      });
    }
  }
  return {
    sources,
    nDraws: D,
    rows: rows.n,
    explained,
    spikeMinutes,
    selected,
    candidates,
    nominalRss,
    massY,
    massH,
  };
}

/**
 * Residual sum of squares of the best subset (by BIC, as the selections choose) on one footprint set: how well a
 * turned wind explains the window (direction-offset.ts). NaN when there is too little to fit.
 */
export function bestFitRss(
  inp: Pick<InversionInput, 'enhancement' | 'minuteWeight' | 'noise'>,
  f: Footprints,
  candidates: readonly number[],
): number {
  const rows = buildRows(inp);
  if (candidates.length === 0 || rows.n < 10) return Number.NaN;
  return select(rows, f, [...candidates]).rss;
}

/** The members' mean footprint: the expected footprint over the ensemble's wind and dispersion errors. */
function meanFootprint(members: Footprints[]): Footprints {
  const f0 = members[0]!;
  const h = new Float64Array(f0.h.length);
  for (const f of members) for (let i = 0; i < h.length; i++) h[i]! += f.h[i]! / members.length;
  return { ...f0, h };
}

/** z of the 5th/95th percentiles of a normal distribution. */
const Z90 = 1.6448536;

/**
 * Median and P5/P95 of the draws, the sampling spread widened by the calibrated inflation factor, then combined in
 * log space with the forward model's own error (a log-normal factor of σ = TUNING.modelErrorLogSd): the draws express
 * resampling and wind noise, not how far the puff model is from the real plume, so without it the bounds were too
 * narrow wherever the bootstrap agreed with itself.
 */
export function widen(rate: number, p5: number, p95: number): { rate: number; lower: number; upper: number } {
  if (!Number.isFinite(rate)) return { rate: 0, lower: 0, upper: 0 };
  const k = TUNING.intervalInflation;
  const lower = Math.max(0, rate - k * (rate - p5));
  const upper = rate + k * (p95 - rate);
  if (!(rate > 0)) return { rate, lower: 0, upper };
  const m = (Z90 * TUNING.modelErrorLogSd) ** 2;
  const up = Math.log(Math.max(upper, rate) / rate);
  return {
    rate,
    lower: lower > 0 ? rate * Math.exp(-Math.sqrt(Math.log(rate / Math.min(lower, rate)) ** 2 + m)) : 0,
    upper: rate * Math.exp(Math.sqrt(up * up + m)),
  };
}

/**
 * Share of the enhancement's variance (above the intercept) that the selected sources explain, on the rows where
 * either the data or the fit shows a signal: a plume no on-site source can produce (off-site) explains little.
 */
function explainedOnSignal(rows: Rows, f: Footprints, sel: Selection, noise: number[]): number {
  const c = sel.x[sel.cols.length]!;
  let ss = 0;
  let rs = 0;
  for (let q = 0; q < rows.n; q++) {
    let pred = 0;
    for (let j = 0; j < sel.cols.length; j++)
      pred += sel.x[j]! * f.h[(sel.cols[j]! * f.R + rows.r[q]!) * f.T + rows.t[q]!]!;
    const y = rows.y[q]! - c;
    const thr = Math.max(TUNING.spikeMinPpm, 3 * (noise[rows.r[q]!]! || 0.05));
    if (y < thr && pred < thr) continue;
    ss += y * y;
    rs += (y - pred) * (y - pred);
  }
  return ss > 0 ? Math.max(0, 1 - rs / ss) : 0;
}
