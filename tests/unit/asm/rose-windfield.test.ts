import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GAS_LEGEND_THRESHOLDS } from '@/domain/gas-legend';
import { binRose, roseProbabilities } from '../../../asm/reference/rose';
import { idw, windToUv } from '../../../asm/reference/windfield';
import type { WasmCore } from '../../../src/compute/wasm-core';
import { loadWasmCoreFromDisk } from '../../../src/compute/wasm-core-node';

const ch4 = GAS_LEGEND_THRESHOLDS.CH4;
const ch4Thresholds = Float32Array.of(ch4.low, ch4.mid, ch4.high);

describe('rose binning', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('bins like the reference and the bins sum to the counted samples', () => {
    const sample = fc.tuple(
      fc.oneof(fc.float({ min: -720, max: 720, noNaN: true }), fc.constant(Number.NaN)),
      fc.oneof(fc.float({ min: 0, max: 500, noNaN: true }), fc.constant(Number.NaN)),
    );
    fc.assert(
      fc.property(fc.array(sample, { maxLength: 2000 }), fc.integer({ min: 1, max: 36 }), (pairs, sectors) => {
        const dirs = Float32Array.from(pairs, (p) => p[0]);
        const vals = Float32Array.from(pairs, (p) => p[1]);
        const ours = core.binRose(dirs, vals, sectors, ch4Thresholds);
        const ref = binRose(dirs, vals, sectors, ch4Thresholds);
        expect(Array.from(ours.counts)).toEqual(Array.from(ref.counts));
        expect(ours.counted).toBe(pairs.filter(([d, v]) => !Number.isNaN(d) && !Number.isNaN(v)).length);
        expect(ours.counts.reduce((a, b) => a + b, 0)).toBe(ours.counted);
      }),
      { numRuns: 150 },
    );
  });

  it('bins directions in [0, 360) (the four-lane path) exactly like the reference, edges included', () => {
    const edge = fc.constantFrom(
      0,
      11.25,
      22.5,
      33.75,
      90,
      348.75,
      359.99997,
      Math.fround(11.25 - 1e-6),
      Math.fround(22.5 + 1e-5),
    );
    const dir = fc.oneof(fc.float({ min: 0, max: Math.fround(359.99997), noNaN: true }), edge);
    const val = fc.oneof(
      fc.float({ min: 0, max: 500, noNaN: true }),
      fc.constantFrom(5, 25, 125, Math.fround(4.9999995)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(dir, val), { maxLength: 3000 }),
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 0, max: 5 }),
        (pairs, sectors, nThr) => {
          const dirs = Float32Array.from(pairs, (p) => p[0]);
          const vals = Float32Array.from(pairs, (p) => p[1]);
          const thresholds = Float32Array.from({ length: nThr }, (_, t) => 5 * 5 ** t);
          const ours = core.binRose(dirs, vals, sectors, thresholds);
          const ref = binRose(dirs, vals, sectors, thresholds);
          expect(Array.from(ours.counts)).toEqual(Array.from(ref.counts));
          expect(ours.counted).toBe(pairs.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('bins resident columns again with other sectors and thresholds', () => {
    const dirs = Float32Array.from({ length: 1001 }, (_, i) => (i * 7.3) % 360);
    const vals = Float32Array.from({ length: 1001 }, (_, i) => i % 200);
    const cols = core.loadRoseColumns(dirs, vals);
    for (const [sectors, thr] of [
      [16, ch4Thresholds],
      [8, Float32Array.of(50)],
      [36, new Float32Array(0)],
    ] as const) {
      expect(Array.from(cols.bin(sectors, thr).counts)).toEqual(Array.from(binRose(dirs, vals, sectors, thr).counts));
    }
  });

  it('puts north in sector 0 and classes values by the CH4 legend (5, 25, 125 ppm)', () => {
    const r = core.binRose(Float32Array.of(359, 1, 90, 180), Float32Array.of(4.9, 5, 25, 125), 4, ch4Thresholds);
    // sector 0 (north): 4.9 → class 0, 5 → class 1; east: 25 → class 2; south: 125 → class 3.
    expect(Array.from(r.counts)).toEqual([1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(Array.from(roseProbabilities(r.counts, r.counted)).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(core.binRose(new Float32Array(0), new Float32Array(0), 0, ch4Thresholds).counted).toBe(0);
    expect(() => core.binRose(Float32Array.of(1), new Float32Array(0), 4, ch4Thresholds)).toThrow('same length');
  });
});

describe('wind field IDW', () => {
  let core: WasmCore;
  beforeAll(async () => {
    core = await loadWasmCoreFromDisk();
  });

  it('interpolates vectors like the reference, clamping speed', () => {
    const station = fc.tuple(
      fc.double({ min: 0, max: 500, noNaN: true }),
      fc.double({ min: 0, max: 500, noNaN: true }),
      fc.double({ min: -40, max: 40, noNaN: true }),
      fc.double({ min: -40, max: 40, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(station, { maxLength: 20 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 24 }),
        fc.constantFrom(undefined, 10, 40),
        (st, nx, ny, spacingY) => {
          const s = {
            x: Float64Array.from(st, (p) => p[0]),
            y: Float64Array.from(st, (p) => p[1]),
            u: Float64Array.from(st, (p) => p[2]),
            v: Float64Array.from(st, (p) => p[3]),
          };
          const grid = { x0: 0, y0: 0, spacing: 25, ...(spacingY ? { spacingY } : {}), nx, ny, maxSpeed: 30 };
          const ours = core.idw(s.x, s.y, s.u, s.v, grid);
          const ref = idw(s, grid);
          // The kernel weighs in float32 lanes: within 1 mm/s of the float64 twin (NaN where it has NaN).
          for (let k = 0; k < ref.u.length; k++) {
            expect(Number.isNaN(ours.u[k]!)).toBe(Number.isNaN(ref.u[k]!));
            if (!Number.isNaN(ref.u[k]!)) {
              expect(Math.abs(ours.u[k]! - ref.u[k]!)).toBeLessThanOrEqual(1e-3);
              expect(Math.abs(ours.v[k]! - ref.v[k]!)).toBeLessThanOrEqual(1e-3);
            }
          }
          for (let k = 0; k < ours.u.length; k++)
            if (!Number.isNaN(ours.u[k]!)) expect(Math.hypot(ours.u[k]!, ours.v[k]!)).toBeLessThanOrEqual(30 + 1e-9);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('averages vectors, not angles: opposite winds cancel rather than pointing sideways', () => {
    const west = windToUv(270, 10);
    const east = windToUv(90, 10);
    const out = core.idw(
      Float64Array.of(0, 100),
      Float64Array.of(0, 0),
      Float64Array.of(west.u, east.u),
      Float64Array.of(west.v, east.v),
      { x0: 25, y0: -25, spacing: 50, nx: 1, ny: 1, maxSpeed: 0 },
    );
    expect(Math.hypot(out.u[0]!, out.v[0]!)).toBeLessThan(1e-9);
    expect(windToUv(0, 10).v).toBeCloseTo(-10, 12);
  });
});
