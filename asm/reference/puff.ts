// TypeScript twin of asm/assembly/puff.ts (same record layout, arithmetic and cut-off): the test reference, and the
// kernel the modelling stages use when the wasm is not loaded.

export const PUFF_STRIDE = 10;
const INV_2PI_3_2 = 0.06349363593424097;
const CUT = 25.0;

/**
 * Adds each puff's concentration (ppm) at every receptor into out[src·nRec + r]. Puff record (PUFF_STRIDE values):
 * x, y, z (release height), ex, ey (unit along-wind), sx, sy, sz (σ along, across, vertical), q (ppm·m³), src.
 * Receptors: x, y, z triples. Returns the number of puff–receptor pairs evaluated.
 */
export function accumulatePuffs(puffs: Float64Array, nPuffs: number, receptors: Float64Array, nRec: number, nSrc: number, out: Float64Array): number {
  let evaluated = 0;
  for (let p = 0; p < nPuffs; p++) {
    const b = p * PUFF_STRIDE;
    const src = Math.trunc(puffs[b + 9]!);
    if (src < 0 || src >= nSrc) continue;
    const x = puffs[b]!;
    const y = puffs[b + 1]!;
    const h = puffs[b + 2]!;
    const ex = puffs[b + 3]!;
    const ey = puffs[b + 4]!;
    const sx = puffs[b + 5]!;
    const sy = puffs[b + 6]!;
    const sz = puffs[b + 7]!;
    const q = puffs[b + 8]!;
    if (!(sx > 0) || !(sy > 0) || !(sz > 0) || !(q > 0)) continue;
    const norm = (q * INV_2PI_3_2) / (sx * sy * sz);
    const ax = 0.5 / (sx * sx);
    const ay = 0.5 / (sy * sy);
    const az = 0.5 / (sz * sz);
    const outRow = src * nRec;
    for (let r = 0; r < nRec; r++) {
      const rb = r * 3;
      const dx = receptors[rb]! - x;
      const dy = receptors[rb + 1]! - y;
      const along = dx * ex + dy * ey;
      const cross = dy * ex - dx * ey;
      const e = along * along * ax + cross * cross * ay;
      if (e > CUT) continue;
      const rz = receptors[rb + 2]!;
      const dm = rz - h;
      const dp = rz + h;
      out[outRow + r]! += norm * Math.exp(-e) * (Math.exp(-dm * dm * az) + Math.exp(-dp * dp * az));
      evaluated++;
    }
  }
  return evaluated;
}
