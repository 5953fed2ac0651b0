import { beforeAll, describe, expect, it } from 'vitest';
import { accumulatePuffs, PUFF_STRIDE as TWIN_STRIDE } from '../../../asm/reference/puff';
import {
  loadPuffKernel,
  PUFF_STRIDE,
  puffKernel,
  puffKernelFromFile,
  type PuffKernel,
} from '../../../server/services/modelling/puff-kernel';
import { makeRng } from '../../../server/services/modelling/stats';

describe('puff kernel', () => {
  let wasm: PuffKernel;
  beforeAll(async () => {
    wasm = await loadPuffKernel();
  });

  it('the product runs the wasm, with no fallback to the twin', () => {
    // Nothing in this file sets a kernel: the stages' default is the wasm module.
    expect(puffKernel().name).toBe('wasm');
    expect(PUFF_STRIDE).toBe(TWIN_STRIDE);
    expect(() => puffKernelFromFile(new URL('file:///nonexistent/core.wasm'))).toThrow(/npm run build:asm/);
  });

  it('gives the Gaussian puff formula with ground reflection at a point', () => {
    const puffs = Float64Array.of(0, 0, 2, 1, 0, 0, 3, 3, 1.5, 1.5, 100, 0);
    const rec = Float64Array.of(1.5, -1, 2.4);
    const out = new Float64Array(1);
    accumulatePuffs(puffs, 1, rec, 1, 1, out);
    const expected =
      (100 / (Math.pow(2 * Math.PI, 1.5) * 3 * 3 * 1.5)) *
      Math.exp(-(1.5 * 1.5) / (2 * 9) - 1 / (2 * 9)) *
      (Math.exp(-(0.4 * 0.4) / (2 * 2.25)) + Math.exp(-(4.4 * 4.4) / (2 * 2.25)));
    expect(out[0]).toBeCloseTo(expected, 12);
  });

  it('wasm and the TypeScript twin agree within 1e-9 on random puffs', () => {
    const rng = makeRng(42);
    const nP = 500;
    const nR = 8;
    const nS = 5;
    const puffs = new Float64Array(nP * PUFF_STRIDE);
    for (let p = 0; p < nP; p++) {
      const a = rng() * 2 * Math.PI;
      const b = p * PUFF_STRIDE;
      const sy = 0.5 + rng() * 8;
      const sz = 0.5 + rng() * 5;
      puffs.set(
        [
          rng() * 120 - 60,
          rng() * 90 - 45,
          rng() * 5,
          Math.cos(a),
          Math.sin(a),
          rng() < 0.2 ? 0 : rng() * 30,
          sy,
          sy * (1 + rng()),
          sz,
          sz * (1 + rng()),
          rng() * 50,
          Math.floor(rng() * nS),
        ],
        b,
      );
    }
    const rec = new Float64Array(nR * 3);
    for (let r = 0; r < nR; r++) rec.set([rng() * 80 - 40, rng() * 60 - 30, 2.4], r * 3);
    const ts = new Float64Array(nS * nR);
    const ws = new Float64Array(nS * nR);
    const nTs = accumulatePuffs(puffs, nP, rec, nR, nS, ts);
    const nWs = wasm.accumulate(puffs, nP, rec, nR, nS, ws);
    expect(nWs).toBe(nTs);
    expect(nTs).toBeGreaterThan(0);
    for (let i = 0; i < ts.length; i++)
      expect(Math.abs(ws[i]! - ts[i]!)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(ts[i]!)));
  });

  it('a segment averages the puff along its path (a 0-length segment is the point puff)', () => {
    const rec = Float64Array.of(5, 0, 1);
    // Mean over sub-positions along a 10 m segment ≈ the closed form.
    const seg = new Float64Array(1);
    accumulatePuffs(Float64Array.of(0, 0, 1, 1, 0, 10, 2, 2, 1, 1, 10, 0), 1, rec, 1, 1, seg);
    let mean = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const o = new Float64Array(1);
      accumulatePuffs(Float64Array.of((10 * (i + 0.5)) / n, 0, 1, 1, 0, 0, 2, 2, 1, 1, 10, 0), 1, rec, 1, 1, o);
      mean += o[0]! / n;
    }
    expect(Math.abs(seg[0]! - mean) / mean).toBeLessThan(1e-5);
  });

  it('adds into the output and skips bad puffs', () => {
    // A valid puff, one with a zero σ (skipped) and one with an out-of-range source index (skipped).
    const puffs = Float64Array.of(
      0,
      0,
      1,
      1,
      0,
      2,
      2,
      2,
      1,
      1,
      10,
      0,
      0,
      0,
      1,
      1,
      0,
      2,
      0,
      2,
      1,
      1,
      10,
      0,
      0,
      0,
      1,
      1,
      0,
      2,
      2,
      2,
      1,
      1,
      10,
      7,
    );
    const rec = Float64Array.of(0, 0, 1);
    const a = Float64Array.of(1);
    const b = Float64Array.of(1);
    accumulatePuffs(puffs, 3, rec, 1, 1, a);
    wasm.accumulate(puffs, 3, rec, 1, 1, b);
    expect(a[0]).toBeGreaterThan(1);
    expect(Math.abs(a[0]! - b[0]!)).toBeLessThan(1e-12);
  });
});
