// Server-side reductions for the chart endpoints, computed by the compute core's wasm (server/services/compute-core.ts):
// maxima per sample period at each peak's own time, wind per installation (every reading, the strongest or the
// circular mean per period); and the zone offset for local days.
import type { WindSeries } from '../../asm/reference/aggregate';
import type { WindColumns } from '../../src/codec/series-arrow';
import { computeCore } from './compute-core';
import type { Samples } from './measurement-chunk';

/** The largest value in each period of `periodMs` counted from `origin`, at the time it was measured. */
export async function maxPerPeriod(s: Samples, origin: number, periodMs: number): Promise<Samples> {
  return (await computeCore()).peakPerPeriod(s.times, s.values, origin, periodMs);
}

/** Milliseconds to add to UTC to get the wall time in `timeZone` at `at`. */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** How wind readings are reduced: the strongest per period counted from `start`, or per-period means (directions as
 * circular means) with periods cut at `offset` like the averaged measurement series. */
export type WindReduction =
  { kind: 'strongest'; start: number; period: number } | { kind: 'average'; period: number; offset: number };

/**
 * Wind readings per installation: direction and speed are recorded together, so they pair by time (a merge of the
 * two sorted series); each installation takes the readings within its stay [from, to), reduced per period or not.
 */
export async function windPerInstallation(
  direction: Samples,
  speed: Samples,
  stays: readonly { id: number; from: number; to: number }[],
  reduction: WindReduction | null,
): Promise<WindColumns> {
  const core = reduction ? await computeCore() : null;
  const parts: { id: number; wind: WindSeries }[] = [];
  for (const stay of stays) {
    const paired = pairByTime(direction, speed, stay.from, stay.to);
    if (!reduction || !core) parts.push({ id: stay.id, wind: paired });
    else if (reduction.kind === 'average')
      parts.push({ id: stay.id, wind: core.windPerPeriod(paired, 'average', reduction.period, reduction.offset) });
    else parts.push({ id: stay.id, wind: core.windPerPeriod(paired, 'strongest', reduction.period, -reduction.start) });
  }
  const total = parts.reduce((n, p) => n + p.wind.times.length, 0);
  const out: WindColumns = {
    installationIds: new Int32Array(total),
    times: new Float64Array(total),
    windDirections: new Float32Array(total),
    windSpeeds: new Float32Array(total),
  };
  let at = 0;
  for (const { id, wind } of parts) {
    out.installationIds.fill(id, at, at + wind.times.length);
    out.times.set(wind.times, at);
    out.windDirections.set(wind.directions, at);
    out.windSpeeds.set(wind.speeds, at);
    at += wind.times.length;
  }
  return out;
}

/** The readings of [from, to) whose direction and speed share a time (a merge of the two sorted series). */
function pairByTime(direction: Samples, speed: Samples, from: number, to: number): WindSeries {
  const times: number[] = [];
  const directions: number[] = [];
  const speeds: number[] = [];
  let d = lowerBound(direction.times, from);
  for (let i = lowerBound(speed.times, from); i < speed.times.length && speed.times[i]! < to; i++) {
    const t = speed.times[i]!;
    while (d < direction.times.length && direction.times[d]! < t) d++;
    if (d >= direction.times.length || direction.times[d] !== t) continue;
    times.push(t);
    directions.push(direction.values[d]!);
    speeds.push(speed.values[i]!);
  }
  return {
    times: Float64Array.from(times),
    directions: Float32Array.from(directions),
    speeds: Float32Array.from(speeds),
  };
}

function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
