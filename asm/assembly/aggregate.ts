// Chart modes (spec 2): the maximum per sample period, and 15-minute / 1-hour / 1-day averages. Buckets start at
// multiples of the period after shifting by an offset (the user's UTC offset, so days are local days).

/** mode 0 = average, 1 = maximum. Writes bucket start times and values; NaN samples and empty buckets are skipped. */
export function aggregate(tPtr: usize, vPtr: usize, n: i32, period: f64, offset: f64, mode: i32, outT: usize, outV: usize): i32 {
  if (n <= 0 || !(period > 0) || !isFinite(period)) return 0;
  let count = 0;
  let bucket: f64 = NaN;
  let sum: f64 = 0;
  let maxV: f32 = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = load<f32>(vPtr + (<usize>i << 2));
    if (isNaN(v)) continue;
    const b = Math.floor((load<f64>(tPtr + (<usize>i << 3)) + offset) / period);
    if (b != bucket) {
      if (k > 0) {
        store<f64>(outT + (<usize>count << 3), bucket * period - offset);
        store<f32>(outV + (<usize>count << 2), mode == 1 ? maxV : <f32>(sum / <f64>k));
        count++;
      }
      bucket = b;
      sum = 0;
      k = 0;
      maxV = v;
    }
    sum += <f64>v;
    if (v > maxV) maxV = v;
    k++;
  }
  if (k > 0) {
    store<f64>(outT + (<usize>count << 3), bucket * period - offset);
    store<f32>(outV + (<usize>count << 2), mode == 1 ? maxV : <f32>(sum / <f64>k));
    count++;
  }
  return count;
}

/**
 * The largest value per period counted from `origin`, at the time it was measured (the chart's Maximum mode): a
 * period's first sample opens it, a strictly larger one replaces it (ties keep the earlier). NaN samples skipped.
 */
export function peakPerPeriod(tPtr: usize, vPtr: usize, n: i32, origin: f64, period: f64, outT: usize, outV: usize): i32 {
  if (n <= 0 || !(period > 0) || !isFinite(period)) return 0;
  let count = 0;
  let bucket: f64 = NaN;
  for (let i = 0; i < n; i++) {
    const v = load<f32>(vPtr + (<usize>i << 2));
    if (isNaN(v)) continue;
    const t = load<f64>(tPtr + (<usize>i << 3));
    const b = Math.floor((t - origin) / period);
    if (b != bucket) {
      bucket = b;
      store<f64>(outT + (<usize>count << 3), t);
      store<f32>(outV + (<usize>count << 2), v);
      count++;
    } else if (v > load<f32>(outV + (<usize>(count - 1) << 2))) {
      store<f64>(outT + (<usize>(count - 1) << 3), t);
      store<f32>(outV + (<usize>(count - 1) << 2), v);
    }
  }
  return count;
}

/**
 * Paired wind readings (time, direction in degrees, speed) reduced per period, buckets floor((t + shift) / period).
 * mode 0, averages: the directions' circular mean (mean unit vector) and the mean speed, at the bucket's start
 * bucket * period - shift; pairs with a NaN are skipped. mode 1, strongest: the reading with the largest speed (ties
 * keep the earlier), at its own time with its direction; NaN speeds are skipped.
 */
export function windPerPeriod(
  tPtr: usize,
  dPtr: usize,
  sPtr: usize,
  n: i32,
  mode: i32,
  period: f64,
  shift: f64,
  outT: usize,
  outD: usize,
  outS: usize,
): i32 {
  if (n <= 0 || !(period > 0) || !isFinite(period)) return 0;
  let count = 0;
  let bucket: f64 = NaN;
  let sx: f64 = 0;
  let sy: f64 = 0;
  let ss: f64 = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = load<f64>(tPtr + (<usize>i << 3));
    const d = load<f32>(dPtr + (<usize>i << 2));
    const s = load<f32>(sPtr + (<usize>i << 2));
    if (isNaN(s) || (mode == 0 && isNaN(d))) continue;
    const b = Math.floor((t + shift) / period);
    if (mode == 1) {
      if (b != bucket) {
        bucket = b;
        count++;
      } else if (!(s > load<f32>(outS + (<usize>(count - 1) << 2)))) continue;
      store<f64>(outT + (<usize>(count - 1) << 3), t);
      store<f32>(outD + (<usize>(count - 1) << 2), d);
      store<f32>(outS + (<usize>(count - 1) << 2), s);
      continue;
    }
    if (b != bucket) {
      if (k > 0) count = flushWindMean(count, bucket, period, shift, sx, sy, ss, k, outT, outD, outS);
      bucket = b;
      sx = sy = ss = 0;
      k = 0;
    }
    const r = (<f64>d * Math.PI) / 180;
    sx += Math.cos(r);
    sy += Math.sin(r);
    ss += <f64>s;
    k++;
  }
  if (mode == 0 && k > 0) count = flushWindMean(count, bucket, period, shift, sx, sy, ss, k, outT, outD, outS);
  return count;
}

function flushWindMean(count: i32, bucket: f64, period: f64, shift: f64, sx: f64, sy: f64, ss: f64, k: i32, outT: usize, outD: usize, outS: usize): i32 {
  const n = <f64>k;
  store<f64>(outT + (<usize>count << 3), bucket * period - shift);
  store<f32>(outD + (<usize>count << 2), <f32>(((Math.atan2(sy / n, sx / n) * 180) / Math.PI + 360) % 360));
  store<f32>(outS + (<usize>count << 2), <f32>(ss / n));
  return count + 1;
}
