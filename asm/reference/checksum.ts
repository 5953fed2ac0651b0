// Plain TypeScript twin of asm/assembly/checksum.ts: the readable truth the wasm is tested against.
export function sumF64(values: Float64Array): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) total += v;
  }
  return total;
}
