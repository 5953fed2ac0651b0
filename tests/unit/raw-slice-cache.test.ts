import { beforeAll, describe, expect, it } from 'vitest';
import { splitGaps } from '../../asm/reference/gaps';
import { gapThreshold } from '@/domain/chart-gaps';
import type { LoadedSeries, WasmCore } from '@/compute/wasm-core';
import { loadWasmCoreFromDisk } from '@/compute/wasm-core-node';
import { RawSliceCache } from '@/ui/chart/raw-slice-cache';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** A day of one-minute samples with a three-hour pause after 06:00 (values: the minute's index). */
function dayWithPause(): { times: Float64Array; values: Float32Array } {
  const times: number[] = [];
  for (let m = 0; m < 1440; m++) if (m <= 360 || m > 540) times.push(m * MIN);
  return { times: Float64Array.from(times), values: Float32Array.from(times, (t) => t / MIN) };
}

describe('raw slices held on the page', () => {
  let core: WasmCore;
  let loaded: LoadedSeries;
  const raw = dayWithPause();
  /** The slice of [t0, t1) as the worker cuts it: the samples in it, split by the gap rule. */
  const sliceOf = (t0: number, t1: number) => {
    const [lo, hi] = loaded.indexRange(t0, t1);
    return loaded.rawSlice(lo, hi, gapThreshold(MIN));
  };
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
    loaded = core.loadSeries(raw.times, raw.values);
  });

  it('cuts slices from the loaded series with the samples either side', () => {
    expect(loaded.indexRange(10 * MIN, 20 * MIN)).toEqual([10, 20]);
    const s = sliceOf(10 * MIN, 20 * MIN);
    expect(Array.from(s.values)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect([s.before, s.after]).toEqual([9 * MIN, 20 * MIN]);
    const whole = sliceOf(-Infinity, Infinity);
    expect(whole.times.length).toBe(raw.times.length);
    expect([whole.before, whole.after]).toEqual([-Infinity, Infinity]);
  });

  it('serves a window inside the slice as views into it, with its neighbours', () => {
    const cache = new RawSliceCache();
    const slice = sliceOf(0, 4 * HOUR);
    cache.put('a', slice);
    const w = cache.window('a', HOUR, 2 * HOUR, 1000)!;
    expect(w.inside).toBe(60);
    expect(w.values[0]).toBe(59);
    expect(w.values[w.values.length - 1]).toBe(120);
    expect(w.times.buffer).toBe(slice.times.buffer);
    expect(w.values.buffer).toBe(slice.values.buffer);
    expect(w.seconds[1]).toBe(3600);
    expect(w.splits.length).toBe(0);
  });

  it('has no window outside the slice, nor one dense enough for M4', () => {
    const cache = new RawSliceCache();
    cache.put('a', sliceOf(HOUR, 4 * HOUR));
    expect(cache.window('a', HOUR - MIN, 2 * HOUR, 1000)).toBeNull();
    expect(cache.window('a', 2 * HOUR, 4 * HOUR + 1, 1000)).toBeNull();
    expect(cache.window('b', 2 * HOUR, 3 * HOUR, 1000)).toBeNull();
    // 60 samples at 15 px: four per pixel, M4's turn.
    expect(cache.window('a', 2 * HOUR, 3 * HOUR, 15)).toBeNull();
    expect(cache.window('a', 2 * HOUR, 3 * HOUR, 16)?.inside).toBe(60);
  });

  it('covers windows up to the series ends, where the slice has no neighbour to add', () => {
    const cache = new RawSliceCache();
    cache.put('a', sliceOf(-Infinity, Infinity));
    const first = cache.window('a', -HOUR, HOUR, 2000)!;
    expect(first.values[0]).toBe(0);
    expect(first.inside).toBe(60);
    const last = cache.window('a', 23 * HOUR, 25 * HOUR, 2000)!;
    expect(last.values[last.values.length - 1]).toBe(1439);
    expect(last.values.length).toBe(61);
  });

  it('keeps the gap rule: the pause breaks the line inside any window that holds it', () => {
    const cache = new RawSliceCache();
    const slice = sliceOf(0, 12 * HOUR);
    expect(Array.from(slice.splits)).toEqual(Array.from(splitGaps(slice.times, gapThreshold(MIN))));
    expect(slice.splits.length).toBe(1);
    cache.put('a', slice);
    const w = cache.window('a', 5 * HOUR, 10 * HOUR, 1000)!;
    const pauseAt = Array.from(w.values).indexOf(360);
    expect(Array.from(w.splits)).toEqual([pauseAt]);
    expect(w.values[pauseAt + 1]).toBe(541);
    expect(Array.from(w.splits)).toEqual(Array.from(splitGaps(w.times, gapThreshold(MIN))));
    // A window after the pause, whose left neighbour is the last sample before it, breaks between the two.
    const after = cache.window('a', 8 * HOUR, 9.5 * HOUR, 1000)!;
    expect(after.values[0]).toBe(360);
    expect(Array.from(after.splits)).toEqual([0]);
    expect(cache.window('a', 7 * HOUR, 8 * HOUR, 1000)?.inside).toBe(0);
  });

  it('asks once for the next slice when a pan of one more window could leave it', () => {
    const cache = new RawSliceCache();
    cache.put('a', sliceOf(HOUR, 5 * HOUR));
    cache.put('b', sliceOf(-Infinity, Infinity));
    expect(cache.toPrefetch(['a', 'b'], 2 * HOUR, 3 * HOUR)).toEqual([]);
    expect(cache.toPrefetch(['a', 'b'], 3 * HOUR, 4 * HOUR)).toEqual([]);
    expect(cache.toPrefetch(['a', 'b'], 3.5 * HOUR, 4.5 * HOUR)).toEqual(['a']);
    expect(cache.toPrefetch(['a', 'b'], 3.6 * HOUR, 4.6 * HOUR)).toEqual([]);
    cache.put('a', sliceOf(2 * HOUR, 7 * HOUR));
    expect(cache.toPrefetch(['a'], 3.6 * HOUR, 4.6 * HOUR)).toEqual([]);
    expect(cache.toPrefetch(['a'], 2.5 * HOUR, 3.5 * HOUR)).toEqual(['a']);
    cache.retain(['b']);
    expect(cache.window('a', 3 * HOUR, 4 * HOUR, 1000)).toBeNull();
    expect(cache.window('b', 3 * HOUR, 4 * HOUR, 1000)?.inside).toBe(60);
  });
});
