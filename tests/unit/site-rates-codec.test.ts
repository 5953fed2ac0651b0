import { describe, expect, it } from 'vitest';
import { decodeSiteRatesJson } from '@/codec/site-rates';

describe('site rates decoded for the rate chart', () => {
  it('turns the points into a time column and float32 rate and bound columns, in order', () => {
    const cols = decodeSiteRatesJson(
      JSON.stringify([
        { time: 900_000, rate: 1.25, lowerBound: 0.5, upperBound: 2 },
        { time: 1_800_000, rate: 0, lowerBound: 0, upperBound: 3.5 },
      ]),
    );
    expect(Array.from(cols.times)).toEqual([900_000, 1_800_000]);
    expect(Array.from(cols.rate)).toEqual([1.25, 0]);
    expect(Array.from(cols.lowerBound)).toEqual([0.5, 0]);
    expect(Array.from(cols.upperBound)).toEqual([2, 3.5]);
    expect(cols.rate).toBeInstanceOf(Float32Array);
    expect(decodeSiteRatesJson('[]').times).toHaveLength(0);
  });
  it('refuses an answer that is not an array of points, naming the first bad point', () => {
    expect(() => decodeSiteRatesJson('{"detail":"x"}')).toThrow('The site rates must be a JSON array of points');
    expect(() =>
      decodeSiteRatesJson(
        JSON.stringify([
          { time: 1, rate: 1, lowerBound: 0, upperBound: 2 },
          { time: 2, rate: null, lowerBound: 0 },
        ]),
      ),
    ).toThrow('Point 2 is not a time with a rate and its bounds');
    expect(() => decodeSiteRatesJson('[null]')).toThrow('Point 1 is not');
    expect(() => decodeSiteRatesJson('not json')).toThrow(SyntaxError);
  });
});
