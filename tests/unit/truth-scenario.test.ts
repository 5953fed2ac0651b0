import { describe, expect, it } from 'vitest';
import { createScenario, scenarioWeather } from '../../bench/truth/scenario';
import { quietHourShare, releaseFreeDayCount } from '../../bench/truth/releases';
import { LAYOUTS, type Release, type Scenario } from '../../bench/truth/types';

const START = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Groups overlapping releases into experiments (releases that run at once). */
function experiments(releases: Release[]): Release[][] {
  const sorted = [...releases].sort((a, b) => a.start - b.start);
  const out: Release[][] = [];
  let end = -Infinity;
  for (const r of sorted) {
    if (r.start < end) out[out.length - 1]!.push(r);
    else out.push([r]);
    end = Math.max(end, r.end);
  }
  return out;
}

function releaseFreeDays(s: Scenario): number {
  let n = 0;
  for (let d = s.start; d < s.end; d += DAY) if (!s.truth.releases.some((r) => r.start < d + DAY && r.end > d)) n++;
  return n;
}

describe('truth scenarios', () => {
  const long = [0, 1, 2].map((i) => createScenario('metec', 42, i, START, 90));

  it('draws rates and durations in range, half of the rates in 0.1–3 kg/h', () => {
    const all = long.flatMap((s) => s.truth.releases);
    expect(all.length).toBeGreaterThan(800);
    for (const r of all) {
      expect(r.rateKgH).toBeGreaterThanOrEqual(0.1);
      expect(r.rateKgH).toBeLessThanOrEqual(50);
      expect(r.end - r.start).toBeGreaterThanOrEqual(0.5 * HOUR);
      expect(r.end - r.start).toBeLessThanOrEqual(8 * HOUR);
      expect(r.start % 60_000).toBe(0);
      expect(r.end % 60_000).toBe(0);
    }
    const small = all.filter((r) => r.rateKgH <= 3).length / all.length;
    expect(small).toBeGreaterThan(0.45);
    expect(small).toBeLessThan(0.55);
    // About 120 releases per site-month.
    const perMonth = all.length / (3 * 3);
    expect(perMonth).toBeGreaterThan(90);
    expect(perMonth).toBeLessThan(160);
  });

  it('runs 60/30/10 % one/two/three-or-more sources at once, never one source twice at once', () => {
    const exps = long.flatMap((s) => experiments(s.truth.releases));
    const share = (f: (n: number) => boolean): number => exps.filter((e) => f(e.length)).length / exps.length;
    expect(share((n) => n === 1)).toBeGreaterThan(0.53);
    expect(share((n) => n === 1)).toBeLessThan(0.67);
    expect(share((n) => n === 2)).toBeGreaterThan(0.23);
    expect(share((n) => n === 2)).toBeLessThan(0.37);
    expect(share((n) => n >= 3)).toBeGreaterThan(0.05);
    expect(share((n) => n >= 3)).toBeLessThan(0.15);
    for (const e of exps) expect(new Set(e.map((r) => r.sourceKey)).size).toBe(e.length);
  });

  it('keeps ≥ 30 % release-free hours and two release-free days a month (one in a week, none below 3 days)', () => {
    for (const s of long) {
      expect(quietHourShare(s.truth.releases, s.start, s.end)).toBeGreaterThanOrEqual(0.3);
      expect(releaseFreeDays(s)).toBeGreaterThanOrEqual(6);
    }
    for (const layout of LAYOUTS) {
      for (let seed = 0; seed < 5; seed++) {
        const week = createScenario(layout, seed, 0, START, 7);
        expect(releaseFreeDays(week)).toBeGreaterThanOrEqual(1);
        expect(quietHourShare(week.truth.releases, week.start, week.end)).toBeGreaterThanOrEqual(0.3);
      }
    }
    expect(releaseFreeDayCount(30)).toBe(2);
    expect(releaseFreeDayCount(7)).toBe(1);
    expect(releaseFreeDayCount(2)).toBe(0);
  });

  it('jitters the release point within ±2 m of the registered source', () => {
    for (const s of long) {
      for (const r of s.truth.releases) {
        const src = s.site.sources.find((x) => x.key === r.sourceKey)!;
        expect(Math.abs(r.east! - src.east)).toBeLessThanOrEqual(2);
        expect(Math.abs(r.north! - src.north)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('places 1–3 off-site episodes a week 150–400 m upwind at 5–50 kg/h', () => {
    for (const s of long) {
      const weather = scenarioWeather(s);
      const cx = s.site.sensors.reduce((a, d) => a + d.east, 0) / s.site.sensors.length;
      const cy = s.site.sensors.reduce((a, d) => a + d.north, 0) / s.site.sensors.length;
      for (let w = 0; w < 12; w++) {
        const n = s.truth.offsite.filter(
          (o) => o.start >= s.start + w * 7 * DAY && o.start < s.start + (w + 1) * 7 * DAY,
        ).length;
        expect(n).toBeGreaterThanOrEqual(0); // an episode shorter than 30 min at the period end is dropped
        expect(n).toBeLessThanOrEqual(3);
      }
      expect(s.truth.offsite.length).toBeGreaterThanOrEqual(12);
      for (const o of s.truth.offsite) {
        const d = Math.hypot(o.east - cx, o.north - cy);
        expect(d).toBeGreaterThanOrEqual(149.9);
        expect(d).toBeLessThanOrEqual(400.1);
        expect(o.rateKgH).toBeGreaterThanOrEqual(5);
        expect(o.rateKgH).toBeLessThanOrEqual(50);
        const hw = weather[Math.floor((o.start + (o.end - o.start) / 2 - s.start) / HOUR)]!;
        const bearing = (Math.atan2(o.east - cx, o.north - cy) * 180) / Math.PI;
        const off = Math.abs(((bearing - hw.dirFromDeg + 540) % 360) - 180);
        expect(off).toBeLessThan(75);
      }
    }
  });

  it('builds the four layouts as specified, at plausible on-shore US locations', () => {
    const metec = createScenario('metec', 1, 0, START, 1).site;
    expect(new Set(metec.sources.map((s) => s.group))).toEqual(new Set(['4T', '4S', '4W', '5S', '5W']));
    expect(metec.sensors).toHaveLength(8);
    for (const d of metec.sensors) expect(d.height).toBe(2.4);
    for (const s of metec.sources) expect(s.height).toBe(s.group === '4T' ? 4.5 : 2);
    const op = createScenario('operator', 1, 0, START, 1).site;
    expect(op.sources.length).toBeGreaterThanOrEqual(3);
    expect(op.sources.length).toBeLessThanOrEqual(4);
    expect(op.sensors).toHaveLength(4);
    const sparse = createScenario('sparse', 1, 0, START, 1).site;
    expect(sparse.sensors).toHaveLength(2);
    expect(sparse.sensors.filter((d) => d.hasAnemometer)).toHaveLength(1);
    const dense = createScenario('dense', 1, 0, START, 1).site;
    expect(dense.sources).toHaveLength(12);
    expect(new Set(dense.sources.map((s) => s.group)).size).toBe(3);
    expect(dense.sensors).toHaveLength(6);
    for (const layout of LAYOUTS) {
      for (let seed = 0; seed < 10; seed++) {
        const site = createScenario(layout, seed, seed % 3, START, 1).site;
        expect(site.elevationM).toBeGreaterThanOrEqual(0);
        expect(site.elevationM).toBeLessThanOrEqual(1700);
        expect(site.origin.latitude).toBeGreaterThan(25);
        expect(site.origin.latitude).toBeLessThan(49.5);
        expect(site.origin.longitude).toBeGreaterThan(-125);
        expect(site.origin.longitude).toBeLessThan(-67);
        for (const d of site.sensors) expect(d.name).toMatch(/^A-\d{4,}$/);
        expect(new Set(site.sensors.map((d) => d.name)).size).toBe(site.sensors.length);
      }
    }
  });

  it('has ~10 % calm or gusty hours and a hidden class off the inferred one ~40 % of the time', () => {
    const hours = long.flatMap((s) => scenarioWeather(s));
    const special = hours.filter((h) => h.kind !== 'normal');
    expect(special.length / hours.length).toBeGreaterThan(0.06);
    expect(special.length / hours.length).toBeLessThan(0.14);
    for (const h of special) expect(h.sigmaThetaDeg).toBeGreaterThanOrEqual(40);
    for (const h of hours.filter((x) => x.kind === 'calm')) expect(h.u10).toBeLessThan(1);
    const off = hours.filter((h) => h.trueClass !== h.inferredClass).length / hours.length;
    expect(off).toBeGreaterThan(0.35);
    expect(off).toBeLessThan(0.45);
    for (const h of hours) expect(Math.abs(h.trueClass - h.inferredClass)).toBeLessThanOrEqual(1);
  });
});
