// Gaussian puff accumulation: the hot loop of the modelling pipeline's forward model (footprints H). Each puff is a
// record of PUFF_STRIDE float64 values; each receptor x, y, z. Time-mean concentrations (ppm) over one model step
// are ADDED into out[src·nRec + r].
//
// Puff record: x, y (m) at the start of the step, z = release height (m), ex, ey = unit travel vector, len = distance
// travelled during the step (m), sy0, sy1 = horizontal σ (m) at the segment's start and end, sz0, sz1 = vertical σ
// likewise, q = content in ppm·m³ (kg × 1e6 / ρ_CH4), src = source index. The σ used for a receptor is interpolated
// at its projection on the segment, so a long segment near the source is not evaluated with one young puff's σ.
// The along-wind factor is the Gaussian averaged over the segment the puff sweeps during the step (closed form with
// erfc), so successive puffs tile the plume without gaps and a coarse cadence neither aliases nor skips receptors
// near the source. Ground reflection by the image source at −z.
// Twin: asm/reference/puff.ts (same arithmetic) — the tests require agreement within 1e-9.

export const PUFF_STRIDE: i32 = 12;
/** 1 / (2π)^{3/2}. */
const INV_2PI_3_2: f64 = 0.06349363593424097;
const SQRT_HALF_PI: f64 = 1.2533141373155003;
const INV_SQRT2: f64 = 0.7071067811865476;
/** Exponent beyond which a contribution is negligible (e^-18 ≈ 1.5e-8 of the peak). */
const CUT: f64 = 18.0;
/** Along-wind reach in σ beyond the segment's ends. */
const REACH: f64 = 5.0;

/** Complementary error function, Chebyshev fit with fractional error < 1.2e-7 everywhere (Numerical Recipes erfcc). */
export function erfcApprox(x: f64): f64 {
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
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2.0 - r;
}

/** erf(a) − erf(b) for a ≥ b, written with erfc on the side that avoids cancellation in the tails. */
function erfDiff(a: f64, b: f64): f64 {
  if (b >= 0) return erfcApprox(b) - erfcApprox(a);
  if (a <= 0) return erfcApprox(-a) - erfcApprox(-b);
  return 2.0 - erfcApprox(a) - erfcApprox(-b);
}

export function accumulatePuffs(puffPtr: usize, nPuffs: i32, recPtr: usize, nRec: i32, nSrc: i32, outPtr: usize): i32 {
  let evaluated = 0;
  for (let p = 0; p < nPuffs; p++) {
    const b = puffPtr + <usize>(p * PUFF_STRIDE) * 8;
    const src = <i32>load<f64>(b + 88);
    if (src < 0 || src >= nSrc) continue;
    const x = load<f64>(b);
    const y = load<f64>(b + 8);
    const h = load<f64>(b + 16);
    const ex = load<f64>(b + 24);
    const ey = load<f64>(b + 32);
    const len = load<f64>(b + 40);
    const sy0 = load<f64>(b + 48);
    const sy1 = load<f64>(b + 56);
    const sz0 = load<f64>(b + 64);
    const sz1 = load<f64>(b + 72);
    const q = load<f64>(b + 80);
    if (!(len >= 0) || !(sy0 > 0) || !(sy1 > 0) || !(sz0 > 0) || !(sz1 > 0) || !(q > 0)) continue;
    const syMax = Math.max(sy0, sy1);
    const outRow = outPtr + <usize>(src * nRec) * 8;
    for (let r = 0; r < nRec; r++) {
      const rb = recPtr + <usize>(r * 3) * 8;
      const dx = load<f64>(rb) - x;
      const dy = load<f64>(rb + 8) - y;
      const along = dx * ex + dy * ey;
      const cross = dy * ex - dx * ey;
      if (along < -REACH * syMax || along > len + REACH * syMax) continue;
      const f = len > 0 ? Math.min(1.0, Math.max(0.0, along / len)) : 0.0;
      const sy = sy0 + (sy1 - sy0) * f;
      const sz = sz0 + (sz1 - sz0) * f;
      const ay = 0.5 / (sy * sy);
      const ec = cross * cross * ay;
      if (ec > CUT) continue;
      let fa: f64;
      if (len > 1e-6 * sy) {
        const k = INV_SQRT2 / sy;
        fa = ((SQRT_HALF_PI * sy) / len) * erfDiff(along * k, (along - len) * k);
      } else fa = Math.exp(-along * along * ay);
      const az = 0.5 / (sz * sz);
      const norm = (q * INV_2PI_3_2) / (sy * sy * sz);
      const rz = load<f64>(rb + 16);
      const dm = rz - h;
      const dp = rz + h;
      // exp(−ec − dm²az)·(1 + exp(−(dp² − dm²)az)): the direct and the reflected term with one exp fewer.
      const v = norm * fa * Math.exp(-ec - dm * dm * az) * (1.0 + Math.exp(-(dp * dp - dm * dm) * az));
      const o = outRow + (<usize>r << 3);
      store<f64>(o, load<f64>(o) + v);
      evaluated++;
    }
  }
  return evaluated;
}
