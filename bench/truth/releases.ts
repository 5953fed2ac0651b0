// Release design (modelling.md §2.4, METEC ADED-like): experiments of 1, 2 or 3–4 concurrent releases,
// log-uniform rates and durations, quiet gaps, whole release-free days, and the off-site neighbour's episodes.
import type { OffsiteEpisode, Release, SiteLayout } from './types';
import type { HourWeather } from './weather';
import type { Rng } from './rng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Mean idle time between experiments (h), on top of a 15 min minimum: ~120 releases per site-month. */
const MEAN_GAP_H = 5.6;
export const MIN_QUIET_HOUR_SHARE = 0.3;
const STAGGER_MAX_MIN = 5;

/** Release-free days: two per 30 days (rounded up), at least one for runs of 3 days or more, none below. */
export function releaseFreeDayCount(days: number): number {
  return days < 3 ? 0 : Math.max(1, Math.ceil((2 * days) / 30));
}

/** Half the draws log-uniform on 0.1–3 kg/h, half on 3–50 kg/h (so the whole is log-uniform-like on 0.1–50). */
export function drawRate(rng: Rng): number {
  return rng.chance(0.5) ? rng.logUniform(0.1, 3) : rng.logUniform(3, 50);
}

/** 60 % one source, 30 % two, 10 % three or four. */
export function drawConcurrency(rng: Rng): number {
  const r = rng.uniform();
  if (r < 0.6) return 1;
  if (r < 0.9) return 2;
  return rng.chance(0.7) ? 3 : 4;
}

function pickSources(rng: Rng, site: SiteLayout, k: number): string[] {
  const groups = [...new Set(site.sources.map((s) => s.group))];
  const chosen: string[] = [];
  for (let attempt = 0; chosen.length < k && attempt < 100; attempt++) {
    const g = rng.pick(groups);
    const units = site.sources.filter((s) => s.group === g);
    const key = rng.pick(units).key;
    if (!chosen.includes(key)) chosen.push(key);
  }
  return chosen;
}

interface Span {
  start: number;
  end: number;
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Share of the period's whole hours touched by no release. */
export function quietHourShare(releases: Release[], start: number, end: number): number {
  const hours = Math.round((end - start) / HOUR);
  const busy = new Uint8Array(hours);
  for (const r of releases) {
    const h0 = Math.max(0, Math.floor((r.start - start) / HOUR));
    const h1 = Math.min(hours, Math.ceil((r.end - start) / HOUR));
    for (let h = h0; h < h1; h++) busy[h] = 1;
  }
  let quiet = 0;
  for (let h = 0; h < hours; h++) if (!busy[h]) quiet++;
  return hours === 0 ? 1 : quiet / hours;
}

export function designReleases(rng: Rng, site: SiteLayout, start: number, days: number): Release[] {
  const end = start + days * DAY;
  const freeCount = releaseFreeDayCount(days);
  const freeDays: Span[] = [];
  const dayIdx = Array.from({ length: days }, (_, i) => i);
  for (let i = 0; i < freeCount; i++) {
    const j = i + rng.int(dayIdx.length - i);
    [dayIdx[i], dayIdx[j]] = [dayIdx[j]!, dayIdx[i]!];
    freeDays.push({ start: start + dayIdx[i]! * DAY, end: start + (dayIdx[i]! + 1) * DAY });
  }

  type Experiment = Release[];
  const experiments: Experiment[] = [];
  let t = start + Math.round(rng.range(0, 2 * 60)) * MINUTE;
  let n = 0;
  while (t < end) {
    const k = Math.min(drawConcurrency(rng), site.sources.length);
    const durMin = Math.max(30, Math.round(rng.logUniform(0.5, 8) * 60));
    // The span checked against free days and the period end includes the ≤ 5 min stagger of later valves.
    const span: Span = { start: t, end: t + (durMin + STAGGER_MAX_MIN) * MINUTE };
    const blocking = freeDays.find((d) => overlaps(d, span));
    if (blocking) {
      t = blocking.end + Math.round(rng.range(0, 60)) * MINUTE;
      continue;
    }
    if (span.end > end) break;
    const keys = pickSources(rng, site, k);
    const exp: Experiment = keys.map((sourceKey, i) => {
      // Valves are opened one after another: later releases start up to 5 min late and run as long.
      const s = span.start + (i === 0 ? 0 : rng.int(STAGGER_MAX_MIN + 1)) * MINUTE;
      const e = s + durMin * MINUTE;
      const src = site.sources.find((x) => x.key === sourceKey)!;
      return {
        id: `R${++n}`,
        sourceKey,
        start: s,
        end: e,
        rateKgH: drawRate(rng),
        east: src.east + rng.range(-2, 2),
        north: src.north + rng.range(-2, 2),
        height: src.height,
      };
    });
    experiments.push(exp);
    t = span.end + Math.round(15 + rng.exponential(MEAN_GAP_H * 60)) * MINUTE;
  }
  // Guarantee the quiet share (rarely needed): drop experiments, longest first, until it holds.
  let releases = experiments.flat();
  while (releases.length > 0 && quietHourShare(releases, start, end) < MIN_QUIET_HOUR_SHARE) {
    let longest = 0;
    experiments.forEach((e, i) => {
      if (e[0]!.end - e[0]!.start > experiments[longest]![0]!.end - experiments[longest]![0]!.start) longest = i;
    });
    experiments.splice(longest, 1);
    releases = experiments.flat();
  }
  return releases;
}

/** 1–3 episodes per week from a neighbour 150–400 m upwind of the mean wind at the episode, 5–50 kg/h. */
export function designOffsite(
  rng: Rng,
  site: SiteLayout,
  weather: HourWeather[],
  start: number,
  days: number,
): OffsiteEpisode[] {
  const end = start + days * DAY;
  const cx = site.sensors.reduce((a, s) => a + s.east, 0) / site.sensors.length;
  const cy = site.sensors.reduce((a, s) => a + s.north, 0) / site.sensors.length;
  const out: OffsiteEpisode[] = [];
  for (let w = start; w < end; w += 7 * DAY) {
    const spanDays = Math.min(7, (end - w) / DAY);
    const count = spanDays >= 7 ? 1 + rng.int(3) : rng.poisson((2 * spanDays) / 7);
    for (let i = 0; i < count; i++) {
      const s = w + Math.floor(rng.uniform() * spanDays * 24 * 60) * MINUTE;
      const e = Math.min(end, s + Math.round(rng.logUniform(1, 4) * 60) * MINUTE);
      if (e - s < 30 * MINUTE) continue;
      const hw = weather[Math.min(weather.length - 1, Math.floor((s + (e - s) / 2 - start) / HOUR))]!;
      const bearing = ((hw.dirFromDeg + rng.normal() * 15) * Math.PI) / 180;
      const d = rng.range(150, 400);
      out.push({
        start: s,
        end: e,
        rateKgH: rng.logUniform(5, 50),
        east: cx + d * Math.sin(bearing),
        north: cy + d * Math.cos(bearing),
      });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
