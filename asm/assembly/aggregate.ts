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
