// CPU cost of the modelling pipeline's pure stages (runStep) per site-hour, on synthetic METEC-like data
// (8 sensors × 5 sources) generated with the pipeline's own forward model, for a few wind speeds, with the wasm
// puff kernel and with its TypeScript twin. Run: npx tsx bench/modelling-cost.ts
import type { ModelCarry } from '../server/services/modelling/contract';
import { loadPuffKernel, setPuffKernel, type PuffKernel } from '../server/services/modelling/puff-kernel';
import { tsPuffKernel } from './puff-twin';
import { runStep } from '../server/services/modelling/step';
import { metecLikeGeometry, synthesize, windowFor } from '../server/services/modelling/synthetic';

const MIN = 60_000;
const HOURS = 4;

function cpuSecondsPerSiteHour(kernel: PuffKernel, speedMs: number, units: number): number {
  setPuffKernel(kernel);
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
  let carry: ModelCarry | null = null;
  const before = process.cpuUsage();
  for (let s = start + 60 * MIN; s < start + (HOURS + 1) * 60 * MIN; s += 15 * MIN) {
    carry = runStep({ geometry: g, stepStart: s, window: windowFor(series, s), carry }).carry;
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6 / HOURS;
}

const wasm = await loadPuffKernel();
console.log(
  'modelling cost, CPU s per site-hour (8 sensors; 5 sources, and 5 groups × 2 units; target ≤ 1, aim ≈ 0.3)',
);
console.log('wind m/s | wasm 5 | ts 5  | wasm 10 | ts 10');
for (const speed of [1, 2, 3, 5, 8]) {
  const cols = [
    cpuSecondsPerSiteHour(wasm, speed, 1),
    cpuSecondsPerSiteHour(tsPuffKernel, speed, 1),
    cpuSecondsPerSiteHour(wasm, speed, 2),
    cpuSecondsPerSiteHour(tsPuffKernel, speed, 2),
  ];
  console.log(`${String(speed).padStart(8)} | ${cols.map((c) => c.toFixed(3)).join(' | ')}`);
}
