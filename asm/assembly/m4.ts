// M4 downsampling for charts: per pixel column the first, min, max and last sample, which draw exactly like the
// raw data at that width. Times are float64 (ms), values float32 with NaN as missing; times must be validated first.

/** 0 when times are finite and ascending, -1 otherwise (checked once per series, not per query). */
export function validateTimes(tPtr: usize, n: i32): i32 {
  let prev = -Infinity;
  for (let i = 0; i < n; i++) {
    const t = load<f64>(tPtr + (<usize>i << 3));
    if (!isFinite(t) || t < prev) return -1;
    prev = t;
  }
  return 0;
}

/** First index whose time is >= x. */
export function lowerBound(tPtr: usize, n: i32, x: f64): i32 {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (load<f64>(tPtr + (<usize>mid << 3)) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Appends sample i to the output points. */
@inline
export function put(tPtr: usize, vPtr: usize, outT: usize, outV: usize, count: i32, i: i32): i32 {
  store<f64>(outT + (<usize>count << 3), load<f64>(tPtr + (<usize>i << 3)));
  store<f32>(outV + (<usize>count << 2), load<f32>(vPtr + (<usize>i << 2)));
  return count + 1;
}

/** Writes a column's first, min, max and last samples in index order, each once. */
export function emit(tPtr: usize, vPtr: usize, outT: usize, outV: usize, count: i32, first: i32, mn: i32, mx: i32, last: i32): i32 {
  const lo = min(mn, mx);
  const hi = max(mn, mx);
  count = put(tPtr, vPtr, outT, outV, count, first);
  if (lo != first) count = put(tPtr, vPtr, outT, outV, count, lo);
  if (hi != lo && hi != first) count = put(tPtr, vPtr, outT, outV, count, hi);
  if (last != hi && last != first) count = put(tPtr, vPtr, outT, outV, count, last);
  return count;
}

/**
 * Writes at most 4 * width points of the window [t0, t1) into outT/outV in time order and returns their count.
 * An empty series, a zero-width viewport or an empty window give 0.
 */
export function m4(tPtr: usize, vPtr: usize, n: i32, t0: f64, t1: f64, width: i32, outT: usize, outV: usize): i32 {
  if (width <= 0 || n <= 0 || !(t1 > t0) || !isFinite(t0) || !isFinite(t1)) return 0;
  const start = lowerBound(tPtr, n, t0);
  const end = lowerBound(tPtr, n, t1);
  const scale = <f64>width / (t1 - t0);
  let count = 0;
  let col = -1;
  let first = -1;
  let mn = -1;
  let mx = -1;
  let last = -1;
  let minV: f32 = 0;
  let maxV: f32 = 0;
  for (let i = start; i < end; i++) {
    const v = load<f32>(vPtr + (<usize>i << 2));
    if (isNaN(v)) continue;
    // t >= t0 here, so truncation is the floor.
    let c = <i32>((load<f64>(tPtr + (<usize>i << 3)) - t0) * scale);
    if (c >= width) c = width - 1;
    if (c != col) {
      if (col >= 0) count = emit(tPtr, vPtr, outT, outV, count, first, mn, mx, last);
      col = c;
      first = i;
      mn = i;
      mx = i;
      last = i;
      minV = v;
      maxV = v;
    } else {
      if (v < minV) {
        minV = v;
        mn = i;
      }
      if (v > maxV) {
        maxV = v;
        mx = i;
      }
      last = i;
    }
  }
  if (col >= 0) count = emit(tPtr, vPtr, outT, outV, count, first, mn, mx, last);
  return count;
}
