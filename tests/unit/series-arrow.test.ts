import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeSeriesArrow, decodeSeriesJson, encodeSeriesArrow } from '../../src/codec/series-arrow';

describe('series over Arrow IPC and JSON', () => {
  it('round-trips any series through Arrow, NaN included', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.oneof(fc.float({ noNaN: true }), fc.constant(Number.NaN)),
          ),
          { maxLength: 500 },
        ),
        (rows) => {
          const times = Float64Array.from(rows, (r) => r[0]);
          const values = Float32Array.from(rows, (r) => r[1]);
          const back = decodeSeriesArrow(encodeSeriesArrow({ times, values }));
          expect(Array.from(back.times)).toEqual(Array.from(times));
          expect(Array.from(back.values)).toEqual(Array.from(values));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses broken input with a clear message', () => {
    expect(() => decodeSeriesArrow(Uint8Array.of(1, 2, 3, 4))).toThrow(/Arrow|columns/);
    expect(() => decodeSeriesJson('{"a":1}')).toThrow('JSON array');
    expect(() => decodeSeriesJson('[[1,2],["x",3]]')).toThrow('Row 2');
    expect(() => encodeSeriesArrow({ times: Float64Array.of(1), values: new Float32Array(0) })).toThrow('same length');
    expect(Array.from(decodeSeriesJson('[[1,2],[3,null]]').values)).toEqual([2, Number.NaN]);
  });
});
