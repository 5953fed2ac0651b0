// Measures the truth simulator's CPU cost per simulated site-hour over a metec month (target ≤ 0.25 s).
// Run: npx tsx bench/truth/cost.ts [layout] [days]
import { createScenario } from './scenario';
import { createWorld } from './world';
import { LAYOUTS, type LayoutName } from './types';

const layout = (process.argv[2] ?? 'metec') as LayoutName;
if (!LAYOUTS.includes(layout)) throw new Error(`unknown layout ${layout}`);
const days = Number(process.argv[3] ?? 30);
const start = Date.UTC(2025, 5, 1);
const scenario = createScenario(layout, 1, 0, start, days);
const world = createWorld(scenario);
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
let peak = 0;
for (let t = start + 30 * 60_000; t <= scenario.end; t += 30 * 60_000) {
  world.advance(t);
  peak = Math.max(peak, world.cloud.count);
}
const cpu = process.cpuUsage(cpu0);
const cpuS = (cpu.user + cpu.system) / 1e6;
const hours = days * 24;
console.log(
  `${layout}, ${days} days: ${scenario.truth.releases.length} releases, ${scenario.truth.offsite.length} off-site episodes; ` +
    `CPU ${cpuS.toFixed(1)} s (wall ${((performance.now() - wall0) / 1000).toFixed(1)} s); ` +
    `${(cpuS / hours).toFixed(3)} CPU-s per site-hour (target ≤ 0.25); peak particles ${peak}`,
);
