// Loads asm/build/core.wasm (Node: from disk; browser: from a URL) and hands out typed-array views over its memory.
import type { WindSeries } from '../../asm/reference/aggregate';
import type { Grid } from '../../asm/reference/windfield';

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
  m4Pyramid(
    tPtr: number,
    vPtr: number,
    n: number,
    pPtr: number,
    levels: number,
    t0: number,
    t1: number,
    width: number,
    outT: number,
    outV: number,
  ): number;
  validIndices(vPtr: number, n: number, outIdx: number): number;
  lttb(tPtr: number, vPtr: number, idxPtr: number, m: number, k: number, outIdx: number): number;
  minMaxCandidates(vPtr: number, n: number, pPtr: number, levels: number, parts: number, outIdx: number): number;
  binRose(
    dirPtr: number,
    valPtr: number,
    n: number,
    sectors: number,
    thrPtr: number,
    nThr: number,
    outPtr: number,
    scratchPtr: number,
  ): number;
  roseScratchBytes(sectors: number, nThr: number): number;
  idw(
    xPtr: number,
    yPtr: number,
    uPtr: number,
    vPtr: number,
    m: number,
    x0: number,
    y0: number,
    spacing: number,
    spacingY: number,
    nx: number,
    ny: number,
    maxSpeed: number,
    outU: number,
    outV: number,
    scratchPtr: number,
  ): number;
  idwScratchBytes(m: number): number;
  aggregate(
    tPtr: number,
    vPtr: number,
    n: number,
    period: number,
    offset: number,
    mode: number,
    outT: number,
    outV: number,
  ): number;
  peakPerPeriod(
    tPtr: number,
    vPtr: number,
    n: number,
    origin: number,
    period: number,
    outT: number,
    outV: number,
  ): number;
  windPerPeriod(
    tPtr: number,
    dPtr: number,
    sPtr: number,
    n: number,
    mode: number,
    period: number,
    shift: number,
    outT: number,
    outD: number,
    outS: number,
  ): number;
}

export type { Grid as IdwGrid } from '../../asm/reference/windfield';

/** A series copied into wasm memory once, then queried for any viewport without crossing per element. */
export interface LoadedSeries {
  length: number;
  /**
   * M4 points of the window [t0, t1) at `width` pixels: copies the host owns. With `maxGap` (ms), also the indices of
   * the points after which the line breaks, split by the gap kernel where the points lie (no copy out and back).
   */
  m4(t0: number, t1: number, width: number, maxGap?: number): WindowPoints;
  /** The same points by scanning every sample (the yardstick the pyramid is measured against). */
  m4Scan(t0: number, t1: number, width: number): { times: Float64Array; values: Float32Array };
  /** Indices of k samples chosen by LTTB over every non-NaN sample. */
  lttb(k: number): Int32Array;
  /** Indices of k samples chosen by MinMaxLTTB (min/max preselection of ratio * k candidates through the pyramid). */
  minMaxLttb(k: number, ratio?: number): Int32Array;
  /** Averages (or maxima) per period, buckets shifted by `offset` ms (the user's UTC offset for local days). */
  aggregate(period: number, offset: number, mode: 'average' | 'max'): { times: Float64Array; values: Float32Array };
  /** Indices after which the line breaks, for gaps longer than maxGap (ms). */
  splitGaps(maxGap: number): Int32Array;
  /** Indices [lo, hi) of the samples whose times lie in [t0, t1). */
  indexRange(t0: number, t1: number): [number, number];
  /** Copies of samples [lo, hi) (a chart's raw slice), with their breaks for pauses longer than maxGap (ms). */
  rawSlice(lo: number, hi: number, maxGap: number): RawSlice;
}

/** Under this many samples per pixel a chart draws a window's raw samples: M4 would keep nearly all of them. */
export const RAW_SAMPLES_PER_PIXEL = 4;

/** Raw samples of a series, contiguous, with the times of the samples just outside them (±Infinity at its ends). */
export interface RawSlice {
  times: Float64Array;
  values: Float32Array;
  /** Indices i (into this slice) after which the line breaks. */
  splits: Int32Array;
  /** Time of the sample before the slice: every sample later than it and earlier than `after` is in the slice. */
  before: number;
  /** Time of the sample after the slice. */
  after: number;
}

export interface WindowPoints {
  times: Float64Array;
  values: Float32Array;
  /** Present when a gap rule was given: indices i after which the line breaks. */
  splits?: Int32Array;
}

/** A direction and a value column resident in wasm memory, binned into roses without crossing per sample. */
export interface RoseColumns {
  length: number;
  /** Counts per sector and class (thresholds ascending), row-major by sector; NaN samples skipped. */
  bin(sectors: number, thresholds: Float32Array): { counts: Uint32Array; counted: number };
}

export class WasmCore {
  constructor(private readonly exports: CoreExports) {}

  static async fromBytes(bytes: BufferSource): Promise<WasmCore> {
    return WasmCore.fromModule(await WebAssembly.compile(bytes));
  }

  /** One instance (own memory) per module instantiation: a worker keeps one per loaded series. */
  static async fromModule(module: WebAssembly.Module): Promise<WasmCore> {
    const instance = await WebAssembly.instantiate(module, {
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

  /** Counts samples per direction sector and value class (thresholds ascending); NaN samples are skipped. */
  binRose(
    directions: Float32Array,
    values: Float32Array,
    sectors: number,
    thresholds: Float32Array,
  ): { counts: Uint32Array; counted: number } {
    return this.loadRoseColumns(directions, values).bin(sectors, thresholds);
  }

  /**
   * Copies a direction and a value column into wasm memory once (replacing any earlier columns or series), so that
   * any number of roses (other sectors, other thresholds) bin where the data lives.
   */
  loadRoseColumns(directions: Float32Array, values: Float32Array): RoseColumns {
    if (directions.length !== values.length) throw new Error('Directions and values must have the same length');
    const e = this.exports;
    e.resetHeap();
    const d = this.copyIn(directions);
    const v = this.copyIn(values);
    const n = directions.length;
    const base = e.heapMark();
    return {
      length: n,
      bin: (sectors, thresholds) => {
        const s = Math.max(0, Math.floor(sectors));
        e.resetHeapTo(base);
        const t = this.copyIn(thresholds);
        const bins = s * (thresholds.length + 1);
        const out = e.alloc(Math.max(4, bins * 4));
        const scratch = e.alloc(Math.max(16, e.roseScratchBytes(s, thresholds.length)));
        const counted = e.binRose(d, v, n, s, t, thresholds.length, out, scratch);
        return { counts: new Uint32Array(e.memory.buffer, out, bins).slice(), counted };
      },
    };
  }

  /**
   * Averages (or maxima) per period of a series, buckets shifted by `offset` ms, without keeping the series: the
   * server's chart averages and exports. Times must be ascending.
   */
  aggregate(
    times: Float64Array,
    values: Float32Array,
    period: number,
    offset: number,
    mode: 'average' | 'max',
  ): { times: Float64Array; values: Float32Array } {
    return this.perPeriod(times, values, (tPtr, vPtr, n, outT, outV) =>
      this.exports.aggregate(tPtr, vPtr, n, period, offset, mode === 'max' ? 1 : 0, outT, outV),
    );
  }

  /**
   * The largest value per period counted from `origin`, at the time it was measured (ties keep the earlier): the
   * server's Maximum chart mode. Times must be ascending.
   */
  peakPerPeriod(
    times: Float64Array,
    values: Float32Array,
    origin: number,
    period: number,
  ): { times: Float64Array; values: Float32Array } {
    return this.perPeriod(times, values, (tPtr, vPtr, n, outT, outV) =>
      this.exports.peakPerPeriod(tPtr, vPtr, n, origin, period, outT, outV),
    );
  }

  /** A series copied in and checked, reduced by `run` into output columns as long as the input, copied out. */
  private perPeriod(
    times: Float64Array,
    values: Float32Array,
    run: (tPtr: number, vPtr: number, n: number, outT: number, outV: number) => number,
  ): { times: Float64Array; values: Float32Array } {
    if (times.length !== values.length) throw new Error('Times and values must have the same length');
    const e = this.exports;
    const n = times.length;
    e.resetHeap();
    const tPtr = this.copyIn(times);
    const vPtr = this.copyIn(values);
    if (e.validateTimes(tPtr, n) !== 0) throw new Error('Timestamps must be finite and sorted ascending');
    const outT = e.alloc(Math.max(8, n * 8));
    const outV = e.alloc(Math.max(4, n * 4));
    const count = run(tPtr, vPtr, n, outT, outV);
    return {
      times: new Float64Array(e.memory.buffer, outT, count).slice(),
      values: new Float32Array(e.memory.buffer, outV, count).slice(),
    };
  }

  /**
   * Paired wind readings reduced per bucket floor((t + shift) / period): 'average' gives the directions' circular
   * mean and the mean speed at each bucket's start, 'strongest' the reading with the largest speed at its own time.
   * Times must be ascending.
   */
  windPerPeriod(wind: WindSeries, mode: 'average' | 'strongest', period: number, shift: number): WindSeries {
    const n = wind.times.length;
    if (wind.directions.length !== n || wind.speeds.length !== n)
      throw new Error('Times, directions and speeds must have the same length');
    const e = this.exports;
    e.resetHeap();
    const tPtr = this.copyIn(wind.times);
    const dPtr = this.copyIn(wind.directions);
    const sPtr = this.copyIn(wind.speeds);
    if (e.validateTimes(tPtr, n) !== 0) throw new Error('Timestamps must be finite and sorted ascending');
    const outT = e.alloc(Math.max(8, n * 8));
    const outD = e.alloc(Math.max(4, n * 4));
    const outS = e.alloc(Math.max(4, n * 4));
    const count = e.windPerPeriod(tPtr, dPtr, sPtr, n, mode === 'strongest' ? 1 : 0, period, shift, outT, outD, outS);
    return {
      times: new Float64Array(e.memory.buffer, outT, count).slice(),
      directions: new Float32Array(e.memory.buffer, outD, count).slice(),
      speeds: new Float32Array(e.memory.buffer, outS, count).slice(),
    };
  }

  /** IDW of station vectors onto a grid (row-major u and v). */
  idw(
    x: Float64Array,
    y: Float64Array,
    u: Float64Array,
    v: Float64Array,
    grid: Grid,
  ): { u: Float64Array; v: Float64Array } {
    const m = x.length;
    if (y.length !== m || u.length !== m || v.length !== m) throw new Error('Station arrays must have the same length');
    const nx = Math.max(0, Math.floor(grid.nx));
    const ny = Math.max(0, Math.floor(grid.ny));
    const e = this.exports;
    e.resetHeap();
    const px = this.copyIn(x);
    const py = this.copyIn(y);
    const pu = this.copyIn(u);
    const pv = this.copyIn(v);
    const outU = e.alloc(Math.max(8, nx * ny * 8));
    const outV = e.alloc(Math.max(8, nx * ny * 8));
    const scratch = e.alloc(e.idwScratchBytes(m));
    e.idw(
      px,
      py,
      pu,
      pv,
      m,
      grid.x0,
      grid.y0,
      grid.spacing,
      grid.spacingY ?? grid.spacing,
      nx,
      ny,
      grid.maxSpeed,
      outU,
      outV,
      scratch,
    );
    return {
      u: new Float64Array(e.memory.buffer, outU, nx * ny).slice(),
      v: new Float64Array(e.memory.buffer, outV, nx * ny).slice(),
    };
  }

  private copyIn(a: Float32Array | Float64Array): number {
    const e = this.exports;
    const ptr = e.alloc(Math.max(8, a.byteLength));
    // A fresh view each time: alloc may have grown memory and detached older views.
    if (a instanceof Float64Array) new Float64Array(e.memory.buffer, ptr, a.length).set(a);
    else new Float32Array(e.memory.buffer, ptr, a.length).set(a);
    return ptr;
  }

  /**
   * Indices after which a line breaks, for pauses longer than maxGap (ms), of times not loaded as a series (a chart's
   * merged 'Other' series). Replaces any loaded series, like loadSeries.
   */
  splitGaps(times: Float64Array, maxGap: number): Int32Array {
    const e = this.exports;
    e.resetHeap();
    const tPtr = e.alloc(Math.max(8, times.byteLength));
    new Float64Array(e.memory.buffer, tPtr, times.length).set(times);
    const out = e.alloc(Math.max(4, times.length * 4));
    const count = e.splitGaps(tPtr, times.length, maxGap, out);
    return new Int32Array(e.memory.buffer, out, count).slice();
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
    const query = (useScan: boolean, t0: number, t1: number, width: number, maxGap?: number): WindowPoints => {
      const w = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
      e.resetHeapTo(base);
      const outT = e.alloc(Math.max(8, w * 4 * 8));
      const outV = e.alloc(Math.max(4, w * 4 * 4));
      const count = useScan
        ? e.m4(tPtr, vPtr, n, t0, t1, w, outT, outV)
        : e.m4Pyramid(tPtr, vPtr, n, pPtr, levels, t0, t1, w, outT, outV);
      const points: WindowPoints = {
        times: new Float64Array(e.memory.buffer, outT, count).slice(),
        values: new Float32Array(e.memory.buffer, outV, count).slice(),
      };
      if (maxGap !== undefined) {
        const outS = e.alloc(Math.max(4, count * 4));
        const splits = e.splitGaps(outT, count, maxGap, outS);
        points.splits = new Int32Array(e.memory.buffer, outS, splits).slice();
      }
      return points;
    };
    /** First index whose time is at least x, searched where the times live (no copy out). */
    const firstAtOrAfter = (x: number) => {
      const times = new Float64Array(e.memory.buffer, tPtr, n);
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (times[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return {
      length: n,
      indexRange: (t0, t1) => {
        const lo = firstAtOrAfter(t0);
        return [lo, Math.max(lo, firstAtOrAfter(t1))];
      },
      rawSlice: (from, to, maxGap) => {
        const lo = Math.max(0, Math.min(n, Math.floor(from)));
        const hi = Math.max(lo, Math.min(n, Math.floor(to)));
        e.resetHeapTo(base);
        const outS = e.alloc(Math.max(4, (hi - lo) * 4));
        // The gap kernel runs on the slice where it lies: indices come back relative to the slice.
        const count = e.splitGaps(tPtr + lo * 8, hi - lo, maxGap, outS);
        const times = new Float64Array(e.memory.buffer, tPtr, n);
        return {
          times: times.slice(lo, hi),
          values: new Float32Array(e.memory.buffer, vPtr, n).slice(lo, hi),
          splits: new Int32Array(e.memory.buffer, outS, count).slice(),
          before: lo > 0 ? times[lo - 1]! : -Infinity,
          after: hi < n ? times[hi]! : Infinity,
        };
      },
      m4: (t0, t1, width, maxGap) => query(false, t0, t1, width, maxGap),
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
      aggregate: (period, offset, mode) => {
        e.resetHeapTo(base);
        const outT = e.alloc(Math.max(8, n * 8));
        const outV = e.alloc(Math.max(4, n * 4));
        const count = e.aggregate(tPtr, vPtr, n, period, offset, mode === 'max' ? 1 : 0, outT, outV);
        return {
          times: new Float64Array(e.memory.buffer, outT, count).slice(),
          values: new Float32Array(e.memory.buffer, outV, count).slice(),
        };
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
