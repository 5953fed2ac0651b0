// Loads asm/build/core.wasm (Node: from disk; browser: from a URL) and hands out typed-array views over its memory.
export interface CoreExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  resetHeap(): void;
  sumF64(ptr: number, length: number): number;
  heapMark(): number;
  resetHeapTo(mark: number): void;
  validateTimes(tPtr: number, n: number): number;
  m4(tPtr: number, vPtr: number, n: number, t0: number, t1: number, width: number, outT: number, outV: number): number;
  splitGaps(tPtr: number, n: number, maxGap: number, outPtr: number): number;
  pyramidBytes(n: number): number;
  buildPyramid(vPtr: number, n: number, pPtr: number): number;
  m4Pyramid(tPtr: number, vPtr: number, n: number, pPtr: number, levels: number, t0: number, t1: number, width: number, outT: number, outV: number): number;
  validIndices(vPtr: number, n: number, outIdx: number): number;
  lttb(tPtr: number, vPtr: number, idxPtr: number, m: number, k: number, outIdx: number): number;
  minMaxCandidates(vPtr: number, n: number, pPtr: number, levels: number, parts: number, outIdx: number): number;
}

/** A series copied into wasm memory once, then queried for any viewport without crossing per element. */
export interface LoadedSeries {
  length: number;
  /** M4 points of the window [t0, t1) at `width` pixels: copies the host owns. */
  m4(t0: number, t1: number, width: number): { times: Float64Array; values: Float32Array };
  /** The same points by scanning every sample (the yardstick the pyramid is measured against). */
  m4Scan(t0: number, t1: number, width: number): { times: Float64Array; values: Float32Array };
  /** Indices of k samples chosen by LTTB over every non-NaN sample. */
  lttb(k: number): Int32Array;
  /** Indices of k samples chosen by MinMaxLTTB (min/max preselection of ratio * k candidates through the pyramid). */
  minMaxLttb(k: number, ratio?: number): Int32Array;
  /** Indices after which the line breaks, for gaps longer than maxGap (ms). */
  splitGaps(maxGap: number): Int32Array;
}

export class WasmCore {
  constructor(private readonly exports: CoreExports) {}

  static async fromBytes(bytes: BufferSource): Promise<WasmCore> {
    const { instance } = await WebAssembly.instantiate(bytes, {
      env: {
        abort: (_msg: number, _file: number, line: number, column: number) => {
          throw new Error(`wasm abort at ${line}:${column}`);
        },
      },
    });
    return new WasmCore(instance.exports as unknown as CoreExports);
  }

  /** Copies the values into wasm memory once and sums them there (NaN skipped). */
  sumF64(values: Float64Array): number {
    const e = this.exports;
    e.resetHeap();
    const ptr = e.alloc(values.byteLength);
    // A fresh view after alloc: memory may have grown and detached older views.
    new Float64Array(e.memory.buffer, ptr, values.length).set(values);
    return e.sumF64(ptr, values.length);
  }

  /** Copies a series in (replacing any earlier one) after checking its timestamps once. */
  loadSeries(times: Float64Array, values: Float32Array): LoadedSeries {
    if (times.length !== values.length) throw new Error('Times and values must have the same length');
    const e = this.exports;
    e.resetHeap();
    const tPtr = e.alloc(times.byteLength);
    const vPtr = e.alloc(values.byteLength);
    new Float64Array(e.memory.buffer, tPtr, times.length).set(times);
    new Float32Array(e.memory.buffer, vPtr, values.length).set(values);
    if (e.validateTimes(tPtr, times.length) !== 0) throw new Error('Timestamps must be finite and sorted ascending');
    const n = times.length;
    const pPtr = e.alloc(Math.max(16, e.pyramidBytes(n)));
    const levels = e.buildPyramid(vPtr, n, pPtr);
    const base = e.heapMark();
    const query = (useScan: boolean, t0: number, t1: number, width: number) => {
      const w = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
      e.resetHeapTo(base);
      const outT = e.alloc(Math.max(8, w * 4 * 8));
      const outV = e.alloc(Math.max(4, w * 4 * 4));
      const count = useScan ? e.m4(tPtr, vPtr, n, t0, t1, w, outT, outV) : e.m4Pyramid(tPtr, vPtr, n, pPtr, levels, t0, t1, w, outT, outV);
      return { times: new Float64Array(e.memory.buffer, outT, count).slice(), values: new Float32Array(e.memory.buffer, outV, count).slice() };
    };
    return {
      length: n,
      m4: (t0, t1, width) => query(false, t0, t1, width),
      m4Scan: (t0, t1, width) => query(true, t0, t1, width),
      lttb: (k) => {
        e.resetHeapTo(base);
        const cand = e.alloc(Math.max(4, n * 4));
        const m = e.validIndices(vPtr, n, cand);
        const out = e.alloc(Math.max(4, Math.min(m, Math.max(0, k)) * 4 + 8));
        const count = e.lttb(tPtr, vPtr, cand, m, Math.floor(k), out);
        return new Int32Array(e.memory.buffer, out, count).slice();
      },
      minMaxLttb: (k, ratio = 4) => {
        e.resetHeapTo(base);
        const parts = Math.max(1, Math.floor((k * ratio) / 2));
        const cand = e.alloc(Math.max(4, parts * 2 * 4));
        const m = e.minMaxCandidates(vPtr, n, pPtr, levels, parts, cand);
        const out = e.alloc(Math.max(4, Math.min(m, Math.max(0, k)) * 4 + 8));
        const count = e.lttb(tPtr, vPtr, cand, m, Math.floor(k), out);
        return new Int32Array(e.memory.buffer, out, count).slice();
      },
      splitGaps: (maxGap) => {
        e.resetHeapTo(base);
        const out = e.alloc(Math.max(4, n * 4));
        const count = e.splitGaps(tPtr, n, maxGap, out);
        return new Int32Array(e.memory.buffer, out, count).slice();
      },
    };
  }
}
