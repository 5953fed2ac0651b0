import { describe, expect, it } from 'vitest';
import { computeFootprints, NOMINAL, puffSigmas, type FootprintWind } from '../../server/services/modelling/footprint';
import { ch4Density } from '../../server/services/modelling/physics';

function steadyWind(minutes: number, speed: number, fromDeg: number, sigmaThetaDeg = 10, cls = 3): FootprintWind {
  const r = (fromDeg * Math.PI) / 180;
  return {
    uE: new Float64Array(minutes).fill(-speed * Math.sin(r)),
    uN: new Float64Array(minutes).fill(-speed * Math.cos(r)),
    sigmaTheta: new Float64Array(minutes).fill((sigmaThetaDeg * Math.PI) / 180),
    stability: new Uint8Array(minutes).fill(cls),
  };
}

describe('puff footprints', () => {
  const rho = ch4Density(0, 15);

  it('a steady wind converges to the Gaussian plume', () => {
    const u = 3;
    const x = 30;
    const receptors = [0, 2, 5].map((y) => ({ x, y, z: 2.4 }));
    const f = computeFootprints({
      sources: [{ x: 0, y: 0, z: 2 }],
      receptors,
      wind: steadyWind(60, u, 270),
      outFrom: 30,
      outTo: 40,
      density: rho,
      perturbation: NOMINAL,
      dtS: 2,
    });
    const [sy, sz] = puffSigmas(x / u, x, u * ((10 * Math.PI) / 180), 3);
    receptors.forEach((rec, r) => {
      const plume =
        ((1 / 3600 / (2 * Math.PI * u * sy * sz)) *
          Math.exp(-(rec.y * rec.y) / (2 * sy * sy)) *
          (Math.exp(-(0.4 * 0.4) / (2 * sz * sz)) + Math.exp(-(4.4 * 4.4) / (2 * sz * sz))) *
          1e6) /
        rho;
      for (let t = 0; t < f.T; t++) {
        const h = f.h[r * f.T + t]!;
        expect(Math.abs(h - plume) / plume).toBeLessThan(0.06);
      }
    });
  });

  it('vertical spread: σw·t in the Draxler form bounds σz from below near the source', () => {
    // A 100 s old puff 30 m from its source (light wind), σv = 0.5 m/s, class D: σw = 0.66 × 0.5 = 0.33 m/s, so
    // σz = 0.33 × 100 / (1 + 0.9 √(100/300)) = 33 / 1.51962 = 21.72 m, above ISC3's 1.63 m and the 0.1 m/s floor's
    // 6.6 m.
    const [, sz] = puffSigmas(100, 30, 0.5, 3);
    expect(sz).toBeCloseTo(33 / (1 + 0.9 * Math.sqrt(1 / 3)), 6);
    // Far downwind in a fast wind the ISC3 curve still rules: 2 km in 200 s at σv = 0.5 m/s gives the σw form 38.0 m,
    // ISC3 class D at 2 km: 32.093 × 2^0.64403 = 50.15 m.
    const [, szFar] = puffSigmas(200, 2000, 0.5, 3);
    expect(szFar).toBeCloseTo(32.093 * Math.pow(2, 0.64403), 6);
  });

  it('coarse cadence does not alias (5 s vs 1 s within 3 %)', () => {
    const receptors = [{ x: 25, y: 1, z: 2.4 }];
    const wind = steadyWind(60, 5, 270);
    const a = computeFootprints({
      sources: [{ x: 0, y: 0, z: 2 }],
      receptors,
      wind,
      outFrom: 30,
      outTo: 35,
      density: rho,
      perturbation: NOMINAL,
      dtS: 1,
    });
    const b = computeFootprints({
      sources: [{ x: 0, y: 0, z: 2 }],
      receptors,
      wind,
      outFrom: 30,
      outTo: 35,
      density: rho,
      perturbation: NOMINAL,
      dtS: 5,
    });
    for (let t = 0; t < 5; t++) expect(Math.abs(b.h[t]! - a.h[t]!) / a.h[t]!).toBeLessThan(0.03);
  });

  it('upwind receptors see nothing; a direction offset moves the plume', () => {
    const receptors = [
      { x: -30, y: 0, z: 2.4 },
      { x: 30, y: 0, z: 2.4 },
      { x: 30 * Math.cos(0.35), y: -30 * Math.sin(0.35), z: 2.4 },
    ];
    const wind = steadyWind(60, 3, 270, 5);
    const f = computeFootprints({
      sources: [{ x: 0, y: 0, z: 2 }],
      receptors,
      wind,
      outFrom: 30,
      outTo: 31,
      density: rho,
      perturbation: NOMINAL,
    });
    expect(f.h[0]!).toBeLessThan(1e-6);
    expect(f.h[1]!).toBeGreaterThan(0.5);
    // Wind from 270° + 20°: the travel vector turns clockwise (toward the south-east receptor).
    const g = computeFootprints({
      sources: [{ x: 0, y: 0, z: 2 }],
      receptors,
      wind,
      outFrom: 30,
      outTo: 31,
      density: rho,
      perturbation: { ...NOMINAL, dirOffsetRad: 0.35 },
    });
    expect(g.h[2]!).toBeGreaterThan(g.h[1]!);
  });

  it('calm air keeps puffs near the source without blowing up', () => {
    const f = computeFootprints({
      sources: [{ x: 0, y: 0, z: 2 }],
      receptors: [{ x: 5, y: 0, z: 2.4 }],
      wind: steadyWind(60, 0, 270),
      outFrom: 30,
      outTo: 31,
      density: rho,
      perturbation: NOMINAL,
    });
    expect(Number.isFinite(f.h[0]!)).toBe(true);
  });
});
