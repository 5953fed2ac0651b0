// Height tables of the hour's flow for the particle model: mean speed U(z) by the log law with ψ_m, and the OU
// coefficients from T_L(z) = 0.5 z / σ_w (≥ 1 s). Rebuilt when the hour changes.
import { lagrangianTime, windAt } from './surface-layer';

export const TABLE_DZ = 0.1;
export const TABLE_TOP = 400;

export interface FlowTables {
  speed: Float64Array;
  decay: Float64Array;
  kick: Float64Array;
}

export function allocTables(): FlowTables {
  const n = Math.round(TABLE_TOP / TABLE_DZ) + 1;
  return { speed: new Float64Array(n), decay: new Float64Array(n), kick: new Float64Array(n) };
}

/** Fills the tables; `uniformSpeed` (test cases) replaces the log law by one speed at all heights. */
export function fillTables(
  t: FlowTables,
  dt: number,
  sigmaW: number,
  ustar: number,
  z0: number,
  L: number,
  uniformSpeed?: number,
): void {
  for (let k = 0; k < t.speed.length; k++) {
    const z = (k + 0.5) * TABLE_DZ;
    t.speed[k] = uniformSpeed ?? windAt(z, ustar, z0, L);
    const a = Math.exp(-dt / lagrangianTime(z, sigmaW));
    t.decay[k] = a;
    t.kick[k] = Math.sqrt(1 - a * a);
  }
}
