import { describe, expect, it } from 'vitest';
import { removeBackground, siteEvents } from '../../bench/science/dlq/background';
import { DEFAULT_SPIKE_PARAMS, findSpikes } from '../../bench/science/dlq/spikes';

const labelled = (ev: Int32Array): number[] => Array.from(ev.keys()).filter((i) => ev[i] !== 0);
const bg = { ...DEFAULT_SPIKE_PARAMS, ampPpm: 0.75 };

describe('DLQ find.spikes', () => {
  it('opens on a rise > 0.25 ppm, closes below 5 % of the corrected max, drops the bracketing points', () => {
    const ev = findSpikes([2, 2, 2, 2, 4, 5, 4, 2, 2, 2], DEFAULT_SPIKE_PARAMS);
    // Raw spike is indices 3 (pre-rise) .. 7 (return); DLQ drops both ends.
    expect(labelled(ev)).toEqual([4, 5, 6]);
    expect(ev[4]).toBe(1);
  });

  it('drops a spike whose amplitude (max minus the first point) is below amp.threshold', () => {
    expect(labelled(findSpikes([2, 2, 2.5, 2.6, 2, 2], bg))).toEqual([]);
  });

  it('needs max(going-up, amp) at the last observation', () => {
    expect(labelled(findSpikes([2, 2, 2, 2.5], DEFAULT_SPIKE_PARAMS))).toEqual([]);
    // A rise at the last point opens an event that is never closed, then loses both points.
    expect(labelled(findSpikes([2, 2, 2, 3.5], DEFAULT_SPIKE_PARAMS))).toEqual([]);
  });

  it('ends a stuck spike after cont.diff.num flat steps and unflags the flat tail', () => {
    const obs = [2, 2, 6, 9, 7, 5.4, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3, 5.3];
    const ev = findSpikes(obs, DEFAULT_SPIKE_PARAMS);
    // Event from index 1; at index 15 the last 10 differences are all < 0.25, indices 6..15 unflagged,
    // leaving 1..5 from which the first (1) and last (5) are dropped.
    expect(labelled(ev)).toEqual([2, 3, 4]);
  });

  it('skips NaN gaps and fills them inside a spike', () => {
    const ev = findSpikes([NaN, 2, 2, 5, NaN, 6, 4, 2, 2], DEFAULT_SPIKE_PARAMS);
    expect(labelled(ev)).toEqual([3, 4, 5, 6]);
  });

  it('returns nothing for an all-NaN or flat series', () => {
    expect(labelled(findSpikes(new Float64Array(20).fill(NaN), DEFAULT_SPIKE_PARAMS))).toEqual([]);
    expect(labelled(findSpikes(new Float64Array(20).fill(2), DEFAULT_SPIKE_PARAMS))).toEqual([]);
  });
});

describe('DLQ background removal (MAIN_2 step 2)', () => {
  it('merges spikes less than gap.time apart and subtracts the mean of the merged first and last points', () => {
    const y = [...Array(10).fill(2), 5, 6, 5, ...Array(10).fill(2), 4, 5, ...Array(15).fill(2.2)] as number[];
    const t = Float64Array.from(y, (_, i) => i * 60_000);
    const out = removeBackground(Float64Array.from(y), t, bg, 30);
    // Spike A spans 9..13 and B 22..25 after the one-point extension; 9 minutes apart: merged.
    // Background = (y[9] + y[25]) / 2 = 2.1; values below it become 0; outside the event 0.
    expect(out[10]).toBeCloseTo(2.9, 12);
    expect(out[11]).toBeCloseTo(3.9, 12);
    expect(out[15]).toBe(0);
    expect(out[24]).toBeCloseTo(2.9, 12);
    expect(out[25]).toBeCloseTo(0.1, 12);
    expect(out[26]).toBe(0);
    expect(out[5]).toBe(0);
  });

  it('keeps spikes apart when the gap is gap.time or more and uses each own background', () => {
    const y = [...Array(5).fill(2), 5, 6, 5, ...Array(40).fill(3), 6, 7, 6, ...Array(5).fill(3)] as number[];
    const t = Float64Array.from(y, (_, i) => i * 60_000);
    const out = removeBackground(Float64Array.from(y), t, bg, 30);
    expect(out[6]).toBeCloseTo(6 - (2 + 3) / 2, 12); // first spike 4..8: y[4] = 2, y[8] = 3
    expect(out[30]).toBe(0);
    expect(out[49]).toBeCloseTo(4, 12); // second spike 47..51 on background 3
  });

  it('keeps leading/trailing NaN and survives an all-NaN sensor', () => {
    const out = removeBackground(
      Float64Array.from([NaN, 2, 2, 5, 6, 2, 2, NaN]),
      Float64Array.from({ length: 8 }, (_, i) => i * 60_000),
      bg,
      30,
    );
    expect(Number.isNaN(out[0]!)).toBe(true);
    expect(Number.isNaN(out[7]!)).toBe(true);
    expect(out[4]).toBeCloseTo(4, 12);
    expect(
      Array.from(removeBackground(new Float64Array(5).fill(NaN), new Float64Array(5), bg, 30)).every(Number.isNaN),
    ).toBe(true);
  });
});

describe('DLQ site events (MAIN_2 step 3)', () => {
  const series = (n: number, on: [number, number][]): Float64Array => {
    const a = new Float64Array(n);
    for (const [x, y] of on) a.fill(1, x, y + 1);
    return a;
  };

  it('fills gaps of at most gap.time rows between sensors and drops events under length.threshold', () => {
    const n = 300;
    const s1 = series(n, [
      [5, 10],
      [100, 105],
      [200, 214],
    ]);
    const s2 = series(n, [
      [20, 24],
      [250, 263],
    ]);
    s2[0] = NaN;
    // 5..24 joined (gap 9 rows); 100..105 too short; 200..214 is exactly 15 rows: kept;
    // 250..263 is 14 rows but only 35 rows after 214, so it stays separate and is dropped.
    expect(siteEvents([s1, s2], n, 30, 15)).toEqual([
      [5, 24],
      [200, 214],
    ]);
  });

  it('joins across a gap of exactly gap.time rows but not gap.time + 1', () => {
    expect(
      siteEvents(
        [
          series(100, [
            [0, 9],
            [40, 49],
          ]),
        ],
        100,
        30,
        15,
      ),
    ).toEqual([[0, 49]]);
    expect(
      siteEvents(
        [
          series(100, [
            [0, 9],
            [41, 50],
          ]),
        ],
        100,
        30,
        15,
      ),
    ).toEqual([]);
  });

  it('finds nothing in all-zero or all-NaN data', () => {
    expect(siteEvents([new Float64Array(50), new Float64Array(50).fill(NaN)], 50, 30, 15)).toEqual([]);
  });
});
