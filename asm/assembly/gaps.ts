// Gap splitting (spec 2 §9): a line breaks after sample i when the next one is more than maxGap later.
/** Writes the indices i (as i32) after which a null must be inserted; returns their count. */
export function splitGaps(tPtr: usize, n: i32, maxGap: f64, outPtr: usize): i32 {
  let count = 0;
  for (let i = 0; i + 1 < n; i++) {
    const gap = load<f64>(tPtr + (<usize>(i + 1) << 3)) - load<f64>(tPtr + (<usize>i << 3));
    if (gap > maxGap) {
      store<i32>(outPtr + (<usize>count << 2), i);
      count++;
    }
  }
  return count;
}
