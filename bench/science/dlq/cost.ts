/**
 * CPU cost of the DLQ port per site-hour on a synthetic week (5 sources x 8 sensors).
 * Run: npx tsx bench/science/dlq/cost.ts [days]
 */
import { runDlq } from './run';
import { mulberry32 } from './stats';
import { syntheticSite, type SyntheticRelease } from './synthetic';

const days = Number(process.argv[2] ?? 7);
const minutes = Math.round(days * 1440);
const rand = mulberry32(7);
const releases: SyntheticRelease[] = [];
// Back-to-back single-source releases (0.5-8 h, log-uniform) with 0.5-4 h quiet gaps.
for (let t = 60; t < minutes - 60;) {
  const dur = Math.round(30 * Math.pow(16, rand()));
  const to = Math.min(minutes - 30, t + dur);
  releases.push({
    sourceIndex: Math.floor(rand() * 5),
    fromMinute: t,
    toMinute: to,
    rateKgH: 0.1 * Math.pow(500, rand()),
  });
  t = to + Math.round(30 + rand() * 210);
}
for (const [label, medianWindMs] of [
  ['typical wind (median 3 m/s)', 3],
  ['low wind (median 1 m/s, worst case)', 1],
] as const) {
  const input = syntheticSite({ minutes, seed: 11, dtS: 2, noisePpm: 0.05, releases, medianWindMs });
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const emissions = runDlq(input);
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - wall0) / 1000;
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const hours = minutes / 60;
  console.log(
    `${label}, ${days} d, 5 sources x 8 sensors: ${releases.length} releases, ${emissions.length} DLQ emissions`,
  );
  console.log(`  cpu ${cpuS.toFixed(2)} s, wall ${wall.toFixed(2)} s over ${hours} site-hours`);
  console.log(`  CPU-seconds per site-hour: ${(cpuS / hours).toFixed(4)} (target <= 0.5)`);
}
