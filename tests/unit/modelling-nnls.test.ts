import { describe, expect, it } from 'vitest';
import { nnls } from '../../server/services/modelling/nnls';
import { makeRng } from '../../server/services/modelling/stats';

describe('Lawson–Hanson NNLS', () => {
  it('recovers a known two-source mixture exactly', () => {
    const rng = makeRng(3);
    const m = 60;
    const n = 4;
    const A = new Float64Array(m * n);
    for (let i = 0; i < m * n; i++) A[i] = rng();
    const truth = [2.5, 0, 0.7, 0];
    const b = new Float64Array(m);
    for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) b[i] = b[i]! + A[i * n + j]! * truth[j]!;
    const r = nnls(A, b, m, n);
    truth.forEach((t, j) => expect(r.x[j]).toBeCloseTo(t, 8));
    expect(r.rss).toBeLessThan(1e-12);
  });

  it('keeps coefficients non-negative and leaves free columns unconstrained', () => {
    // b = -1·a0 + 3 (intercept): a0 must be clipped to 0, the free intercept absorbs the mean.
    const m = 20;
    const A = new Float64Array(m * 2);
    const b = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      A[i * 2] = i;
      A[i * 2 + 1] = 1;
      b[i] = -i + 3;
    }
    const r = nnls(A, b, m, 2, [false, true]);
    expect(r.x[0]).toBe(0);
    expect(r.x[1]).toBeCloseTo(3 - 9.5, 8);
    const neg = nnls(
      A,
      Float64Array.from(b, (v) => -v - 20),
      m,
      2,
      [false, true],
    );
    expect(neg.x[1]).toBeLessThan(0);
  });
});
