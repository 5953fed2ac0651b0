// Server-side reductions for the chart endpoints: maxima per sample period (keeping each peak's own time; the
// averages use the compute core's TypeScript twin, asm/reference/aggregate.ts) and the zone offset for local days.
import type { Samples } from './measurement-chunks';

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
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}
