import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { m4 as referenceM4, validateTimes } from '../../../asm/reference/m4';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

/** A sorted series with duplicates, gaps, NaN values and extreme magnitudes. */
const series = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: 50 }),
      fc.oneof(
        fc.float({ noNaN: true, noDefaultInfinity: true }),
        fc.constant(Number.NaN),
        fc.constantFrom(3.4e38, -3.4e38, 0),
      ),
    ),
    { maxLength: 400 },
  )
  .map((steps) => {
    let t = 1_700_000_000_000;
    const times = new Float64Array(steps.length);
    const values = new Float32Array(steps.length);
    steps.forEach(([dt, v], i) => {
      t += dt * 60_000;
      times[i] = t;
      values[i] = v;
    });
    return { times, values };
  });

describe('M4 downsampling', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('gives exactly the reference points for any series, window and width', () => {
    fc.assert(
      fc.property(
        series,
        fc.double({ min: -0.2, max: 1.2, noNaN: true }),
        fc.double({ min: 0, max: 1.4, noNaN: true }),
        fc.integer({ min: 0, max: 120 }),
        (s, a, span, width) => {
          const first = s.times[0] ?? 0;
          const range = (s.times[s.times.length - 1] ?? 0) - first || 60_000;
          const t0 = first + a * range;
          const t1 = t0 + span * range;
          const loaded = core.loadSeries(s.times, s.values);
          const ours = loaded.m4(t0, t1, width);
          const ref = referenceM4(s.times, s.values, t0, t1, width);
          const scan = loaded.m4Scan(t0, t1, width);
          expect(Array.from(scan.times)).toEqual(Array.from(ref.times));
          expect(Array.from(ours.times)).toEqual(Array.from(ref.times));
          expect(Array.from(ours.values)).toEqual(Array.from(ref.values));
          expect(ours.times.length).toBeLessThanOrEqual(4 * width);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers through the pyramid exactly like the raw scan on long series with NaN runs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6000 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, seed, width, a, b) => {
          let x = seed;
          const rnd = () => (x = (x * 48271) % 2147483647) / 2147483647;
          const times = new Float64Array(n);
          const values = new Float32Array(n);
          let t = 0;
          for (let i = 0; i < n; i++) {
            t += rnd() < 0.1 ? 0 : Math.ceil(rnd() * 5) * 1000;
            times[i] = t;
            const r = rnd();
            values[i] = r < 0.15 ? Number.NaN : r < 0.2 ? 7 : Math.round(rnd() * 100) / 4;
          }
          const lo = Math.min(a, b) * t - 10;
          const hi = Math.max(a, b) * t + 10;
          const loaded = core.loadSeries(times, values);
          const ref = referenceM4(times, values, lo, hi, width);
          const ours = loaded.m4(lo, hi, width);
          expect(Array.from(ours.times)).toEqual(Array.from(ref.times));
          expect(Array.from(ours.values)).toEqual(Array.from(ref.values));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the true minimum and maximum of every pixel column', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 60 }), (s, width) => {
        if (s.times.length === 0) return;
        const t0 = s.times[0]!;
        const t1 = s.times[s.times.length - 1]! + 1;
        const out = core.loadSeries(s.times, s.values).m4(t0, t1, width);
        const scale = width / (t1 - t0);
        const col = (t: number) => Math.min(width - 1, Math.floor((t - t0) * scale));
        const raw = new Map<number, { min: number; max: number }>();
        s.times.forEach((t, i) => {
          const v = s.values[i]!;
          if (Number.isNaN(v)) return;
          const m = raw.get(col(t)) ?? { min: Infinity, max: -Infinity };
          raw.set(col(t), { min: Math.min(m.min, v), max: Math.max(m.max, v) });
        });
        const drawn = new Map<number, { min: number; max: number }>();
        out.times.forEach((t, i) => {
          const v = out.values[i]!;
          const m = drawn.get(col(t)) ?? { min: Infinity, max: -Infinity };
          drawn.set(col(t), { min: Math.min(m.min, v), max: Math.max(m.max, v) });
        });
        expect(drawn).toEqual(raw);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses unsorted or non-finite timestamps and mismatched lengths, and answers empty inputs with no points', () => {
    expect(() => core.loadSeries(Float64Array.of(2, 1), Float32Array.of(1, 1))).toThrow(
      'Timestamps must be finite and sorted ascending',
    );
    expect(() => core.loadSeries(Float64Array.of(1, Number.NaN), Float32Array.of(1, 1))).toThrow(
      'Timestamps must be finite and sorted ascending',
    );
    expect(() => core.loadSeries(Float64Array.of(1, 2), Float32Array.of(1))).toThrow('same length');
    expect(validateTimes(Float64Array.of(1, Infinity))).toBe(false);
    const empty = core.loadSeries(new Float64Array(0), new Float32Array(0));
    expect(empty.m4(0, 10, 100).times.length).toBe(0);
    const one = core.loadSeries(Float64Array.of(5), Float32Array.of(7));
    expect(Array.from(one.m4(0, 10, 0).times)).toEqual([]);
    expect(Array.from(one.m4(0, 10, 3).values)).toEqual([7]);
    expect(Array.from(one.m4(10, 0, 3).values)).toEqual([]);
  });

  it('survives memory growth: a series larger than the initial memory', () => {
    const n = 2_000_000;
    const times = Float64Array.from({ length: n }, (_, i) => i * 60_000);
    const values = Float32Array.from({ length: n }, (_, i) => Math.sin(i / 500));
    const out = core.loadSeries(times, values).m4(0, n * 60_000, 1000);
    expect(out.times.length).toBeGreaterThan(1000);
    expect(out.times.length).toBeLessThanOrEqual(4000);
  });
});
