// Server-side reductions for the chart endpoints: maxima per sample period (keeping each peak's own time; the
// averages run in the compute core's wasm, server/services/compute-core.ts) and the zone offset for local days.
import type { WindColumns } from '../../src/codec/series-arrow';
import type { Samples } from './measurement-chunk';

/** The largest value in each period of `periodMs` counted from `origin`, at the time it was measured. */
export function maxPerPeriod(s: Samples, origin: number, periodMs: number): Samples {
  const times: number[] = [];
  const values: number[] = [];
  let bucket = Number.NaN;
  for (let i = 0; i < s.times.length; i++) {
    const v = s.values[i]!;
    if (Number.isNaN(v)) continue;
    const b = Math.floor((s.times[i]! - origin) / periodMs);
    if (b !== bucket) {
      bucket = b;
      times.push(s.times[i]!);
      values.push(v);
    } else if (v > values[values.length - 1]!) {
      times[times.length - 1] = s.times[i]!;
      values[values.length - 1] = v;
    }
  }
  return { times: Float64Array.from(times), values: Float32Array.from(values) };
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
export function windPerInstallation(
  direction: Samples,
  speed: Samples,
  stays: readonly { id: number; from: number; to: number }[],
  reduction: WindReduction | null,
): WindColumns {
  const ids: number[] = [];
  const times: number[] = [];
  const directions: number[] = [];
  const speeds: number[] = [];
  for (const stay of stays) {
    let d = lowerBound(direction.times, stay.from);
    let bucket = Number.NaN;
    // Running sums of the current average period: unit vectors of the directions, speeds, count.
    let sx = 0;
    let sy = 0;
    let ss = 0;
    let n = 0;
    const flushAverage = () => {
      if (n === 0 || reduction?.kind !== 'average') return;
      ids.push(stay.id);
      times.push(bucket * reduction.period - reduction.offset);
      directions.push(((Math.atan2(sy / n, sx / n) * 180) / Math.PI + 360) % 360);
      speeds.push(ss / n);
      sx = sy = ss = n = 0;
    };
    for (let i = lowerBound(speed.times, stay.from); i < speed.times.length && speed.times[i]! < stay.to; i++) {
      const t = speed.times[i]!;
      while (d < direction.times.length && direction.times[d]! < t) d++;
      if (d >= direction.times.length || direction.times[d] !== t) continue;
      const s = speed.values[i]!;
      const dir = direction.values[d]!;
      if (reduction?.kind === 'average') {
        if (Number.isNaN(s) || Number.isNaN(dir)) continue;
        const b = Math.floor((t + reduction.offset) / reduction.period);
        if (b !== bucket) {
          flushAverage();
          bucket = b;
        }
        sx += Math.cos((dir * Math.PI) / 180);
        sy += Math.sin((dir * Math.PI) / 180);
        ss += s;
        n++;
        continue;
      }
      if (reduction?.kind === 'strongest') {
        if (Number.isNaN(s)) continue;
        const b = Math.floor((t - reduction.start) / reduction.period);
        if (b === bucket) {
          if (s > speeds[speeds.length - 1]!) {
            times[times.length - 1] = t;
            directions[directions.length - 1] = dir;
            speeds[speeds.length - 1] = s;
          }
          continue;
        }
        bucket = b;
      }
      ids.push(stay.id);
      times.push(t);
      directions.push(dir);
      speeds.push(s);
    }
    flushAverage();
  }
  return {
    installationIds: Int32Array.from(ids),
    times: Float64Array.from(times),
    windDirections: Float32Array.from(directions),
    windSpeeds: Float32Array.from(speeds),
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
