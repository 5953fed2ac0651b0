/**
 * find.spikes (DLQ HELPER_spike_detection_algorithm.R) as a state machine over one
 * series. Returns event labels per index (0 = not in a spike), after DLQ's final step
 * that drops each spike's first point (the background before the rise) and last point
 * (the return).
 */

export interface SpikeParams {
  goingUpPpm: number;
  returnPct: number;
  ampPpm: number;
  contDiffPpm: number;
  contDiffNum: number;
}

export const DEFAULT_SPIKE_PARAMS: SpikeParams = {
  goingUpPpm: 0.25,
  returnPct: 5,
  ampPpm: 1,
  contDiffPpm: 0.25,
  contDiffNum: 10,
};

export function findSpikes(obs: ArrayLike<number>, p: SpikeParams): Int32Array {
  const n = obs.length;
  const ev = new Int32Array(n);
  let first = -1;
  for (let i = 0; i < n; i++) {
    if (!Number.isNaN(obs[i]!)) {
      first = i;
      break;
    }
  }
  if (first < 0) return ev;
  let count = 0;
  let inEvent = false;
  let lastInd = first;
  let curInd = first;
  let evStart = 0;
  let evObs: number[] = [];
  let evMax = -Infinity;

  const endEvent = (endIdx: number): boolean => {
    inEvent = false;
    for (let k = evStart; k <= endIdx; k++) ev[k] = count; // fill NaN gaps inside
    // DLQ writes mean(first, last), but R's mean(a, b) takes b as `trim` and returns a,
    // so the size is max minus the first point; kept as DLQ behaves.
    if (evMax - evObs[0]! < p.ampPpm) {
      for (let k = evStart; k <= endIdx; k++) if (ev[k] === count) ev[k] = 0;
      count--;
      return false;
    }
    return true;
  };

  for (let i = first + 1; i < n; i++) {
    const lastOb = i === n - 1;
    const xi = obs[i]!;
    const prevNa = Number.isNaN(obs[i - 1]!);
    if (Number.isNaN(xi)) {
      if (!prevNa) lastInd = i - 1;
      continue;
    }
    curInd = i;
    if (!prevNa) lastInd = i - 1;

    if (!inEvent) {
      const thr = lastOb ? Math.max(p.goingUpPpm, p.ampPpm) : p.goingUpPpm;
      if (obs[curInd]! - obs[lastInd]! > thr) {
        inEvent = true;
        count++;
        evObs = [obs[lastInd]!, obs[curInd]!];
        evMax = Math.max(obs[lastInd]!, obs[curInd]!);
        evStart = lastInd;
        ev[lastInd] = count;
        ev[curInd] = count;
      }
      continue;
    }

    evObs.push(xi);
    if (xi > evMax) evMax = xi;
    ev[i] = count;
    const curMax = evMax - evObs[0]!;
    const curOb = xi - evObs[0]!;
    if (curOb < (p.returnPct * curMax) / 100 || lastOb) {
      endEvent(i);
    } else if (evObs.length > p.contDiffNum) {
      // A stuck plateau: the last contDiffNum differences all below the threshold.
      let flat = true;
      for (let k = evObs.length - p.contDiffNum; k < evObs.length; k++) {
        if (Math.abs(evObs[k]! - evObs[k - 1]!) >= p.contDiffPpm) {
          flat = false;
          break;
        }
      }
      if (flat && endEvent(i)) {
        for (let k = Math.max(0, curInd - p.contDiffNum + 1); k <= curInd; k++) ev[k] = 0;
      }
    }
  }

  // Drop each spike's first and last index (they bracket the rise and the return).
  const lo = new Map<number, number>();
  const hi = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const l = ev[i]!;
    if (l === 0) continue;
    if (!lo.has(l)) lo.set(l, i);
    hi.set(l, i);
  }
  for (const [l, i] of lo) {
    ev[i] = 0;
    ev[hi.get(l)!] = 0;
  }
  return ev;
}
