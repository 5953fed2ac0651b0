// The scorer (modelling.md §2.5): pure, fed with truth and with what a method reported; the same code scores the
// console's pipeline (read back through its API) and the DLQ port. A metric that cannot be computed is null.
import type { Release } from '../truth/types';
import {
  matchReports,
  meanTrueRate,
  nearRelease,
  overlapMs,
  PAD_MS,
  reportEnd,
  unionLength,
  type Report,
} from './match';
import { estimateDl90, mean, median, quantile, share, type LogisticFit } from './stats';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
export const WINDOW_MS = 30 * MIN;
export const TOTAL_BLOCK_MS = 30 * DAY;
export const STEP_MS = 15 * MIN;

export const POD_BINS: readonly [number, number][] = [
  [0.1, 0.3],
  [0.3, 1],
  [1, 3],
  [3, 10],
  [10, 50],
];
export const QUANT_BINS: readonly { key: string; lo: number; hi: number }[] = [
  { key: 'lt_1', lo: 0, hi: 1 },
  { key: '1_10', lo: 1, hi: 10 },
  { key: 'gt_10', lo: 10, hi: Infinity },
];

export interface SiteRun {
  /** e.g. 'metec seed 1'. */
  label: string;
  start: number;
  end: number;
  sources: { key: string; group: string }[];
  releases: Release[];
  reports: Report[];
  /** Modelled 15-min site rates (kg/h, `time` = step start); null: the method has none, totals come from reports. */
  siteRates: { time: number; rate: number }[] | null;
}

export interface ScoreInput {
  sites: SiteRun[];
  /** CPU seconds the method spent over all sites; null when not measured. */
  cpuSeconds: number | null;
  bootstrapN?: number;
  bootstrapSeed?: number;
}

/** The keys of issue item 7, in its order. */
export const METRIC_KEYS = [
  'dl90_kgh',
  'pod_ge_1kgh',
  'fp_share',
  'fp_per_quiet_site_day',
  'loc_source',
  'loc_group',
  'all_sources_correct',
  'within_x2_ge_1kgh',
  'mean_rel_err_ge_1kgh',
  'mean_rel_err_lt_1kgh',
  'interval_coverage',
  'ttd_median_min',
  'ttd_p90_min',
  'total_30d_within_20pct',
  'cpu_s_per_site_hour',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type Metrics = Record<MetricKey, number | null>;

export interface QuantPoint {
  trueKgH: number;
  estKgH: number;
  lowerKgH: number | null;
  upperKgH: number | null;
}

export interface ScoreDetail {
  /** Bootstrap 95 % interval; an upper end beyond twice the largest release is open (null). */
  dl90_ci_kgh: [number, number | null] | null;
  dl90_note: string | null;
  logistic: LogisticFit | null;
  pod_by_bin: { lo: number; hi: number; releases: number; detected: number; pod: number | null }[];
  /**
   * Time-only matching lets a method with long reports "detect" everything; these count a release as detected only
   * when a matching report names a source of the release's equipment group.
   */
  pod_group_ge_1kgh: number | null;
  dl90_group_kgh: number | null;
  tp_reports: number;
  fp_reports: number;
  /** TP reports whose rate was not a finite number (left out of quantification). */
  non_finite_estimates: number;
  quiet_site_days: number;
  /** loc_group over TP reports whose release ran alone (no other source releasing at any time of it). */
  loc_group_single_source: number | null;
  loc_group_multi_source: number | null;
  all_sources_windows: number;
  rel_err_by_bin: {
    key: string;
    n: number;
    mean: number | null;
    median: number | null;
    p5: number | null;
    p95: number | null;
  }[];
  within_x2_all: number | null;
  rms_log10: number | null;
  ttd_all_median_min: number | null;
  ttd_all_p90_min: number | null;
  ttd_releases_ge_3kgh: number;
  totals: { site: string; blockStart: string; trueKg: number; modelledKg: number; error: number | null }[];
  mean_rate_quiet_kgh: number | null;
  site_hours: number;
  /** Points for the plots: (true, detected) per release and (true, estimate) per TP report. */
  releases_points: { rateKgH: number; detected: boolean }[];
  quant_points: QuantPoint[];
}

export interface Score {
  metrics: Metrics;
  releases: number;
  reports: number;
  detail: ScoreDetail;
}

const inBin = (q: number, lo: number, hi: number) => q >= lo && q < hi;

/** Modelled volume (kg) in [t0, t1): from 15-min site rates when the method has them, else from its reports. */
function modelledVolume(site: SiteRun, t0: number, t1: number): number {
  if (site.siteRates) {
    let kg = 0;
    for (const p of site.siteRates)
      if (Number.isFinite(p.rate)) kg += p.rate * (overlapMs(t0, t1, p.time, p.time + STEP_MS) / HOUR);
    return kg;
  }
  let kg = 0;
  for (const r of site.reports)
    if (Number.isFinite(r.rateKgH)) kg += r.rateKgH * (overlapMs(t0, t1, r.start, reportEnd(r, site.end)) / HOUR);
  return kg;
}

function trueVolume(releases: readonly Release[], t0: number, t1: number): number {
  let kg = 0;
  for (const rel of releases) kg += rel.rateKgH * (overlapMs(t0, t1, rel.start, rel.end) / HOUR);
  return kg;
}

export function score(input: ScoreInput): Score {
  const releasePoints: { rateKgH: number; detected: boolean }[] = [];
  const groupDetected: { rateKgH: number; detected: boolean }[] = [];
  const quant: QuantPoint[] = [];
  const locSource: boolean[] = [];
  const locGroup: boolean[] = [];
  const locGroupMulti: boolean[] = [];
  const locGroupSingle: boolean[] = [];
  const windows: boolean[] = [];
  const ttdAll: number[] = [];
  const ttdBig: number[] = [];
  const totals: ScoreDetail['totals'] = [];
  let tp = 0;
  let fp = 0;
  let fpQuiet = 0;
  let quietMs = 0;
  let siteMs = 0;
  let quietRateKg = 0;
  let nonFinite = 0;

  for (const site of input.sites) {
    siteMs += site.end - site.start;
    const groupOf = new Map(site.sources.map((s) => [s.key, s.group]));
    const { assigned, detected, matchingReports } = matchReports(site.reports, site.releases, site.end);

    site.releases.forEach((rel, i) => {
      releasePoints.push({ rateKgH: rel.rateKgH, detected: detected[i]! });
      const group = groupOf.get(rel.sourceKey);
      groupDetected.push({
        rateKgH: rel.rateKgH,
        detected: matchingReports[i]!.some((r) => r.sourceKey !== null && groupOf.get(r.sourceKey) === group),
      });
      if (!detected[i]) return;
      const seen = matchingReports[i]!.map((r) => r.firstSeenAt).filter((t): t is number => t !== null);
      if (seen.length === 0) return;
      // A report already open before the release started was seen "at once"; never a negative delay.
      const ttd = Math.max(0, Math.min(...seen) - rel.start) / MIN;
      ttdAll.push(ttd);
      if (rel.rateKgH >= 3) ttdBig.push(ttd);
    });

    site.reports.forEach((r, i) => {
      const rel = assigned[i];
      if (!rel) {
        fp++;
        if (!nearRelease(site.releases, r.start)) fpQuiet++;
        return;
      }
      tp++;
      locSource.push(r.sourceKey === rel.sourceKey);
      const sameGroup = r.sourceKey !== null && groupOf.get(r.sourceKey) === groupOf.get(rel.sourceKey);
      locGroup.push(sameGroup);
      const multi = site.releases.some(
        (o) => o !== rel && o.sourceKey !== rel.sourceKey && o.start < rel.end && o.end > rel.start,
      );
      (multi ? locGroupMulti : locGroupSingle).push(sameGroup);
      const t0 = Math.max(r.start, rel.start);
      const t1 = Math.min(reportEnd(r, site.end), rel.end);
      // A report that only touches the padding has no overlap to average over: compare with the release's rate.
      const truth = t1 > t0 ? meanTrueRate(site.releases, rel.sourceKey, t0, t1) : rel.rateKgH;
      // A non-finite estimate still counts as a detection but cannot be scored for its rate.
      if (!Number.isFinite(r.rateKgH)) nonFinite++;
      else if (truth > 0) quant.push({ trueKgH: truth, estKgH: r.rateKgH, lowerKgH: r.lowerKgH, upperKgH: r.upperKgH });
    });

    // Release-free time: nothing on site within ±30 min.
    const busy = unionLength(
      site.releases.map((rel) => [rel.start - PAD_MS, rel.end + PAD_MS] as [number, number]),
      site.start,
      site.end,
    );
    const quiet = site.end - site.start - busy;
    quietMs += quiet;
    if (quiet > 0) {
      // Modelled volume over quiet 15-min steps, to give the mean modelled rate where the truth is zero.
      for (let t = site.start; t < site.end; t += STEP_MS) {
        if (!nearRelease(site.releases, t) && !nearRelease(site.releases, t + STEP_MS - 1))
          quietRateKg += modelledVolume(site, t, t + STEP_MS);
      }
    }

    // All-sources-correct over 30-min windows holding at least one true release.
    for (let w = site.start; w < site.end; w += WINDOW_MS) {
      const we = w + WINDOW_MS;
      const trueOn = new Set(site.releases.filter((rel) => rel.start < we && rel.end > w).map((rel) => rel.sourceKey));
      if (trueOn.size === 0) continue;
      const reportedOn = new Set(
        site.reports
          .filter((r) => r.sourceKey !== null && r.start < we && reportEnd(r, site.end) > w)
          .map((r) => r.sourceKey!),
      );
      windows.push(site.sources.every((s) => trueOn.has(s.key) === reportedOn.has(s.key)));
    }

    for (let b = site.start; b < site.end; b += TOTAL_BLOCK_MS) {
      const be = Math.min(site.end, b + TOTAL_BLOCK_MS);
      const trueKg = trueVolume(site.releases, b, be);
      const modelledKg = modelledVolume(site, b, be);
      totals.push({
        site: site.label,
        blockStart: new Date(b).toISOString(),
        trueKg,
        modelledKg,
        error: trueKg > 0 ? (modelledKg - trueKg) / trueKg : null,
      });
    }
  }

  const dl = estimateDl90(
    releasePoints.map((p) => p.rateKgH),
    releasePoints.map((p) => p.detected),
    input.bootstrapN ?? 1000,
    input.bootstrapSeed ?? 1,
  );
  const relErr = (p: QuantPoint) => (p.estKgH - p.trueKgH) / p.trueKgH;
  const within2 = (p: QuantPoint) => p.estKgH >= 0.5 * p.trueKgH && p.estKgH <= 2 * p.trueKgH;
  const ge1 = quant.filter((p) => p.trueKgH >= 1);
  const lt1 = quant.filter((p) => p.trueKgH < 1);
  const withBounds = quant.filter((p) => p.lowerKgH !== null && p.upperKgH !== null);
  const logs = quant.filter((p) => p.estKgH > 0).map((p) => Math.log10(p.estKgH / p.trueKgH) ** 2);
  const siteHours = siteMs / HOUR;
  const quietDays = quietMs / DAY;
  const finiteTotals = totals.filter((t) => t.error !== null);
  const reports = tp + fp;

  // A DL90 far beyond the largest release tested is an extrapolation of the fit, not a measurement: leave it null
  // and say so; an interval end past that range is likewise open (null).
  const maxQ = releasePoints.reduce((m, p) => Math.max(m, p.rateKgH), 0);
  const inRange = (v: number | null) => (v !== null && v <= 2 * maxQ ? v : null);
  const dl90Value = inRange(dl.dl90);
  const dl90Note =
    dl.dl90 !== null && dl90Value === null
      ? `beyond the tested range: the fit reaches POD 0.9 only at ${dl.dl90.toPrecision(3)} kg/h (largest release ${maxQ.toPrecision(3)} kg/h)`
      : dl.fit === null && releasePoints.length > 0
        ? releasePoints.every((p) => p.detected)
          ? 'every release detected: no finite logistic fit'
          : 'no finite logistic fit (separated or one-sided data)'
        : null;
  const metrics: Metrics = {
    dl90_kgh: dl90Value,
    pod_ge_1kgh: share(
      releasePoints.filter((p) => p.rateKgH >= 1),
      (p) => p.detected,
    ),
    fp_share: reports > 0 ? fp / reports : null,
    fp_per_quiet_site_day: quietDays > 0 ? fpQuiet / quietDays : null,
    loc_source: share(locSource, (v) => v),
    loc_group: share(locGroup, (v) => v),
    all_sources_correct: share(windows, (v) => v),
    within_x2_ge_1kgh: share(ge1, within2),
    mean_rel_err_ge_1kgh: mean(ge1.map(relErr)),
    mean_rel_err_lt_1kgh: mean(lt1.map(relErr)),
    interval_coverage: share(withBounds, (p) => p.lowerKgH! <= p.trueKgH && p.trueKgH <= p.upperKgH!),
    ttd_median_min: median(ttdBig),
    ttd_p90_min: quantile(ttdBig, 0.9),
    total_30d_within_20pct: share(finiteTotals, (t) => Math.abs(t.error!) <= 0.2),
    cpu_s_per_site_hour: input.cpuSeconds !== null && siteHours > 0 ? input.cpuSeconds / siteHours : null,
  };

  const detail: ScoreDetail = {
    dl90_ci_kgh: dl.ci && dl90Value !== null ? [dl.ci[0], inRange(dl.ci[1])] : null,
    dl90_note: dl90Note,
    logistic: dl.fit,
    pod_by_bin: POD_BINS.map(([lo, hi]) => {
      const inside = releasePoints.filter((p) => inBin(p.rateKgH, lo, hi));
      const det = inside.filter((p) => p.detected).length;
      return { lo, hi, releases: inside.length, detected: det, pod: inside.length ? det / inside.length : null };
    }),
    pod_group_ge_1kgh: share(
      groupDetected.filter((p) => p.rateKgH >= 1),
      (p) => p.detected,
    ),
    dl90_group_kgh: inRange(
      estimateDl90(
        groupDetected.map((p) => p.rateKgH),
        groupDetected.map((p) => p.detected),
        0,
      ).dl90,
    ),
    tp_reports: tp,
    fp_reports: fp,
    non_finite_estimates: nonFinite,
    quiet_site_days: quietDays,
    loc_group_single_source: share(locGroupSingle, (v) => v),
    loc_group_multi_source: share(locGroupMulti, (v) => v),
    all_sources_windows: windows.length,
    rel_err_by_bin: QUANT_BINS.map(({ key, lo, hi }) => {
      const errs = quant.filter((p) => inBin(p.trueKgH, lo, hi)).map(relErr);
      return {
        key,
        n: errs.length,
        mean: mean(errs),
        median: median(errs),
        p5: quantile(errs, 0.05),
        p95: quantile(errs, 0.95),
      };
    }),
    within_x2_all: share(quant, within2),
    rms_log10: logs.length ? Math.sqrt(mean(logs)!) : null,
    ttd_all_median_min: median(ttdAll),
    ttd_all_p90_min: quantile(ttdAll, 0.9),
    ttd_releases_ge_3kgh: ttdBig.length,
    totals,
    mean_rate_quiet_kgh: quietMs > 0 ? quietRateKg / (quietMs / HOUR) : null,
    site_hours: siteHours,
    releases_points: releasePoints,
    quant_points: quant,
  };
  return { metrics, releases: releasePoints.length, reports, detail };
}

/** The row of a method that could not run (e.g. no pipeline in this console): every metric null, with why. */
export function emptyMetrics(): Metrics {
  return Object.fromEntries(METRIC_KEYS.map((k) => [k, null])) as Metrics;
}
