// TypeScript twin of asm/assembly/puff.ts (same record layout and arithmetic): the test reference and the benches'
// peer (bench/puff-twin.ts); the modelling stages run only the wasm.

export const PUFF_STRIDE = 12;
const INV_2PI_3_2 = 0.06349363593424097;
const SQRT_HALF_PI = 1.2533141373155003;
const INV_SQRT2 = 0.7071067811865476;
const CUT = 18.0;
const REACH = 5.0;

/** Complementary error function, Chebyshev fit with fractional error < 1.2e-7 everywhere (Numerical Recipes erfcc). */
export function erfcApprox(x: number): number {
  // Saturated beyond |x| = 4.5 (erfc(4.5) ≈ 2e-10): saves the exp for receptors well inside or outside a segment.
  if (x > 4.5) return 0.0;
  if (x < -4.5) return 2.0;
  const z = Math.abs(x);
  const t = 1.0 / (1.0 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2.0 - r;
}

function erfDiff(a: number, b: number): number {
  if (b >= 0) return erfcApprox(b) - erfcApprox(a);
  if (a <= 0) return erfcApprox(-a) - erfcApprox(-b);
  return 2.0 - erfcApprox(a) - erfcApprox(-b);
}

/**
 * Adds each puff's step-mean concentration (ppm) at every receptor into out[src·nRec + r]. Puff record
 * (PUFF_STRIDE values): x, y (start of step), z (release height), ex, ey (unit travel vector), len (distance
 * travelled in the step), sy0, sy1, sz0, sz1 (σ horizontal and vertical at the segment's start and end, interpolated
 * at each receptor's projection), q (ppm·m³), src. Receptors: x, y, z triples. Returns the
 * number of puff–receptor pairs evaluated.
 */
export function accumulatePuffs(
  puffs: Float64Array,
  nPuffs: number,
  receptors: Float64Array,
  nRec: number,
  nSrc: number,
  out: Float64Array,
): number {
  let evaluated = 0;
  for (let p = 0; p < nPuffs; p++) {
    const b = p * PUFF_STRIDE;
    const src = Math.trunc(puffs[b + 11]!);
    if (src < 0 || src >= nSrc) continue;
    const x = puffs[b]!;
    const y = puffs[b + 1]!;
    const h = puffs[b + 2]!;
    const ex = puffs[b + 3]!;
    const ey = puffs[b + 4]!;
    const len = puffs[b + 5]!;
    const sy0 = puffs[b + 6]!;
    const sy1 = puffs[b + 7]!;
    const sz0 = puffs[b + 8]!;
    const sz1 = puffs[b + 9]!;
    const q = puffs[b + 10]!;
    if (!(len >= 0) || !(sy0 > 0) || !(sy1 > 0) || !(sz0 > 0) || !(sz1 > 0) || !(q > 0)) continue;
    const syMax = Math.max(sy0, sy1);
    const outRow = src * nRec;
    for (let r = 0; r < nRec; r++) {
      const rb = r * 3;
      const dx = receptors[rb]! - x;
      const dy = receptors[rb + 1]! - y;
      const along = dx * ex + dy * ey;
      const cross = dy * ex - dx * ey;
      if (along < -REACH * syMax || along > len + REACH * syMax) continue;
      const f = len > 0 ? Math.min(1.0, Math.max(0.0, along / len)) : 0.0;
      const sy = sy0 + (sy1 - sy0) * f;
      const sz = sz0 + (sz1 - sz0) * f;
      const ay = 0.5 / (sy * sy);
      const ec = cross * cross * ay;
      if (ec > CUT) continue;
      let fa: number;
      if (len > 1e-6 * sy) {
        const k = INV_SQRT2 / sy;
        fa = ((SQRT_HALF_PI * sy) / len) * erfDiff(along * k, (along - len) * k);
      } else fa = Math.exp(-along * along * ay);
      const az = 0.5 / (sz * sz);
      const norm = (q * INV_2PI_3_2) / (sy * sy * sz);
      const rz = receptors[rb + 2]!;
      const dm = rz - h;
      const dp = rz + h;
      out[outRow + r] =
        out[outRow + r]! + norm * fa * Math.exp(-ec - dm * dm * az) * (1.0 + Math.exp(-(dp * dp - dm * dm) * az));
      evaluated++;
    }
  }
  return evaluated;
}
