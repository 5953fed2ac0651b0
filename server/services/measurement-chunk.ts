// The columnar chunk format of measurement_chunks: a UTC day of one device's one measurement type as two packed arrays.
// Pure functions, so the encoding is tested apart from the database.
export const CHUNK_MS = 86_400_000;

export interface Samples {
  /** Epoch milliseconds, ascending and unique. */
  times: Float64Array;
  values: Float32Array;
}

export const chunkStartOf = (time: number): number => Math.floor(time / CHUNK_MS) * CHUNK_MS;

function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** Packs one chunk's samples (all inside the day starting at `chunkStart`). */
export function encodeChunk(chunkStart: number, samples: Samples): { times: Uint8Array; vals: Uint8Array } {
  const offsets = new Int32Array(samples.times.length);
  for (let i = 0; i < offsets.length; i++) {
    const offset = samples.times[i]! - chunkStart;
    if (!(offset >= 0 && offset < CHUNK_MS))
      throw new Error(`Sample time ${samples.times[i]} is outside the chunk starting ${chunkStart}`);
    offsets[i] = offset;
  }
  // Typed arrays are little-endian on every platform Node and browsers run on; copied so the bytes own their buffer.
  return { times: bytesOf(offsets).slice(), vals: bytesOf(samples.values).slice() };
}

export function decodeChunk(chunkStart: number, times: Uint8Array, vals: Uint8Array): Samples {
  if (times.byteLength % 4 !== 0 || times.byteLength !== vals.byteLength)
    throw new Error('A measurement chunk is damaged: its arrays disagree in length');
  const n = times.byteLength / 4;
  // Copied into fresh buffers: node-postgres hands back Buffers that are views into a shared pool (and whose slice()
  // is another view), so their .buffer is not theirs alone.
  const offsets = new Int32Array(new Uint8Array(times).buffer, 0, n);
  const values = new Float32Array(new Uint8Array(vals).buffer, 0, n);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = chunkStart + offsets[i]!;
  return { times: out, values };
}

/** Merges new samples into a chunk's: a time already present takes the new value (so replaying a batch changes nothing). */
export function mergeSamples(existing: Samples, incoming: Samples): Samples {
  const byTime = new Map<number, number>();
  for (let i = 0; i < existing.times.length; i++) byTime.set(existing.times[i]!, existing.values[i]!);
  for (let i = 0; i < incoming.times.length; i++) byTime.set(incoming.times[i]!, incoming.values[i]!);
  const times = Float64Array.from(byTime.keys()).sort();
  const values = new Float32Array(times.length);
  for (let i = 0; i < times.length; i++) values[i] = byTime.get(times[i]!)!;
  return { times, values };
}

/** The samples with from <= time < to. */
export function sliceRange(s: Samples, from: number, to: number): Samples {
  let lo = 0;
  let hi = s.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.times[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  hi = s.times.length;
  while (end < hi) {
    const mid = (end + hi) >>> 1;
    if (s.times[mid]! < to) end = mid + 1;
    else hi = mid;
  }
  return { times: s.times.subarray(lo, end), values: s.values.subarray(lo, end) };
}

export function concatSamples(parts: readonly Samples[]): Samples {
  const n = parts.reduce((a, p) => a + p.times.length, 0);
  const times = new Float64Array(n);
  const values = new Float32Array(n);
  let at = 0;
  for (const p of parts) {
    times.set(p.times, at);
    values.set(p.values, at);
    at += p.times.length;
  }
  return { times, values };
}

/** Uptime periods are 6 hours (spec 2 §9): a day chunk has four. */
export const UPTIME_PERIOD_MS = 6 * 3_600_000;

/** Bit k set when the chunk has a sample in its k-th 6-hour period. */
export function periodMask(chunkStart: number, times: Float64Array): number {
  let mask = 0;
  for (let i = 0; i < times.length; i++)
    mask |= 1 << Math.min(3, Math.floor((times[i]! - chunkStart) / UPTIME_PERIOD_MS));
  return mask;
}
