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
