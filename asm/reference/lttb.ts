// Plain TypeScript twins of asm/assembly/lttb.ts.
export function validIndices(values: Float32Array): Int32Array {
  const out: number[] = [];
  values.forEach((v, i) => {
    if (!Number.isNaN(v)) out.push(i);
  });
  return Int32Array.from(out);
}

export function lttb(times: Float64Array, values: Float32Array, candidates: Int32Array, k: number): Int32Array {
  const m = candidates.length;
  if (m === 0) return new Int32Array(0);
  if (k >= m || k < 3) return candidates.slice();
  const every = (m - 2) / (k - 2);
  const out = [candidates[0]!];
  let a = 0;
  for (let b = 0; b < k - 2; b++) {
    const avgStart = Math.floor((b + 1) * every) + 1;
    const avgEnd = Math.min(Math.floor((b + 2) * every) + 1, m);
    let avgX = 0;
    let avgY = 0;
    for (let j = avgStart; j < avgEnd; j++) {
      avgX += times[candidates[j]!]!;
      avgY += values[candidates[j]!]!;
    }
    avgX /= avgEnd - avgStart;
    avgY /= avgEnd - avgStart;
    const from = Math.floor(b * every) + 1;
    const to = Math.floor((b + 1) * every) + 1;
    const ax = times[candidates[a]!]!;
    const ay = values[candidates[a]!]!;
    let best = -1;
    let bestJ = from;
    for (let j = from; j < to; j++) {
      const i = candidates[j]!;
      const area = Math.abs((ax - avgX) * (values[i]! - ay) - (ax - times[i]!) * (avgY - ay));
      if (area > best) {
        best = area;
        bestJ = j;
      }
    }
    out.push(candidates[bestJ]!);
    a = bestJ;
  }
  out.push(candidates[m - 1]!);
  return Int32Array.from(out);
}

/** Min and max (earliest on ties, in index order) of `parts` equal index partitions, NaN skipped. */
export function minMaxCandidates(values: Float32Array, parts: number): Int32Array {
  const n = values.length;
  const out: number[] = [];
  for (let p = 0; p < parts; p++) {
    const a = Math.floor((p * n) / parts);
    const b = Math.floor(((p + 1) * n) / parts);
    let mn = -1;
    let mx = -1;
    for (let i = a; i < b; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) continue;
      if (mn < 0 || v < values[mn]!) mn = i;
      if (mx < 0 || v > values[mx]!) mx = i;
    }
    if (mn < 0) continue;
    out.push(Math.min(mn, mx));
    if (mx !== mn) out.push(Math.max(mn, mx));
  }
  return Int32Array.from(out);
}

/** MinMaxLTTB: LTTB over the min/max candidates of ratio * k partitions / 2. */
export function minMaxLttb(times: Float64Array, values: Float32Array, k: number, ratio = 4): Int32Array {
  return lttb(times, values, minMaxCandidates(values, Math.max(1, Math.floor((k * ratio) / 2))), k);
}
