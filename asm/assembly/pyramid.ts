import { emit } from './m4';

// Min/max pyramid built once per series: level L holds, per bucket of 2^(4+L) samples, the minimum and maximum
// (and their first indices), NaN ignored. A viewport query then reads O(log n) buckets per pixel column instead of
// every sample, and still returns exactly the raw M4 points.
const BASE_SHIFT: i32 = 4;
const BUCKET_BYTES: usize = 16; // minV f32, maxV f32, minI i32, maxI i32

function levelCount(n: i32): i32 {
  let levels = 0;
  let count = (n + (1 << BASE_SHIFT) - 1) >> BASE_SHIFT;
  while (count > 0) {
    levels++;
    if (count == 1) break;
    count = (count + 1) >> 1;
  }
  return levels;
}

function bucketsAt(n: i32, level: i32): i32 {
  const size = 1 << (BASE_SHIFT + level);
  return (n + size - 1) / size;
}

function levelOffset(n: i32, level: i32): usize {
  let offset: usize = 0;
  for (let l = 0; l < level; l++) offset += <usize>bucketsAt(n, l) * BUCKET_BYTES;
  return offset;
}

export function pyramidBytes(n: i32): usize {
  return n <= 0 ? 0 : levelOffset(n, levelCount(n));
}

export function buildPyramid(vPtr: usize, n: i32, pPtr: usize): i32 {
  if (n <= 0) return 0;
  const levels = levelCount(n);
  const size0 = 1 << BASE_SHIFT;
  const count0 = bucketsAt(n, 0);
  const full = n >> BASE_SHIFT;
  const posInf = f32x4.splat(Infinity);
  const negInf = f32x4.splat(-Infinity);
  for (let b = 0; b < count0; b++) {
    let minV: f32 = Infinity;
    let maxV: f32 = -Infinity;
    let minI = -1;
    let maxI = -1;
    const startI = b * size0;
    const end = min(n, (b + 1) * size0);
    if (b < full) {
      // Full bucket: four f32x4 lanes, NaN lanes replaced by +/-inf first so min/max never see them.
      let vmin = posInf;
      let vmax = negInf;
      let valid = false;
      for (let k = 0; k < 4; k++) {
        const v = v128.load(vPtr + (<usize>(startI + k * 4) << 2));
        const ok = f32x4.eq(v, v);
        valid = valid || v128.any_true(ok);
        vmin = f32x4.min(vmin, v128.bitselect(v, posInf, ok));
        vmax = f32x4.max(vmax, v128.bitselect(v, negInf, ok));
      }
      if (valid) {
        minV = min(min(f32x4.extract_lane(vmin, 0), f32x4.extract_lane(vmin, 1)), min(f32x4.extract_lane(vmin, 2), f32x4.extract_lane(vmin, 3)));
        maxV = max(max(f32x4.extract_lane(vmax, 0), f32x4.extract_lane(vmax, 1)), max(f32x4.extract_lane(vmax, 2), f32x4.extract_lane(vmax, 3)));
        // First indices holding them (the raw M4 keeps the earliest on ties).
        for (let i = startI; i < end && (minI < 0 || maxI < 0); i++) {
          const v = load<f32>(vPtr + (<usize>i << 2));
          if (minI < 0 && v == minV) minI = i;
          if (maxI < 0 && v == maxV) maxI = i;
        }
      }
    } else {
      for (let i = startI; i < end; i++) {
        const v = load<f32>(vPtr + (<usize>i << 2));
        if (isNaN(v)) continue;
        if (minI < 0 || v < minV) {
          minV = v;
          minI = i;
        }
        if (maxI < 0 || v > maxV) {
          maxV = v;
          maxI = i;
        }
      }
    }
    const at = pPtr + <usize>b * BUCKET_BYTES;
    store<f32>(at, minV);
    store<f32>(at + 4, maxV);
    store<i32>(at + 8, minI);
    store<i32>(at + 12, maxI);
  }
  for (let l = 1; l < levels; l++) {
    const prev = pPtr + levelOffset(n, l - 1);
    const prevCount = bucketsAt(n, l - 1);
    const cur = pPtr + levelOffset(n, l);
    const count = bucketsAt(n, l);
    for (let b = 0; b < count; b++) {
      const a = prev + <usize>(2 * b) * BUCKET_BYTES;
      let minV = load<f32>(a);
      let maxV = load<f32>(a + 4);
      let minI = load<i32>(a + 8);
      let maxI = load<i32>(a + 12);
      if (2 * b + 1 < prevCount) {
        const c = a + BUCKET_BYTES;
        const cMinI = load<i32>(c + 8);
        const cMaxI = load<i32>(c + 12);
        // The left half holds earlier indices: ties keep it.
        if (cMinI >= 0 && (minI < 0 || load<f32>(c) < minV)) {
          minV = load<f32>(c);
          minI = cMinI;
        }
        if (cMaxI >= 0 && (maxI < 0 || load<f32>(c + 4) > maxV)) {
          maxV = load<f32>(c + 4);
          maxI = cMaxI;
        }
      }
      const at = cur + <usize>b * BUCKET_BYTES;
      store<f32>(at, minV);
      store<f32>(at + 4, maxV);
      store<i32>(at + 8, minI);
      store<i32>(at + 12, maxI);
    }
  }
  return levels;
}

// Scratch results of one column's min/max search.
let qMinV: f32 = 0;
let qMaxV: f32 = 0;
let qMinI: i32 = -1;
let qMaxI: i32 = -1;

function columnMinMax(vPtr: usize, n: i32, pPtr: usize, levels: i32, a: i32, b: i32): void {
  let i = a;
  const size0 = 1 << BASE_SHIFT;
  while (i < b) {
    if ((i & (size0 - 1)) != 0 || i + size0 > b) {
      const v = load<f32>(vPtr + (<usize>i << 2));
      if (!isNaN(v)) {
        if (v < qMinV) {
          qMinV = v;
          qMinI = i;
        }
        if (v > qMaxV) {
          qMaxV = v;
          qMaxI = i;
        }
      }
      i++;
      continue;
    }
    let level = 0;
    while (level + 1 < levels) {
      const size = 1 << (BASE_SHIFT + level + 1);
      if ((i & (size - 1)) != 0 || i + size > b) break;
      level++;
    }
    const at = pPtr + levelOffset(n, level) + <usize>(i >> (BASE_SHIFT + level)) * BUCKET_BYTES;
    if (load<i32>(at + 8) >= 0 && load<f32>(at) < qMinV) {
      qMinV = load<f32>(at);
      qMinI = load<i32>(at + 8);
    }
    if (load<i32>(at + 12) >= 0 && load<f32>(at + 4) > qMaxV) {
      qMaxV = load<f32>(at + 4);
      qMaxI = load<i32>(at + 12);
    }
    i += 1 << (BASE_SHIFT + level);
  }
}

export let pyramidMinI: i32 = -1;
export let pyramidMaxI: i32 = -1;

/** Min and max (first indices) of the non-NaN samples in [a, b); false when there are none. */
export function pyramidMinMax(vPtr: usize, n: i32, pPtr: usize, levels: i32, a: i32, b: i32): bool {
  let first = a;
  while (first < b && isNaN(load<f32>(vPtr + (<usize>first << 2)))) first++;
  if (first >= b) return false;
  qMinV = load<f32>(vPtr + (<usize>first << 2));
  qMaxV = qMinV;
  qMinI = first;
  qMaxI = first;
  columnMinMax(vPtr, n, pPtr, levels, first, b);
  pyramidMinI = qMinI;
  pyramidMaxI = qMaxI;
  return true;
}

/** First index in [lo, hi) whose column floor((t - t0) * scale) is >= c: the same column rule as the raw M4. */
function columnStart(tPtr: usize, lo: i32, hi: i32, t0: f64, scale: f64, c: i32): i32 {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (<i32>((load<f64>(tPtr + (<usize>mid << 3)) - t0) * scale) < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** M4 through the pyramid: the same points as m4() over the raw samples. */
export function m4Pyramid(tPtr: usize, vPtr: usize, n: i32, pPtr: usize, levels: i32, t0: f64, t1: f64, width: i32, outT: usize, outV: usize): i32 {
  if (width <= 0 || n <= 0 || !(t1 > t0) || !isFinite(t0) || !isFinite(t1)) return 0;
  let start = 0;
  let hi = n;
  while (start < hi) {
    const mid = (start + hi) >>> 1;
    if (load<f64>(tPtr + (<usize>mid << 3)) < t0) start = mid + 1;
    else hi = mid;
  }
  let end = start;
  hi = n;
  while (end < hi) {
    const mid = (end + hi) >>> 1;
    if (load<f64>(tPtr + (<usize>mid << 3)) < t1) end = mid + 1;
    else hi = mid;
  }
  const scale = <f64>width / (t1 - t0);
  let count = 0;
  let a = start;
  for (let c = 0; c < width && a < end; c++) {
    // The last column also takes samples whose column rounds to width or beyond.
    const b = c == width - 1 ? end : columnStart(tPtr, a, end, t0, scale, c + 1);
    if (b <= a) continue;
    let first = a;
    while (first < b && isNaN(load<f32>(vPtr + (<usize>first << 2)))) first++;
    if (first < b) {
      let last = b - 1;
      while (isNaN(load<f32>(vPtr + (<usize>last << 2)))) last--;
      qMinV = load<f32>(vPtr + (<usize>first << 2));
      qMaxV = qMinV;
      qMinI = first;
      qMaxI = first;
      columnMinMax(vPtr, n, pPtr, levels, first, b);
      count = emit(tPtr, vPtr, outT, outV, count, first, qMinI, qMaxI, last);
    }
    a = b;
  }
  return count;
}
