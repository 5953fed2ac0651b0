// Plain TypeScript twin of asm/assembly/aggregate.ts.
export type AggregateMode = 'average' | 'max';

export const CHART_PERIODS = { '15 Minutes': 15 * 60_000, '1 Hour': 3_600_000, '1 Day': 86_400_000 } as const;

export function aggregate(
  times: Float64Array,
  values: Float32Array,
  period: number,
  offset: number,
  mode: AggregateMode,
): { times: Float64Array; values: Float32Array } {
  const outT: number[] = [];
  const outV: number[] = [];
  if (times.length === 0 || !(period > 0) || !Number.isFinite(period))
    return { times: new Float64Array(0), values: new Float32Array(0) };
  let bucket = Number.NaN;
  let sum = 0;
  let maxV = 0;
  let k = 0;
  const flush = () => {
    outT.push(bucket * period - offset);
    outV.push(mode === 'max' ? maxV : Math.fround(sum / k));
  };
  for (let i = 0; i < times.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const b = Math.floor((times[i]! + offset) / period);
    if (b !== bucket) {
      if (k > 0) flush();
      bucket = b;
      sum = 0;
      k = 0;
      maxV = v;
    }
    sum += v;
    if (v > maxV) maxV = v;
    k++;
  }
  if (k > 0) flush();
  return { times: Float64Array.from(outT), values: Float32Array.from(outV) };
}

/** Twin of peakPerPeriod: the largest value per period from `origin`, at its own time (ties keep the earlier). */
export function peakPerPeriod(
  times: Float64Array,
  values: Float32Array,
  origin: number,
  period: number,
): { times: Float64Array; values: Float32Array } {
  const outT: number[] = [];
  const outV: number[] = [];
  if (!(period > 0) || !Number.isFinite(period)) return { times: new Float64Array(0), values: new Float32Array(0) };
  let bucket = Number.NaN;
  for (let i = 0; i < times.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const b = Math.floor((times[i]! - origin) / period);
    if (b !== bucket) {
      bucket = b;
      outT.push(times[i]!);
      outV.push(v);
    } else if (v > outV[outV.length - 1]!) {
      outT[outT.length - 1] = times[i]!;
      outV[outV.length - 1] = v;
    }
  }
  return { times: Float64Array.from(outT), values: Float32Array.from(outV) };
}

export type WindPeriodMode = 'average' | 'strongest';
export interface WindSeries {
  times: Float64Array;
  directions: Float32Array;
  speeds: Float32Array;
}

/** Twin of windPerPeriod: paired wind readings per bucket floor((t + shift) / period), circular means or strongest. */
export function windPerPeriod(wind: WindSeries, mode: WindPeriodMode, period: number, shift: number): WindSeries {
  const outT: number[] = [];
  const outD: number[] = [];
  const outS: number[] = [];
  const empty = { times: new Float64Array(0), directions: new Float32Array(0), speeds: new Float32Array(0) };
  if (!(period > 0) || !Number.isFinite(period)) return empty;
  let bucket = Number.NaN;
  let sx = 0;
  let sy = 0;
  let ss = 0;
  let k = 0;
  const flush = () => {
    outT.push(bucket * period - shift);
    outD.push(((Math.atan2(sy / k, sx / k) * 180) / Math.PI + 360) % 360);
    outS.push(ss / k);
  };
  for (let i = 0; i < wind.times.length; i++) {
    const t = wind.times[i]!;
    const d = wind.directions[i]!;
    const s = wind.speeds[i]!;
    if (Number.isNaN(s) || (mode === 'average' && Number.isNaN(d))) continue;
    const b = Math.floor((t + shift) / period);
    if (mode === 'strongest') {
      if (b !== bucket) {
        bucket = b;
        outT.push(t);
        outD.push(d);
        outS.push(s);
      } else if (s > outS[outS.length - 1]!) {
        outT[outT.length - 1] = t;
        outD[outD.length - 1] = d;
        outS[outS.length - 1] = s;
      }
      continue;
    }
    if (b !== bucket) {
      if (k > 0) flush();
      bucket = b;
      sx = sy = ss = 0;
      k = 0;
    }
    sx += Math.cos((d * Math.PI) / 180);
    sy += Math.sin((d * Math.PI) / 180);
    ss += s;
    k++;
  }
  if (mode === 'average' && k > 0) flush();
  return { times: Float64Array.from(outT), directions: Float32Array.from(outD), speeds: Float32Array.from(outS) };
}
