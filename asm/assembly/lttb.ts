// LTTB (largest triangle three buckets) over candidate indices, and MinMaxLTTB, whose candidates are the min and
// max of equal index partitions read from the pyramid: for exports and thumbnails.
import { pyramidMinMax, pyramidMinI, pyramidMaxI } from './pyramid';

/** Indices of the non-NaN samples; returns their count. */
export function validIndices(vPtr: usize, n: i32, outIdx: usize): i32 {
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (!isNaN(load<f32>(vPtr + (<usize>i << 2)))) {
      store<i32>(outIdx + (<usize>m << 2), i);
      m++;
    }
  }
  return m;
}

@inline
function idx(idxPtr: usize, j: i32): i32 {
  return load<i32>(idxPtr + (<usize>j << 2));
}
@inline
function xAt(tPtr: usize, i: i32): f64 {
  return load<f64>(tPtr + (<usize>i << 3));
}
@inline
function yAt(vPtr: usize, i: i32): f64 {
  return <f64>load<f32>(vPtr + (<usize>i << 2));
}

/** Picks k of the m candidate indices (all of them when k >= m or k < 3); returns the count written to outIdx. */
export function lttb(tPtr: usize, vPtr: usize, idxPtr: usize, m: i32, k: i32, outIdx: usize): i32 {
  if (m <= 0) return 0;
  if (k >= m || k < 3) {
    for (let j = 0; j < m; j++) store<i32>(outIdx + (<usize>j << 2), idx(idxPtr, j));
    return m;
  }
  const every = <f64>(m - 2) / <f64>(k - 2);
  let a = 0;
  let count = 0;
  store<i32>(outIdx, idx(idxPtr, 0));
  count++;
  for (let b = 0; b < k - 2; b++) {
    const avgStart = <i32>Math.floor(<f64>(b + 1) * every) + 1;
    const avgEnd = min(<i32>Math.floor(<f64>(b + 2) * every) + 1, m);
    let avgX: f64 = 0;
    let avgY: f64 = 0;
    for (let j = avgStart; j < avgEnd; j++) {
      avgX += xAt(tPtr, idx(idxPtr, j));
      avgY += yAt(vPtr, idx(idxPtr, j));
    }
    const len = <f64>(avgEnd - avgStart);
    avgX /= len;
    avgY /= len;
    const from = <i32>Math.floor(<f64>b * every) + 1;
    const to = <i32>Math.floor(<f64>(b + 1) * every) + 1;
    const ax = xAt(tPtr, idx(idxPtr, a));
    const ay = yAt(vPtr, idx(idxPtr, a));
    let best: f64 = -1;
    let bestJ = from;
    for (let j = from; j < to; j++) {
      const i = idx(idxPtr, j);
      const area = Math.abs((ax - avgX) * (yAt(vPtr, i) - ay) - (ax - xAt(tPtr, i)) * (avgY - ay));
      if (area > best) {
        best = area;
        bestJ = j;
      }
    }
    store<i32>(outIdx + (<usize>count << 2), idx(idxPtr, bestJ));
    count++;
    a = bestJ;
  }
  store<i32>(outIdx + (<usize>count << 2), idx(idxPtr, m - 1));
  return count + 1;
}

/** MinMaxLTTB candidates: min and max (in index order) of `parts` equal index partitions; returns their count. */
export function minMaxCandidates(vPtr: usize, n: i32, pPtr: usize, levels: i32, parts: i32, outIdx: usize): i32 {
  let m = 0;
  for (let p = 0; p < parts; p++) {
    const a = <i32>((<i64>p * <i64>n) / <i64>parts);
    const b = <i32>((<i64>(p + 1) * <i64>n) / <i64>parts);
    if (!pyramidMinMax(vPtr, n, pPtr, levels, a, b)) continue;
    const lo = min(pyramidMinI, pyramidMaxI);
    const hi = max(pyramidMinI, pyramidMaxI);
    store<i32>(outIdx + (<usize>m << 2), lo);
    m++;
    if (hi != lo) {
      store<i32>(outIdx + (<usize>m << 2), hi);
      m++;
    }
  }
  return m;
}
