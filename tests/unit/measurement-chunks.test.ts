import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_MS,
  chunkStartOf,
  decodeChunk,
  encodeChunk,
  mergeSamples,
  sliceRange,
} from '../../server/services/measurement-chunk';

const day = Date.UTC(2026, 2, 8);

describe('measurement chunks', () => {
  it('round-trips a day of samples through the packed arrays', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: CHUNK_MS - 1 }), { maxLength: 2000 }), (offsets) => {
        const times = Float64Array.from(offsets.sort((a, b) => a - b).map((o) => day + o));
        const values = Float32Array.from(times, (_, i) => Math.fround(i * 0.5 - 3));
        const packed = encodeChunk(day, { times, values });
        const back = decodeChunk(day, packed.times, packed.vals);
        expect(Array.from(back.times)).toEqual(Array.from(times));
        expect(Array.from(back.values)).toEqual(Array.from(values));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a sample outside its day and a damaged chunk', () => {
    expect(() => encodeChunk(day, { times: Float64Array.of(day + CHUNK_MS), values: Float32Array.of(1) })).toThrow(
      'outside the chunk',
    );
    expect(() => decodeChunk(day, new Uint8Array(8), new Uint8Array(4))).toThrow('damaged');
  });

  it('merges by time: replaying a batch changes nothing, a newer value replaces an older one', () => {
    const a = { times: Float64Array.of(day, day + 60_000), values: Float32Array.of(1, 2) };
    const b = { times: Float64Array.of(day + 60_000, day + 120_000), values: Float32Array.of(5, 3) };
    const once = mergeSamples(a, b);
    expect(Array.from(once.times)).toEqual([day, day + 60_000, day + 120_000]);
    expect(Array.from(once.values)).toEqual([1, 5, 3]);
    expect(mergeSamples(once, b)).toEqual(once);
  });

  it('slices a range with the start included and the end excluded', () => {
    const s = { times: Float64Array.of(day, day + 1, day + 2, day + 3), values: Float32Array.of(0, 1, 2, 3) };
    expect(Array.from(sliceRange(s, day + 1, day + 3).values)).toEqual([1, 2]);
    expect(sliceRange(s, day + 10, day + 20).times.length).toBe(0);
    expect(chunkStartOf(day + CHUNK_MS - 1)).toBe(day);
  });
});
