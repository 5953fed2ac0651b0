// Gaussian puff accumulation: the hot loop of the modelling pipeline's forward model (footprints H). Each puff is a
// record of PUFF_STRIDE float64 values; each receptor x, y, z. Concentrations (ppm) are ADDED into out[src·nRec + r].
//
// Puff record: x, y (m), z = release height (m), ex, ey = unit along-wind vector, sx = along-wind σ (m),
// sy = cross-wind σ (m), sz = vertical σ (m), q = puff content in ppm·m³ (kg × 1e6 / ρ_CH4), src = source index.
// The along-wind σ lets one puff stand for the segment of plume released during one time step, so a coarse cadence
// does not alias (puffs sampled at fixed phase); ground reflection by the image source at −z.
// Twin: asm/reference/puff.ts (same arithmetic, same cut-off) — the tests require agreement within 1e-9.

export const PUFF_STRIDE: i32 = 10;
/** 1 / (2π)^{3/2}. */
const INV_2PI_3_2: f64 = 0.06349363593424097;
/** Horizontal exponent beyond which a puff contributes nothing measurable (e^-25 ≈ 1.4e-11 of its peak). */
const CUT: f64 = 25.0;

export function accumulatePuffs(puffPtr: usize, nPuffs: i32, recPtr: usize, nRec: i32, nSrc: i32, outPtr: usize): i32 {
  let evaluated = 0;
  for (let p = 0; p < nPuffs; p++) {
    const b = puffPtr + <usize>(p * PUFF_STRIDE) * 8;
    const src = <i32>load<f64>(b + 72);
    if (src < 0 || src >= nSrc) continue;
    const x = load<f64>(b);
    const y = load<f64>(b + 8);
    const h = load<f64>(b + 16);
    const ex = load<f64>(b + 24);
    const ey = load<f64>(b + 32);
    const sx = load<f64>(b + 40);
    const sy = load<f64>(b + 48);
    const sz = load<f64>(b + 56);
    const q = load<f64>(b + 64);
    if (!(sx > 0) || !(sy > 0) || !(sz > 0) || !(q > 0)) continue;
    const norm = (q * INV_2PI_3_2) / (sx * sy * sz);
    const ax = 0.5 / (sx * sx);
    const ay = 0.5 / (sy * sy);
    const az = 0.5 / (sz * sz);
    const outRow = outPtr + <usize>(src * nRec) * 8;
    for (let r = 0; r < nRec; r++) {
      const rb = recPtr + <usize>(r * 3) * 8;
      const dx = load<f64>(rb) - x;
      const dy = load<f64>(rb + 8) - y;
      const along = dx * ex + dy * ey;
      const cross = dy * ex - dx * ey;
      const e = along * along * ax + cross * cross * ay;
      if (e > CUT) continue;
      const rz = load<f64>(rb + 16);
      const dm = rz - h;
      const dp = rz + h;
      const v = norm * Math.exp(-e) * (Math.exp(-dm * dm * az) + Math.exp(-dp * dp * az));
      const o = outRow + (<usize>r << 3);
      store<f64>(o, load<f64>(o) + v);
      evaluated++;
    }
  }
  return evaluated;
}
