/**
 * DLQ MAIN_2 steps 2 and 3: per-sensor background removal from find.spikes, then the
 * site event mask (union over sensors, gaps filled, short events dropped).
 */
import { findSpikes, type SpikeParams } from './spikes';

/** Label ranges [lo, hi] per label (1-based labels; 0 = absent). */
function ranges(labels: Int32Array, nLabels: number): { lo: Int32Array; hi: Int32Array } {
  const lo = new Int32Array(nLabels + 1).fill(-1);
  const hi = new Int32Array(nLabels + 1).fill(-1);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l === 0) continue;
    if (lo[l] === -1) lo[l] = i;
    hi[l] = i;
  }
  return { lo, hi };
}

/**
 * Background-removed series of one sensor: within each (extended, merged) spike the
 * mean of its first and last point is subtracted; everything else is 0; negatives 0.
 * `obs` must hold no interior NaN (DLQ interpolates them first); leading/trailing NaN
 * are trimmed and stay NaN. `timesMs` are the row times (rows may skip minutes).
 */
export function removeBackground(
  obs: Float64Array,
  timesMs: Float64Array,
  p: SpikeParams,
  gapTimeMin: number,
): Float64Array {
  const n = obs.length;
  const out = new Float64Array(n).fill(NaN);
  let a = 0;
  while (a < n && Number.isNaN(obs[a]!)) a++;
  let b = n - 1;
  while (b >= a && Number.isNaN(obs[b]!)) b--;
  if (a > b) return out;
  const y = obs.subarray(a, b + 1);
  const t = timesMs.subarray(a, b + 1);
  const m = y.length;
  const ev = findSpikes(y, p);
  let nLabels = 0;
  for (const l of ev) if (l > nLabels) nLabels = l;

  // Extend each spike by one point each side, in label order (DLQ overwrites neighbours).
  const { lo, hi } = ranges(ev, nLabels);
  const order: number[] = [];
  for (let l = 1; l <= nLabels; l++) if (lo[l]! >= 0) order.push(l);
  for (const l of order) {
    let l0 = -1;
    let h0 = -1;
    for (let i = Math.max(0, lo[l]! - 1); i <= Math.min(m - 1, hi[l]! + 1); i++) {
      if (ev[i] === l) {
        if (l0 < 0) l0 = i;
        h0 = i;
      }
    }
    if (l0 < 0) continue; // fully overwritten by a neighbour's extension
    ev[Math.max(l0 - 1, 0)] = l;
    ev[Math.min(h0 + 1, m - 1)] = l;
  }

  // Merge spikes that start less than gapTime after the previous one ends (real time).
  const r = ranges(ev, nLabels);
  const present = order.filter((l) => r.lo[l]! >= 0);
  const group = new Int32Array(nLabels + 1);
  for (let k = 0; k < present.length; k++) group[present[k]!] = present[k]!;
  for (let k = 1; k < present.length; k++) {
    const cur = present[k]!;
    const prev = present[k - 1]!;
    if ((t[r.lo[cur]!]! - t[r.hi[prev]!]!) / 60_000 < gapTimeMin) group[cur] = group[prev]!;
  }
  const gLo = new Map<number, number>();
  const gHi = new Map<number, number>();
  for (const l of present) {
    const g = group[l]!;
    gLo.set(g, Math.min(gLo.get(g) ?? Infinity, r.lo[l]!));
    gHi.set(g, Math.max(gHi.get(g) ?? -Infinity, r.hi[l]!));
  }

  const res = new Float64Array(m); // zeros: non-spike values are the background itself
  for (const [g, i0] of gLo) {
    const i1 = gHi.get(g)!;
    const bg = (y[i0]! + y[i1]!) / 2;
    for (let i = i0; i <= i1; i++) res[i] = Math.max(0, y[i]! - bg);
  }
  out.set(res, a);
  return out;
}

/** [firstRow, lastRow] of each site event, inclusive. */
export type EventRange = [number, number];

/**
 * Site mask = rows where any sensor's background-removed value is > 0; runs of
 * non-event rows of length <= gapTime between events are filled (row counts, as DLQ);
 * events of fewer than lengthThreshold rows are dropped.
 */
export function siteEvents(
  cleaned: Float64Array[],
  rows: number,
  gapTimeMin: number,
  lengthThresholdMin: number,
): EventRange[] {
  const on = new Uint8Array(rows);
  for (const s of cleaned) for (let i = 0; i < rows; i++) if (s[i]! > 0) on[i] = 1;
  let falseStart = 0;
  let seenEvent = false;
  for (let i = 0; i < rows; i++) {
    if (!on[i]) continue;
    const gap = i - falseStart;
    if (seenEvent && gap > 0 && gap <= gapTimeMin) on.fill(1, falseStart, i);
    seenEvent = true;
    falseStart = i + 1;
  }
  const events: EventRange[] = [];
  let i = 0;
  while (i < rows) {
    if (!on[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < rows && on[j + 1]) j++;
    if (j - i + 1 >= lengthThresholdMin) events.push([i, j]);
    i = j + 1;
  }
  return events;
}
