// Plain TypeScript twin of asm/assembly/m4.ts.
export function validateTimes(times: Float64Array): boolean {
  let prev = -Infinity;
  for (const t of times) {
    if (!Number.isFinite(t) || t < prev) return false;
    prev = t;
  }
  return true;
}

export function lowerBound(times: Float64Array, x: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Points {
  times: Float64Array;
  values: Float32Array;
}

export function m4(times: Float64Array, values: Float32Array, t0: number, t1: number, width: number): Points {
  const outIdx: number[] = [];
  if (width > 0 && times.length > 0 && t1 > t0 && Number.isFinite(t0) && Number.isFinite(t1)) {
    const start = lowerBound(times, t0);
    const end = lowerBound(times, t1);
    const scale = width / (t1 - t0);
    let col = -1;
    let first = -1;
    let mn = -1;
    let mx = -1;
    let last = -1;
    const flush = () => {
      const lo = Math.min(mn, mx);
      const hi = Math.max(mn, mx);
      outIdx.push(first);
      if (lo !== first) outIdx.push(lo);
      if (hi !== lo && hi !== first) outIdx.push(hi);
      if (last !== hi && last !== first) outIdx.push(last);
    };
    for (let i = start; i < end; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      let c = Math.floor((times[i]! - t0) * scale);
      if (c >= width) c = width - 1;
      if (c !== col) {
        if (col >= 0) flush();
        col = c;
        first = mn = mx = last = i;
      } else {
        if (v < values[mn]!) mn = i;
        if (v > values[mx]!) mx = i;
        last = i;
      }
    }
    if (col >= 0) flush();
  }
  return { times: Float64Array.from(outIdx, (i) => times[i]!), values: Float32Array.from(outIdx, (i) => values[i]!) };
}
