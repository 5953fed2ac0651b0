// The modelling pipeline's hot loop, the Gaussian-puff accumulation: the AssemblyScript kernel (asm/build/core.wasm,
// as the pipeline's worker loads it, copies in and out included) against its TypeScript twin. The puffs are laid out
// as the footprint stage lays them out: a plume of puffs strung downwind of five sources, receptors around the site.
import { loadPuffKernel, PUFF_STRIDE, type PuffKernel } from '../server/services/modelling/puff-kernel';
import { tsPuffKernel } from './puff-twin';

interface PuffRow {
  name: string;
  check: string;
  medianMs: number;
  peerMedianMs: number;
}

const SOURCES = 5;

function plume(nPuffs: number, nReceptors: number): { puffs: Float64Array; receptors: Float64Array } {
  const puffs = new Float64Array(nPuffs * PUFF_STRIDE);
  for (let p = 0; p < nPuffs; p++) {
    const b = p * PUFF_STRIDE;
    const travelled = (p % 60) * 30; // 60 puffs per source, one a minute, at 0.5 m/s
    puffs[b] = -50 + travelled * 0.9;
    puffs[b + 1] = (p % 7) * 3;
    puffs[b + 2] = 2;
    puffs[b + 3] = 0.9;
    puffs[b + 4] = Math.sqrt(1 - 0.81);
    puffs[b + 5] = 30;
    puffs[b + 6] = 1 + travelled * 0.08;
    puffs[b + 7] = 1 + (travelled + 30) * 0.08;
    puffs[b + 8] = 0.5 + travelled * 0.05;
    puffs[b + 9] = 0.5 + (travelled + 30) * 0.05;
    puffs[b + 10] = 1e5;
    puffs[b + 11] = p % SOURCES;
  }
  const receptors = new Float64Array(nReceptors * 3);
  for (let r = 0; r < nReceptors; r++) {
    receptors[r * 3] = 20 + 40 * Math.cos(r);
    receptors[r * 3 + 1] = 40 * Math.sin(r);
    receptors[r * 3 + 2] = 2.5;
  }
  return { puffs, receptors };
}

/** Median over 11 runs of the time of one call (ms), each run timing 100 calls into a preallocated output. */
function timeCall(kernel: PuffKernel, puffs: Float64Array, receptors: Float64Array, nPuffs: number, nRec: number) {
  const out = new Float64Array(SOURCES * nRec);
  const runs: number[] = [];
  for (let run = 0; run < 12; run++) {
    const t = performance.now();
    for (let i = 0; i < 100; i++) {
      out.fill(0);
      kernel.accumulate(puffs, nPuffs, receptors, nRec, SOURCES, out);
    }
    if (run > 0) runs.push((performance.now() - t) / 100); // the first run warms the JIT
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/** Rows for `npm run bench`; throws when the kernel and its twin disagree beyond 1e-9 (relative). */
export async function puffKernelBenchmarks(): Promise<PuffRow[]> {
  const wasm = await loadPuffKernel();
  const rows: PuffRow[] = [];
  for (const [nPuffs, nRec] of [
    [300, 8],
    [3000, 16],
  ] as const) {
    const { puffs, receptors } = plume(nPuffs, nRec);
    const ours = new Float64Array(SOURCES * nRec);
    const twin = new Float64Array(SOURCES * nRec);
    const evaluatedOurs = wasm.accumulate(puffs, nPuffs, receptors, nRec, SOURCES, ours);
    const evaluatedTwin = tsPuffKernel.accumulate(puffs, nPuffs, receptors, nRec, SOURCES, twin);
    let worst = 0;
    let nonZero = 0;
    for (let i = 0; i < ours.length; i++) {
      if (twin[i]! > 0) nonZero++;
      worst = Math.max(worst, Math.abs(ours[i]! - twin[i]!) / Math.max(1e-300, Math.abs(twin[i]!)));
    }
    if (evaluatedOurs !== evaluatedTwin || !(worst <= 1e-9) || nonZero === 0) {
      throw new Error(`puff kernel and twin disagree: ${evaluatedOurs} vs ${evaluatedTwin} pairs, ${worst} relative`);
    }
    rows.push({
      name: `puff accumulation (wasm, copies in and out), ${nPuffs} puffs × ${nRec} receptors, ${evaluatedOurs} pairs`,
      check: `same pairs, max relative difference ${worst.toExponential(1)} (≤ 1e-9)`,
      medianMs: timeCall(wasm, puffs, receptors, nPuffs, nRec),
      peerMedianMs: timeCall(tsPuffKernel, puffs, receptors, nPuffs, nRec),
    });
  }
  return rows;
}
