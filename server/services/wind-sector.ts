// Wind-sector binning on the server through the compute core's rose kernel (asm/assembly/rose.ts), the same wasm the
// browser's geo worker runs: the site map's concentration roses and the deployment plan's wind rose.
import { pairWithWind, ROSE_SECTORS, roseThresholds, severityCounts } from '@/domain/site-map';
import type { GasThresholds } from '@/domain/gas-legend';
import { computeCore } from './compute-core';

interface Series {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** Per sector and severity, the gas readings at or above the low threshold, placed by the wind they came with. */
export async function concentrationRose(gas: Series, windDirection: Series, t: GasThresholds): Promise<number[][]> {
  const pairs = pairWithWind(gas, windDirection);
  const { counts } = (await computeCore()).binRose(pairs.directions, pairs.values, ROSE_SECTORS, roseThresholds(t));
  return severityCounts(counts);
}

/**
 * Wind readings (the direction the wind blows from, degrees) as sector probabilities that sum to 1; readings with a
 * speed under `calmBelow` are left out, and without readings every direction is equally likely.
 */
export async function windRoseProbabilities(
  directions: ArrayLike<number>,
  speeds: ArrayLike<number> | null,
  sectors: number,
  calmBelow: number,
): Promise<number[]> {
  const kept = new Float32Array(directions.length);
  let n = 0;
  for (let i = 0; i < directions.length; i++) {
    if (speeds && !(speeds[i]! >= calmBelow)) continue;
    kept[n++] = directions[i]!;
  }
  const used = kept.subarray(0, n);
  const { counts, counted } = (await computeCore()).binRose(used, new Float32Array(n), sectors, new Float32Array(0));
  if (counted === 0) return new Array<number>(sectors).fill(1 / sectors);
  return Array.from(counts, (c) => c / counted);
}
