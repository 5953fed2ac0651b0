// Plain TypeScript twin of asm/assembly/gaps.ts (the test reference and the benchmark's yardstick).

/** Indices i where the pause from sample i to i + 1 is longer than maxGap. */
export function splitGaps(times: Float64Array, maxGap: number): Int32Array {
  const out: number[] = [];
  for (let i = 0; i + 1 < times.length; i++) if (times[i + 1]! - times[i]! > maxGap) out.push(i);
  return Int32Array.from(out);
}
