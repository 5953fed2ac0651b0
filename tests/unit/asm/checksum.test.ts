import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sumF64 } from '../../../asm/reference/checksum';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

describe('wasm core smoke kernel', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('sums like the TypeScript reference, skipping NaN, for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(Number.NaN)), {
          maxLength: 2000,
        }),
        (values) => {
          const input = Float64Array.from(values);
          expect(core.sumF64(input)).toBeCloseTo(sumF64(input), 6);
        },
      ),
    );
  });

  it('handles empty input and input larger than the initial memory', () => {
    expect(core.sumF64(new Float64Array(0))).toBe(0);
    const big = new Float64Array(300_000).fill(1);
    expect(core.sumF64(big)).toBe(300_000);
  });
});
