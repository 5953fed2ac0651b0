import { emit, lowerBound } from './m4';

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
  // ceil(n / 2^(4 + level)) for n > 0, without overflowing near 2^31.
  return n <= 0 ? 0 : ((n - 1) >> (BASE_SHIFT + level)) + 1;
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

// Byte offset of each level from the pyramid's start, for the series length they were computed for: queries read
// buckets at many levels per pixel column, so the offsets are a table lookup instead of a loop of divisions.
const MAX_LEVELS: i32 = 32;
const LEVEL_OFFSETS: usize = memory.data(MAX_LEVELS << 2);
let offsetsFor: i32 = -1;

function prepareOffsets(n: i32, levels: i32): void {
  if (offsetsFor == n) return;
  for (let l = 0; l < levels && l < MAX_LEVELS; l++) store<usize>(LEVEL_OFFSETS + (<usize>l << 2), levelOffset(n, l));
  offsetsFor = n;
}

// Results of one column's min/max search: the smallest and largest non-NaN value and their first indices.
let qMinV: f32 = 0;
let qMaxV: f32 = 0;
let qMinI: i32 = -1;
let qMaxI: i32 = -1;

/**
 * Folds the samples [a, b) into the scratch min/max (seeded by the caller with a sample before a): raw samples up to
 * the first whole base bucket, then the fewest pyramid buckets covering the whole ones (bottom-up, at most two per
 * level), then the raw samples after the last whole bucket. Offsets must be prepared. Works in locals, not globals.
 */
function columnMinMax(vPtr: usize, pPtr: usize, a: i32, b: i32): void {
  let minV = qMinV;
  let maxV = qMaxV;
  let minI = qMinI;
  let maxI = qMaxI;
  let lo = (a + (1 << BASE_SHIFT) - 1) >> BASE_SHIFT;
  let hi = b >> BASE_SHIFT;
  // Raw samples before the first whole bucket (all of them when there is none), in index order: strict compares keep
  // the earliest index, and NaN fails both.
  const head = lo < hi ? lo << BASE_SHIFT : b;
  for (let i = a; i < head; i++) {
    const v = load<f32>(vPtr + (<usize>i << 2));
    if (v < minV) {
      minV = v;
      minI = i;
    }
    if (v > maxV) {
      maxV = v;
      maxI = i;
    }
  }
  if (lo < hi) {
    const tail = hi << BASE_SHIFT;
    let levelAt = LEVEL_OFFSETS;
    while (lo < hi) {
      const base = pPtr + load<usize>(levelAt);
      // Buckets are not visited in index order here: ties go to the earlier index, as in the raw scan. A bucket of
      // only NaN has index -1 (and infinite bounds, which never win).
      if (lo & 1) {
        const at = base + <usize>lo * BUCKET_BYTES;
        const bMinV = load<f32>(at);
        const bMaxV = load<f32>(at, 4);
        const bMinI = load<i32>(at, 8);
        const bMaxI = load<i32>(at, 12);
        if (bMinI >= 0 && (bMinV < minV || (bMinV == minV && bMinI < minI))) {
          minV = bMinV;
          minI = bMinI;
        }
        if (bMaxI >= 0 && (bMaxV > maxV || (bMaxV == maxV && bMaxI < maxI))) {
          maxV = bMaxV;
          maxI = bMaxI;
        }
        lo++;
      }
      if (hi & 1) {
        hi--;
        const at = base + <usize>hi * BUCKET_BYTES;
        const bMinV = load<f32>(at);
        const bMaxV = load<f32>(at, 4);
        const bMinI = load<i32>(at, 8);
        const bMaxI = load<i32>(at, 12);
        if (bMinI >= 0 && (bMinV < minV || (bMinV == minV && bMinI < minI))) {
          minV = bMinV;
          minI = bMinI;
        }
        if (bMaxI >= 0 && (bMaxV > maxV || (bMaxV == maxV && bMaxI < maxI))) {
          maxV = bMaxV;
          maxI = bMaxI;
        }
      }
      lo >>= 1;
      hi >>= 1;
      levelAt += 4;
    }
    // Raw samples after the last whole bucket: the latest indices, so strict compares again.
    for (let i = tail; i < b; i++) {
      const v = load<f32>(vPtr + (<usize>i << 2));
      if (v < minV) {
        minV = v;
        minI = i;
      }
      if (v > maxV) {
        maxV = v;
        maxI = i;
      }
    }
  }
  qMinV = minV;
  qMaxV = maxV;
  qMinI = minI;
  qMaxI = maxI;
}

export let pyramidMinI: i32 = -1;
export let pyramidMaxI: i32 = -1;

/** Min and max (first indices) of the non-NaN samples in [a, b); false when there are none. */
export function pyramidMinMax(vPtr: usize, n: i32, pPtr: usize, levels: i32, a: i32, b: i32): bool {
  let first = a;
  while (first < b && isNaN(load<f32>(vPtr + (<usize>first << 2)))) first++;
  if (first >= b) return false;
  prepareOffsets(n, levels);
  qMinV = load<f32>(vPtr + (<usize>first << 2));
  qMaxV = qMinV;
  qMinI = first;
  qMaxI = first;
  columnMinMax(vPtr, pPtr, first + 1, b);
  pyramidMinI = qMinI;
  pyramidMaxI = qMaxI;
  return true;
}

/** The raw M4's column of sample i (t >= t0, so truncation is the floor). */
@inline
function columnOf(tPtr: usize, i: i32, t0: f64, scale: f64): i32 {
  return <i32>((load<f64>(tPtr + (<usize>i << 3)) - t0) * scale);
}

/**
 * First index in [lo, hi) whose column is >= c (hi if none), searched from a guess: regular samples put it within a
 * step of the guess, so galloping from there reads a few neighbouring timestamps instead of a binary search over
 * the rest of the window. Same column rule as the raw M4.
 */
function columnStart(tPtr: usize, lo: i32, hi: i32, t0: f64, scale: f64, c: i32, guess: i32): i32 {
  // The answer stays in [lo, hi].
  const g = min(max(guess, lo), hi);
  if (g < hi && columnOf(tPtr, g, t0, scale) < c) {
    lo = g + 1;
    let step = 1;
    while (lo + step - 1 < hi) {
      const p = lo + step - 1;
      if (columnOf(tPtr, p, t0, scale) >= c) {
        hi = p;
        break;
      }
      lo = p + 1;
      step <<= 1;
    }
  } else {
    hi = g;
    let step = 1;
    while (hi - step >= lo) {
      const p = hi - step;
      if (columnOf(tPtr, p, t0, scale) < c) {
        lo = p + 1;
        break;
      }
      hi = p;
      step <<= 1;
    }
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (columnOf(tPtr, mid, t0, scale) < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** M4 through the pyramid: the same points as m4() over the raw samples. */
export function m4Pyramid(tPtr: usize, vPtr: usize, n: i32, pPtr: usize, levels: i32, t0: f64, t1: f64, width: i32, outT: usize, outV: usize): i32 {
  if (width <= 0 || n <= 0 || !(t1 > t0) || !isFinite(t0) || !isFinite(t1)) return 0;
  prepareOffsets(n, levels);
  const start = lowerBound(tPtr, n, t0);
  const end = lowerBound(tPtr, n, t1);
  const scale = <f64>width / (t1 - t0);
  let count = 0;
  let a = start;
  // Samples per column so far: the guess for where the next column starts.
  let step = (end - start) / width;
  for (let c = 0; c < width && a < end; c++) {
    // The last column also takes samples whose column rounds to width or beyond.
    let b = end;
    if (c < width - 1) {
      b = columnStart(tPtr, a, end, t0, scale, c + 1, a + step);
      if (b <= a) {
        // Empty column: go straight to the column of sample a.
        c = min(columnOf(tPtr, a, t0, scale), width - 1) - 1;
        continue;
      }
      step = b - a;
    }
    let first = a;
    while (first < b && isNaN(load<f32>(vPtr + (<usize>first << 2)))) first++;
    if (first < b) {
      let last = b - 1;
      while (isNaN(load<f32>(vPtr + (<usize>last << 2)))) last--;
      qMinV = load<f32>(vPtr + (<usize>first << 2));
      qMaxV = qMinV;
      qMinI = first;
      qMaxI = first;
      columnMinMax(vPtr, pPtr, first + 1, last + 1);
      count = emit(tPtr, vPtr, outT, outV, count, first, qMinI, qMaxI, last);
    }
    a = b;
  }
  return count;
}
