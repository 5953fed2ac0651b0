// Raw slices held on the page (issue 24): when a chart's window holds fewer than four samples per pixel, the worker
// sends the raw samples of the window and two windows either side once, and pans inside them are served here as
// subarrays, with no copy and no message. A pan that comes within a window of the slice's edge asks for the next
// slice ahead of time; M4 windows (longer ones) are never held, the pyramid in the worker answers them.
import { RAW_SAMPLES_PER_PIXEL, type RawSlice } from '@/compute/wasm-core';

/** A window served from a held slice: views into it, plus the sample either side when the slice has it. */
export interface SliceWindow {
  times: Float64Array;
  /** The same times in seconds (uPlot's unit), converted once when the slice arrived. */
  seconds: Float64Array;
  values: Float32Array;
  /** Indices i (into this window) after which the line breaks, by the gap rule the slice was split with. */
  splits: Int32Array;
  /** How many of the points lie in the window itself (the rest are its neighbours outside, so the line meets the edges). */
  inside: number;
}

interface Held {
  slice: RawSlice;
  seconds: Float64Array;
}

/** First index whose value is at least x (a ascending). */
function lowerBound(a: ArrayLike<number>, x: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class RawSliceCache {
  private readonly held = new Map<string, Held>();
  /** Series whose next slice has been asked for and not yet arrived. */
  private readonly asked = new Set<string>();

  put(id: string, slice: RawSlice): void {
    const seconds = new Float64Array(slice.times.length);
    for (let i = 0; i < seconds.length; i++) seconds[i] = slice.times[i]! / 1000;
    this.held.set(id, { slice, seconds });
    this.asked.delete(id);
  }

  drop(id: string): void {
    this.held.delete(id);
    this.asked.delete(id);
  }

  /** Forgets every series but these (a chart's loaded series change with each load). */
  retain(ids: readonly string[]): void {
    for (const id of [...this.held.keys(), ...this.asked]) if (!ids.includes(id)) this.drop(id);
  }

  /**
   * The window [t0, t1) of series `id` from its held slice, or null when no slice covers it or the window holds
   * four samples per pixel or more at `width` (its M4 is then cheaper to draw).
   */
  window(id: string, t0: number, t1: number, width: number): SliceWindow | null {
    const h = this.held.get(id);
    if (!h || !(t0 > h.slice.before && t1 <= h.slice.after && t0 < t1)) return null;
    const { times, values, splits } = h.slice;
    const lo = lowerBound(times, t0);
    const hi = lowerBound(times, t1, lo);
    if (hi - lo >= RAW_SAMPLES_PER_PIXEL * Math.floor(width)) return null;
    const from = Math.max(0, lo - 1);
    const to = Math.min(times.length, hi + 1);
    // The breaks between the window's points (and its neighbours), renumbered from the window's first point.
    const s0 = lowerBound(splits, from);
    const s1 = lowerBound(splits, to - 1, s0);
    const ours = new Int32Array(s1 - s0);
    for (let i = 0; i < ours.length; i++) ours[i] = splits[s0 + i]! - from;
    return {
      times: times.subarray(from, to),
      seconds: h.seconds.subarray(from, to),
      values: values.subarray(from, to),
      splits: ours,
      inside: hi - lo,
    };
  }

  /**
   * Of these series, those whose held slice one more pan of a window could leave, and which have not been asked
   * for already: the caller fetches their next slice (centred on [t0, t1)) and `put`s it. A fetch that fails leaves
   * the series marked; its next miss fetches a slice anyway.
   */
  toPrefetch(ids: readonly string[], t0: number, t1: number): string[] {
    const span = t1 - t0;
    const due = ids.filter((id) => {
      const h = this.held.get(id);
      if (!h || this.asked.has(id)) return false;
      return t0 - span <= h.slice.before || t1 + span > h.slice.after;
    });
    for (const id of due) this.asked.add(id);
    return due;
  }
}
