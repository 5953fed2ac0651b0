import { describe, expect, it } from 'vitest';
import { createScenario } from '../../bench/truth/scenario';
import { createWorld } from '../../bench/truth/world';
import type { ReadingsChunk } from '../../bench/truth/types';

const START = Date.UTC(2025, 6, 1);
const MIN = 60_000;

/** Concatenates chunks field by field, bit for bit (NaN compared as NaN). */
function flatten(chunks: ReadingsChunk[]): number[] {
  const out: number[] = [];
  for (const c of chunks) {
    out.push(...c.times);
    for (const field of [c.ch4Ppm, c.windDirectionDeg, c.windSpeedKmh, c.temperatureC, c.arrival]) {
      for (let s = 0; s < field.length; s++) out.push(...field[s]!);
    }
  }
  return out;
}

/** Per-sensor series of one field over several chunks. */
function series(chunks: ReadingsChunk[], pick: (c: ReadingsChunk) => Float64Array[]): number[][] {
  const n = pick(chunks[0]!).length;
  return Array.from({ length: n }, (_, s) => chunks.flatMap((c) => Array.from(pick(c)[s]!)));
}

describe('truth determinism', () => {
  it('creates identical scenarios from identical inputs and different ones from different seeds', () => {
    const a = createScenario('dense', 5, 1, START, 7);
    const b = createScenario('dense', 5, 1, START, 7);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = createScenario('dense', 6, 1, START, 7);
    expect(JSON.stringify(c.truth)).not.toBe(JSON.stringify(a.truth));
    const d = createScenario('dense', 5, 2, START, 7);
    expect(d.site.origin).not.toEqual(a.site.origin);
  });

  it('gives identical chunks from two worlds with the same inputs', () => {
    // A period with a release and an off-site episode so that particles are in flight.
    const sc = createScenario('operator', 3, 0, START, 1);
    const src = sc.site.sources[0]!;
    const scenario = {
      ...sc,
      truth: {
        releases: [{ id: 'X', sourceKey: src.key, start: START + 20 * MIN, end: START + 70 * MIN, rateKgH: 2 }],
        offsite: [{ start: START + 30 * MIN, end: START + 80 * MIN, rateKgH: 20, east: 200, north: 50 }],
      },
    };
    const w1 = createWorld(scenario);
    const w2 = createWorld(scenario);
    const c1 = [w1.advance(START + 45 * MIN), w1.advance(START + 90 * MIN)];
    const c2 = [w2.advance(START + 45 * MIN), w2.advance(START + 90 * MIN)];
    expect(Object.is(flatten(c1).join(), flatten(c2).join())).toBe(true);
    expect(w1.cloud.releasedMass).toBeGreaterThan(0);
  });

  it('gives the same readings whether advanced every 15 or every 60 minutes', () => {
    const sc = createScenario('sparse', 9, 0, START, 1);
    const src = sc.site.sources[1]!;
    const scenario = {
      ...sc,
      truth: {
        releases: [{ id: 'Y', sourceKey: src.key, start: START + 10 * MIN, end: START + 100 * MIN, rateKgH: 4 }],
        offsite: [],
      },
    };
    const a = createWorld(scenario);
    const b = createWorld(scenario);
    const ca: ReadingsChunk[] = [];
    const cb: ReadingsChunk[] = [];
    for (let m = 15; m <= 120; m += 15) ca.push(a.advance(START + m * MIN));
    for (let m = 60; m <= 120; m += 60) cb.push(b.advance(START + m * MIN));
    for (const pick of [
      (c: ReadingsChunk) => c.ch4Ppm,
      (c: ReadingsChunk) => c.windDirectionDeg,
      (c: ReadingsChunk) => c.windSpeedKmh,
      (c: ReadingsChunk) => c.temperatureC,
      (c: ReadingsChunk) => c.arrival,
    ]) {
      expect(series(ca, pick)).toEqual(series(cb, pick));
    }
    expect(a.cloud.count).toBe(b.cloud.count);
    expect(Array.from(a.cloud.x.subarray(0, a.cloud.count))).toEqual(Array.from(b.cloud.x.subarray(0, b.cloud.count)));
  });

  it('stamps minutes at their end and refuses to go backwards or off the minute', () => {
    const w = createWorld(createScenario('metec', 1, 0, START, 1));
    const c = w.advance(START + 3 * MIN);
    expect(Array.from(c.times)).toEqual([START + MIN, START + 2 * MIN, START + 3 * MIN]);
    expect(c.start).toBe(START);
    expect(c.end).toBe(START + 3 * MIN);
    expect(() => w.advance(START + MIN)).toThrow();
    expect(() => w.advance(START + 4 * MIN + 1)).toThrow();
  });
});
