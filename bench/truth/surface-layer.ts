// Monin–Obukhov surface-layer relations used by the truth's particle model.
// Sources (checked, see README): ψ_m after Paulson (1970) / Businger–Dyer for unstable (x = (1 − 16ζ)^¼) and the
// linear −5ζ form for stable; 1/L from the Pasquill class and z0 after Golder (1972) as tabulated in Seinfeld &
// Pandis; velocity variances after Panofsky et al. (1977) (σ_u, σ_v, σ_w = 2.4, 1.9, 1.25 u* in neutral air), with
// σ_w = b_w u* (1 − 3 z/L)^⅓ unstable and b_w u* stable as in the bLS model (Flesch et al. 2004).

export const KARMAN = 0.4;

/** Pasquill–Gifford classes as 0..5 = A..F. */
export type StabilityClass = 0 | 1 | 2 | 3 | 4 | 5;
export const CLASS_NAMES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

const GOLDER_A = [-0.096, -0.037, -0.002, 0, 0.004, 0.035];
const GOLDER_B = [0.029, 0.029, 0.018, 0, -0.018, -0.036];

/** Obukhov length (m) for a class and roughness; Infinity for neutral. */
export function obukhovLength(cls: StabilityClass, z0: number): number {
  const inv = GOLDER_A[cls]! + GOLDER_B[cls]! * Math.log10(z0);
  return inv === 0 ? Infinity : 1 / inv;
}

/** Integrated stability correction for momentum ψ_m(ζ), ζ = z/L. */
export function psiM(zeta: number): number {
  if (!Number.isFinite(zeta) || zeta === 0) return 0;
  if (zeta > 0) return -5 * Math.min(zeta, 2); // stable; capped where the linear form stops being credible
  const x = Math.pow(1 - 16 * Math.max(zeta, -5), 0.25);
  return 2 * Math.log((1 + x) / 2) + Math.log((1 + x * x) / 2) - 2 * Math.atan(x) + Math.PI / 2;
}

/** Friction velocity from the 10 m wind by the log law with stability correction. */
export function frictionVelocity(u10: number, z0: number, L: number): number {
  const denom = Math.log(10 / z0) - psiM(10 / L);
  return (KARMAN * u10) / Math.max(denom, 1);
}

/** Mean wind speed (m/s) at height z by the log law; heights below 2·z0 use 2·z0. */
export function windAt(z: number, ustar: number, z0: number, L: number): number {
  const zz = Math.max(z, 2 * z0);
  return Math.max(0, (ustar / KARMAN) * (Math.log(zz / z0) - psiM(zz / L)));
}

export interface Turbulence {
  sigmaU: number;
  sigmaV: number;
  sigmaW: number;
}

/** Convective boundary-layer depth assumed for the unstable σ_u, σ_v enhancement (m). */
const ZI_UNSTABLE = 1000;
/** Floors so that calm hours still diffuse (low-wind meandering keeps σ_v ≳ 0.2–0.3 m/s in observations). */
const SIGMA_H_FLOOR = 0.25;
const SIGMA_W_FLOOR = 0.08;

/** Velocity standard deviations at reference height z (m), homogeneous over the particle domain for the hour. */
export function turbulence(ustar: number, L: number, z: number): Turbulence {
  let fh = 1;
  let fw = 1;
  if (Number.isFinite(L) && L < 0) {
    fw = Math.cbrt(1 - (3 * z) / L);
    fh = Math.cbrt((12 + (0.5 * ZI_UNSTABLE) / -L) / 12);
  }
  // Stable: σ_w/u* stays at its neutral value (as in the bLS model of Flesch et al. 2004).
  return {
    sigmaU: Math.max(2.4 * ustar * fh, SIGMA_H_FLOOR),
    sigmaV: Math.max(1.9 * ustar * fh, SIGMA_H_FLOOR * 0.8),
    sigmaW: Math.max(1.25 * ustar * fw, SIGMA_W_FLOOR),
  };
}

/** Lagrangian time scale T_L = 0.5 z / σ_w, at least 1 s. */
export function lagrangianTime(z: number, sigmaW: number): number {
  return Math.max(1, (0.5 * z) / sigmaW);
}

/** Air pressure (Pa) from elevation by the standard-atmosphere barometric formula. */
export function pressureAt(elevationM: number): number {
  return 101325 * Math.pow(1 - 2.25577e-5 * elevationM, 5.25588);
}

const M_CH4 = 0.01604;
const R_GAS = 8.314462618;

/** Density of pure CH4 (kg/m³) at the site's pressure and temperature: ppm = c / ρ_CH4 × 1e6. */
export function methaneDensity(pressurePa: number, temperatureC: number): number {
  return (pressurePa * M_CH4) / (R_GAS * (temperatureC + 273.15));
}
