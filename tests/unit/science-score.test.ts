// The benchmark scorer (bench/science): matching, the logistic DL90 and its bootstrap, and each metric on
// constructed cases with known answers.
import { describe, expect, it } from 'vitest';
import type { Release } from '../../bench/truth/types';
import { matchReports, type Report } from '../../bench/science/match';
import { score, type SiteRun } from '../../bench/science/score';
import { dl90, estimateDl90, fitLogistic, quantile, seededRandom } from '../../bench/science/stats';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 1);

const rel = (id: string, sourceKey: string, startH: number, endH: number, rateKgH: number): Release => ({
  id,
  sourceKey,
  start: T0 + startH * HOUR,
  end: T0 + endH * HOUR,
  rateKgH,
});
const rep = (
  id: string,
  sourceKey: string | null,
  startH: number,
  endH: number | null,
  rateKgH: number,
  bounds: [number, number] | null = null,
  seenH: number | null = null,
): Report => ({
  id,
  sourceKey,
  start: T0 + startH * HOUR,
  end: endH === null ? null : T0 + endH * HOUR,
  rateKgH,
  lowerKgH: bounds?.[0] ?? null,
  upperKgH: bounds?.[1] ?? null,
  firstSeenAt: seenH === null ? null : T0 + seenH * HOUR,
});
const SOURCES = [
  { key: 'S1', group: 'G1' },
  { key: 'S2', group: 'G1' },
  { key: 'S3', group: 'G2' },
];
const site = (releases: Release[], reports: Report[], days = 1, siteRates: SiteRun['siteRates'] = null): SiteRun => ({
  label: 'test',
  start: T0,
  end: T0 + days * DAY,
  sources: SOURCES,
  releases,
  reports,
  siteRates,
});

describe('matching', () => {
  it('pads releases by 30 minutes each side', () => {
    const r = [rel('a', 'S1', 2, 3, 1)];
    // Starts 29 min after the release ended: matches. Starts 31 min after: does not.
    expect(matchReports([rep('x', 'S1', 3 + 29 / 60, 4, 1)], r, T0 + DAY).assigned[0]).toBe(r[0]);
    expect(matchReports([rep('x', 'S1', 3 + 31 / 60, 4, 1)], r, T0 + DAY).assigned[0]).toBeNull();
    // Ends 29 min before the release starts: matches.
    expect(matchReports([rep('x', 'S1', 1, 2 - 29 / 60, 1)], r, T0 + DAY).detected).toEqual([true]);
  });

  it('counts a report over two releases once, for the one with the larger overlapping volume; both releases are detected', () => {
    const r = [rel('small', 'S1', 0, 4, 1), rel('big', 'S3', 3, 5, 10)];
    const m = matchReports([rep('x', 'S1', 2, 6, 2)], r, T0 + DAY);
    expect(m.assigned[0]?.id).toBe('big');
    expect(m.detected).toEqual([true, true]);
    const s = score({ sites: [site(r, [rep('x', 'S1', 2, 6, 2)])], cpuSeconds: null });
    expect(s.detail.tp_reports).toBe(1);
    expect(s.detail.fp_reports).toBe(0);
    expect(s.releases).toBe(2);
    expect(s.reports).toBe(1);
    // Only the 1 kg/h release (S1, group G1) had a report naming its group.
    expect(s.detail.pod_group_ge_1kgh).toBe(0.5);
  });

  it('ends an open emission at the end of the run', () => {
    const r = [rel('late', 'S2', 20, 23, 1)];
    const open = rep('x', 'S2', 10, null, 1);
    expect(matchReports([open], r, T0 + DAY).assigned[0]?.id).toBe('late');
    // With the run ending before the release, the open report cannot reach it.
    expect(matchReports([open], r, T0 + 12 * HOUR).assigned[0]).toBeNull();
  });
});

describe('logistic fit and DL90', () => {
  it('recovers a known DL90 from a dataset built on its curve', () => {
    // POD(Q) = 1 / (1 + exp(-(b0 + b1 ln Q))) with b0 = -1, b1 = 2: DL90 = exp((ln 9 + 1) / 2) ≈ 4.953.
    const b0 = -1;
    const b1 = 2;
    const rates: number[] = [];
    const detected: boolean[] = [];
    // Exact expected counts per rate level (1000 trials per level): the MLE equals the generating coefficients closely.
    for (const q of [0.2, 0.5, 1, 2, 5, 10, 20]) {
      const p = 1 / (1 + Math.exp(-(b0 + b1 * Math.log(q))));
      const hits = Math.round(p * 1000);
      for (let i = 0; i < 1000; i++) {
        rates.push(q);
        detected.push(i < hits);
      }
    }
    const fit = fitLogistic(
      rates.map(Math.log),
      detected.map((d) => (d ? 1 : 0)),
    )!;
    expect(fit.b0).toBeCloseTo(b0, 2);
    expect(fit.b1).toBeCloseTo(b1, 2);
    expect(dl90(fit)).toBeCloseTo(Math.exp((Math.log(9) + 1) / 2), 1);
  });

  it('gives no DL90 when every release is detected (separation), rather than a fake number', () => {
    expect(fitLogistic([0, 1, 2], [1, 1, 1])).toBeNull();
    expect(fitLogistic([0, 1, 2, 3], [0, 0, 1, 1])).toBeNull();
    expect(estimateDl90([1, 2, 3], [true, true, true], 50).dl90).toBeNull();
  });

  it('bootstraps reproducibly for a seed, and differently for another', () => {
    const rand = seededRandom(7);
    const rates = Array.from({ length: 200 }, () => Math.exp(Math.log(0.1) + rand() * Math.log(500)));
    const detected = rates.map((q) => rand() < 1 / (1 + Math.exp(-(-1 + 1.5 * Math.log(q)))));
    const a = estimateDl90(rates, detected, 200, 42);
    const b = estimateDl90(rates, detected, 200, 42);
    const c = estimateDl90(rates, detected, 200, 43);
    expect(a.ci).not.toBeNull();
    expect(a.ci).toEqual(b.ci);
    expect(a.ci).not.toEqual(c.ci);
    expect(a.ci![0]).toBeLessThan(a.dl90!);
    expect(a.ci![1]).toBeGreaterThan(a.dl90!);
  });

  it('leaves DL90 null with a note when POD 0.9 lies beyond the tested rates, or when everything was detected', () => {
    // Releases 2 h apart so the 30-min padding never joins two of them.
    const releases = [
      ...Array.from({ length: 10 }, (_, i) => rel(`s${i}`, 'S1', 2 * i, 2 * i + 0.5, 1)),
      ...Array.from({ length: 10 }, (_, i) => rel(`b${i}`, 'S1', 24 + 2 * i, 24.5 + 2 * i, 50)),
    ];
    // One small and three of the 50 kg/h releases get a report: POD 0.3 at the largest rate.
    const reports = [
      rep('s', 'S1', 0, 0.5, 1),
      ...[0, 1, 2].map((i) => rep(`x${i}`, 'S1', 24 + 2 * i, 24.5 + 2 * i, 50)),
    ];
    const beyond = score({ sites: [site(releases, reports, 2)], cpuSeconds: null, bootstrapN: 50 });
    expect(beyond.metrics.dl90_kgh).toBeNull();
    expect(beyond.detail.dl90_note).toContain('beyond the tested range');
    const all = score({
      sites: [site([rel('a', 'S1', 1, 2, 2)], [rep('x', 'S1', 1, 2, 2)])],
      cpuSeconds: null,
      bootstrapN: 50,
    });
    expect(all.metrics.dl90_kgh).toBeNull();
    expect(all.detail.dl90_note).toBe('every release detected: no finite logistic fit');
  });

  it('interpolates quantiles like R type 7', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 0], 0.9)).toBe(9);
    expect(quantile([], 0.5)).toBeNull();
  });
});

describe('metrics', () => {
  it('scores localization, quantification, coverage and time to detection', () => {
    const releases = [rel('a', 'S1', 1, 3, 4), rel('b', 'S3', 10, 12, 0.5)];
    const reports = [
      rep('x', 'S1', 1.25, 3, 5, [3, 6], 1.75), // right source, within ×2, covered, seen 45 min after start
      rep('y', 'S2', 10, 12, 2, [1, 3], 11), // wrong source and group, ×4 too high, not covered
    ];
    const s = score({ sites: [site(releases, reports)], cpuSeconds: 12 });
    expect(s.metrics.loc_source).toBe(0.5);
    expect(s.metrics.loc_group).toBe(0.5);
    expect(s.metrics.within_x2_ge_1kgh).toBe(1);
    expect(s.metrics.mean_rel_err_ge_1kgh).toBeCloseTo(0.25);
    expect(s.metrics.mean_rel_err_lt_1kgh).toBeCloseTo(3);
    expect(s.metrics.interval_coverage).toBe(0.5);
    expect(s.metrics.ttd_median_min).toBeCloseTo(45); // only the 4 kg/h release is ≥ 3 kg/h
    expect(s.detail.ttd_all_median_min).toBeCloseTo((45 + 60) / 2);
    expect(s.metrics.cpu_s_per_site_hour).toBeCloseTo(0.5);
    expect(s.metrics.pod_ge_1kgh).toBe(1);
  });

  it('splits localization by releases that ran alone and releases beside another source', () => {
    // a runs alone (named right); b and c overlap (b named right, c named in the wrong group).
    const releases = [rel('a', 'S1', 1, 2, 4), rel('b', 'S1', 10, 14, 4), rel('c', 'S3', 12, 16, 4)];
    const reports = [rep('x', 'S2', 1, 2, 4), rep('y', 'S1', 10, 11, 4), rep('z', 'S1', 15, 16, 4)];
    const s = score({ sites: [site(releases, reports)], cpuSeconds: 1 });
    expect(s.metrics.loc_group).toBeCloseTo(2 / 3);
    expect(s.detail.loc_group_single_source).toBe(1);
    expect(s.detail.loc_group_multi_source).toBe(0.5);
  });

  it('compares with the summed rate of concurrent releases of the same source over the overlap', () => {
    const releases = [rel('a', 'S1', 0, 4, 2), rel('b', 'S1', 2, 4, 2)];
    // Overlap 0–4 h: the mean true rate of S1 is (2·4 + 2·2) / 4 = 3.
    const s = score({ sites: [site(releases, [rep('x', 'S1', 0, 4, 3)])], cpuSeconds: null });
    expect(s.detail.quant_points[0]!.trueKgH).toBeCloseTo(3);
    expect(s.metrics.mean_rel_err_ge_1kgh).toBeCloseTo(0);
  });

  it('leaves a metric null when it cannot be computed (no bounds, no reports, no releases in a bin)', () => {
    const s = score({ sites: [site([rel('a', 'S1', 1, 2, 0.2)], [])], cpuSeconds: null });
    expect(s.metrics.fp_share).toBeNull();
    expect(s.metrics.interval_coverage).toBeNull();
    expect(s.metrics.pod_ge_1kgh).toBeNull();
    expect(s.metrics.loc_group).toBeNull();
    expect(s.metrics.cpu_s_per_site_hour).toBeNull();
    expect(s.detail.pod_by_bin[0]).toMatchObject({ releases: 1, detected: 0, pod: 0 });
    expect(s.detail.pod_by_bin[4]!.pod).toBeNull();
  });

  it('counts false positives per release-free site-day', () => {
    // Two days; one release 12:00–14:00 on day 1 → busy 11:30–14:30 (3 h); quiet = 45 h.
    const releases = [rel('a', 'S1', 12, 14, 2)];
    const reports = [
      rep('tp', 'S1', 12, 14, 2),
      rep('fp-quiet', 'S1', 30, 31, 1),
      rep('fp-quiet-2', 'S3', 40, 41, 1),
      rep('fp-edge', 'S1', 14.4, 14.45, 1), // inside the padding: a match, not an FP
    ];
    const s = score({ sites: [site(releases, reports, 2)], cpuSeconds: null });
    expect(s.detail.quiet_site_days).toBeCloseTo(45 / 24);
    expect(s.detail.fp_reports).toBe(2);
    expect(s.metrics.fp_share).toBeCloseTo(2 / 4);
    expect(s.metrics.fp_per_quiet_site_day).toBeCloseTo(2 / (45 / 24));
  });

  it('scores 30-minute windows where every source must be on or off as in the truth', () => {
    // S1 on 0–1 h, S3 on 0.5–1 h. Windows with a release: [0, 0.5) and [0.5, 1).
    const releases = [rel('a', 'S1', 0, 1, 2), rel('b', 'S3', 0.5, 1, 2)];
    // Reported: S1 over 0–1 h only; so window 1 is right (S1 on), window 2 wrong (S3 missed).
    const s = score({ sites: [site(releases, [rep('x', 'S1', 0, 1, 2)])], cpuSeconds: null });
    expect(s.detail.all_sources_windows).toBe(2);
    expect(s.metrics.all_sources_correct).toBe(0.5);
  });

  it('computes 30-day totals from site rates, or from reports when a method has none', () => {
    // 10 kg/h for 3 h = 30 kg true.
    const releases = [rel('a', 'S1', 0, 3, 10)];
    const rates = Array.from({ length: 12 }, (_, i) => ({ time: T0 + i * 15 * MIN, rate: 11 })); // 33 kg: +10 %
    const withRates = score({ sites: [site(releases, [], 1, rates)], cpuSeconds: null });
    expect(withRates.detail.totals[0]!.error).toBeCloseTo(0.1);
    expect(withRates.metrics.total_30d_within_20pct).toBe(1);
    const fromReports = score({ sites: [site(releases, [rep('x', 'S1', 0, 3, 15)])], cpuSeconds: null }); // 45 kg: +50 %
    expect(fromReports.detail.totals[0]!.error).toBeCloseTo(0.5);
    expect(fromReports.metrics.total_30d_within_20pct).toBe(0);
    // A quiet modelled rate: 1 kg/h over the whole day where nothing was released.
    const quiet = score({
      sites: [
        site(
          [],
          [],
          1,
          Array.from({ length: 96 }, (_, i) => ({ time: T0 + i * 15 * MIN, rate: 1 })),
        ),
      ],
      cpuSeconds: null,
    });
    expect(quiet.detail.mean_rate_quiet_kgh).toBeCloseTo(1);
    expect(quiet.detail.totals[0]!.error).toBeNull();
  });
});
