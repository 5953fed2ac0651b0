// CPU cost of the modelling pipeline's pure stages (runStep) per site-hour, on synthetic METEC-like data
// (8 sensors × 5 sources) generated with the pipeline's own forward model, for a few wind speeds, with the wasm
// puff kernel and with its TypeScript twin, after checking that both give the same site rates and bounds in every
// step. Run: npx tsx bench/modelling-cost.ts
import type { ModelCarry } from '../server/services/modelling/contract';
import { loadPuffKernel, setPuffKernel, type PuffKernel } from '../server/services/modelling/puff-kernel';
import { tsPuffKernel } from './puff-twin';
import { runStep } from '../server/services/modelling/step';
import { metecLikeGeometry, synthesize, windowFor } from '../server/services/modelling/synthetic';

const MIN = 60_000;
const HOURS = 4;

/** The synthetic site and its data, made once per case with the wasm kernel (both kernels then read the same data). */
function scenario(speedMs: number, units: number) {
  const g = metecLikeGeometry(1, units);
  const start = Date.UTC(2026, 5, 1, 12);
  const series = synthesize(g, {
    start,
    minutes: (HOURS + 1.5) * 60,
    baseDirDeg: 250,
    speedMs,
    releases: [
      { sourceIndex: 1, rateKgH: 2, fromMin: 60, toMin: 200 },
      { sourceIndex: 3, rateKgH: 6, fromMin: 120, toMin: 280 },
    ],
    noisePpm: 0.03,
    seed: 3,
  });
  return { g, start, series };
}

/** CPU seconds per site-hour of the steps with `kernel`, and every step's site rate and bounds (NaN when none). */
function run(kernel: PuffKernel, c: ReturnType<typeof scenario>): { cpu: number; rates: number[] } {
  setPuffKernel(kernel);
  const rates: number[] = [];
  let carry: ModelCarry | null = null;
  const before = process.cpuUsage();
  for (let s = c.start + 60 * MIN; s < c.start + (HOURS + 1) * 60 * MIN; s += 15 * MIN) {
    const r = runStep({ geometry: c.g, stepStart: s, window: windowFor(c.series, s), carry });
    carry = r.carry;
    rates.push(r.siteRate?.rate ?? NaN, r.siteRate?.lower ?? NaN, r.siteRate?.upper ?? NaN);
  }
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / 1e6 / HOURS, rates };
}

/** Largest relative difference of two steps' rates (NaN only against NaN); Infinity when one has a rate the other lacks. */
function worstDifference(a: number[], b: number[]): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]!) || Number.isNaN(b[i]!)) {
      if (Number.isNaN(a[i]!) !== Number.isNaN(b[i]!)) return Infinity;
      continue;
    }
    worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / Math.max(1e-9, Math.abs(b[i]!)));
  }
  return worst;
}

const wasm = await loadPuffKernel();
console.log(
  'modelling cost, CPU s per site-hour (8 sensors; 5 sources, and 5 groups × 2 units; target ≤ 1, aim ≈ 0.3); ' +
    'each case first checks that both kernels give the same site rates and bounds in every step (relative 1e-6)',
);
console.log('wind m/s | wasm 5 | ts 5  | wasm 10 | ts 10 | worst relative difference 5 / 10');
for (const speed of [1, 2, 3, 5, 8]) {
  const cols: number[] = [];
  const diffs: string[] = [];
  for (const units of [1, 2]) {
    setPuffKernel(wasm);
    const c = scenario(speed, units);
    const ours = run(wasm, c);
    const peer = run(tsPuffKernel, c);
    const worst = worstDifference(ours.rates, peer.rates);
    if (!(worst <= 1e-6))
      throw new Error(
        `Equality check failed: ${speed} m/s, ${units} unit(s): site rates differ by ${worst} (relative)`,
      );
    cols.push(ours.cpu, peer.cpu);
    diffs.push(worst.toExponential(1));
  }
  console.log(
    `${String(speed).padStart(8)} | ${[cols[0]!, cols[1]!, cols[2]!, cols[3]!].map((c) => c.toFixed(3)).join(' | ')} | ${diffs.join(' / ')}`,
  );
}
