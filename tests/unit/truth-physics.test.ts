import { describe, expect, it } from 'vitest';
import { ParticleCloud, type Obstacles, type Receptors, type StepFlow } from '../../bench/truth/particles';
import { allocTables, fillTables, TABLE_DZ } from '../../bench/truth/flow';
import { Rng } from '../../bench/truth/rng';
import { lagrangianTime, turbulence } from '../../bench/truth/surface-layer';
import { createScenario } from '../../bench/truth/scenario';
import { createWorld } from '../../bench/truth/world';

const DT = 0.5;
const noObstacles: Obstacles = {
  east: new Float64Array(0),
  north: new Float64Array(0),
  reach2: new Float64Array(0),
  top: new Float64Array(0),
};

/** Neutral, steady, uniform wind from the west (blowing east), no meander, no gradient, no obstacles. */
function uniformFlow(u: number, ustar: number): StepFlow {
  const turb = turbulence(ustar, Infinity, 2.5);
  const tables = allocTables();
  fillTables(tables, DT, turb.sigmaW, ustar, 0.1, Infinity, u);
  return {
    dirEast: 1,
    dirNorth: 0,
    gradEast: 0,
    gradNorth: 0,
    centreEast: 0,
    centreNorth: 0,
    speed: tables.speed,
    decay: tables.decay,
    kick: tables.kick,
    tableDz: TABLE_DZ,
    speedScale: 1,
    sigmaU: turb.sigmaU,
    sigmaV: turb.sigmaV,
    sigmaW: turb.sigmaW,
    killAlong: 250,
  };
}

/**
 * Reference: the ground-reflected Gaussian plume C = Q/(2π U σy σz)·[e^{−(z−H)²/2σz²} + e^{−(z+H)²/2σz²}] with
 * σ_y, σ_z from Taylor's theorem for an exponential Lagrangian autocorrelation (what the OU model has):
 * σ² = 2 σ_v,w² T_L² (t/T_L − 1 + e^{−t/T_L}), t = x/U, T_L = 0.5 H/σ_w at the source height (≥ 1 s).
 */
function taylorSigma(sigma: number, t: number, tl: number): number {
  return sigma * Math.sqrt(2 * tl * tl * (t / tl - 1 + Math.exp(-t / tl)));
}

function gaussianPlume(
  q: number,
  u: number,
  x: number,
  z: number,
  h: number,
  sv: number,
  sw: number,
  tl: number,
): number {
  const t = x / u;
  const sy = taylorSigma(sv, t, tl);
  const sz = taylorSigma(sw, t, tl);
  return (
    (q / (2 * Math.PI * u * sy * sz)) *
    (Math.exp(-((z - h) ** 2) / (2 * sz * sz)) + Math.exp(-((z + h) ** 2) / (2 * sz * sz)))
  );
}

/** Mean ground-level concentration (kg/m³) at 20, 50 and 100 m downwind of a 1 kg/h source at 2 m. */
function centreLine(flow: StepFlow, h: number, q: number): Float64Array {
  const xs = [20, 50, 100];
  const receptors: Receptors = { east: Float64Array.from(xs), north: new Float64Array(3), height: new Float64Array(3) };
  const cloud = new ParticleCloud(new Rng(11));
  const conc = new Float64Array(3);
  const mean = new Float64Array(3);
  const warm = 240;
  const steps = 6000;
  for (let j = 0; j < warm + steps; j++) {
    cloud.emit(0, 0, h, q * DT, flow);
    conc.fill(0);
    cloud.step(DT, flow, noObstacles, receptors, conc);
    if (j >= warm) for (let s = 0; s < 3; s++) mean[s] = mean[s]! + conc[s]! / steps;
  }
  return mean;
}

describe('truth particle model', () => {
  it('conserves mass: released = in the domain + left, to rounding', () => {
    const flow = uniformFlow(2, 0.3);
    const cloud = new ParticleCloud(new Rng(7));
    const receptors: Receptors = { east: Float64Array.of(30), north: Float64Array.of(0), height: Float64Array.of(2) };
    const conc = new Float64Array(1);
    for (let j = 0; j < 3000; j++) {
      cloud.emit(0, 0, 2, 1e-3, flow);
      cloud.step(DT, flow, noObstacles, receptors, conc);
      if (j % 500 === 0) expect(cloud.domainMass() + cloud.leftMass).toBeCloseTo(cloud.releasedMass, 10);
    }
    expect(cloud.leftMass).toBeGreaterThan(0);
    expect(cloud.count).toBeGreaterThan(0);
    expect(Math.abs(cloud.domainMass() + cloud.leftMass - cloud.releasedMass)).toBeLessThan(1e-9 * cloud.releasedMass);
  });

  const U = 3;
  const USTAR = 0.35;
  const H = 2;
  const Q = 1 / 3600; // 1 kg/h

  it("matches the Gaussian plume within a factor 1.5 at 20, 50 and 100 m with homogeneous T_L (Taylor's own assumption)", () => {
    const flow = uniformFlow(U, USTAR);
    const tl = lagrangianTime(H, flow.sigmaW);
    const a = Math.exp(-DT / tl);
    flow.decay.fill(a);
    flow.kick.fill(Math.sqrt(1 - a * a));
    const mean = centreLine(flow, H, Q);
    [20, 50, 100].forEach((x, s) => {
      const ref = gaussianPlume(Q, U, x, 0, H, flow.sigmaV, flow.sigmaW, tl);
      const ratio = mean[s]! / ref;
      expect(ratio, `x = ${x} m`).toBeGreaterThan(1 / 1.5);
      expect(ratio, `x = ${x} m`).toBeLessThan(1.5);
    });
  });

  it('stays near the plume with the production T_L(z) = 0.5 z/σ_w (faster spread aloft lowers it at 100 m)', () => {
    const flow = uniformFlow(U, USTAR);
    const tl = lagrangianTime(H, flow.sigmaW);
    const mean = centreLine(flow, H, Q);
    const ratios = [20, 50, 100].map((x, s) => mean[s]! / gaussianPlume(Q, U, x, 0, H, flow.sigmaV, flow.sigmaW, tl));
    expect(ratios[0]).toBeGreaterThan(1 / 1.5);
    expect(ratios[1]).toBeGreaterThan(1 / 1.5);
    // T_L grows with height, so particles that rise spread faster than a source-height T_L predicts.
    expect(ratios[2]).toBeGreaterThan(1 / 1.75);
    for (const r of ratios) expect(r).toBeLessThan(1.5);
  });

  it('keeps the well-mixed state: an initially uniform layer stays uniform in z (no spurious drift)', () => {
    const flow = uniformFlow(0, 0.3);
    flow.killAlong = 1e9;
    const cloud = new ParticleCloud(new Rng(3));
    const rng = new Rng(4);
    for (let i = 0; i < 4000; i++) cloud.emit(rng.range(-1, 1), 0, rng.range(0, 20), 1, flow);
    const receptors: Receptors = { east: new Float64Array(0), north: new Float64Array(0), height: new Float64Array(0) };
    for (let j = 0; j < 400; j++) cloud.step(DT, flow, noObstacles, receptors, new Float64Array(0));
    let low = 0;
    let mid = 0;
    for (let i = 0; i < cloud.count; i++) {
      if (cloud.z[i]! < 5) low++;
      else if (cloud.z[i]! < 10) mid++;
    }
    // Still ~uniform below the diffusing top: the 0–5 m and 5–10 m bands hold similar numbers.
    expect(low / mid).toBeGreaterThan(0.8);
    expect(low / mid).toBeLessThan(1.25);
  });

  it('produces an on-site plume the sensors see in a full world', () => {
    const start = Date.UTC(2025, 5, 1);
    const scenario = createScenario('metec', 1, 0, start, 1);
    const src = scenario.site.sources[0]!;
    const withRelease = {
      ...scenario,
      truth: {
        releases: [{ id: 'T1', sourceKey: src.key, start: start + 10 * 60_000, end: start + 50 * 60_000, rateKgH: 5 }],
        offsite: [],
      },
    };
    const world = createWorld(withRelease, {
      faults: { dropoutProbability: 0, outagesPerSensorMonth: 0, commsGapDayProbability: 0 },
    });
    const chunk = world.advance(start + 60 * 60_000);
    const peak = Math.max(...chunk.ch4Ppm.map((a) => Math.max(...a.subarray(15, 50))));
    expect(peak).toBeGreaterThan(3);
    expect(world.cloud.releasedMass).toBeCloseTo((5 * 40) / 60, 6);
    // Mass conservation in the full world (meander, gradient, obstacle wakes, kills): released = in domain + left.
    const c = world.cloud;
    expect(Math.abs(c.domainMass() + c.leftMass - c.releasedMass)).toBeLessThan(1e-12 * c.releasedMass + 1e-15);
    expect(c.leftMass).toBeGreaterThan(0.9 * c.releasedMass);
  });
});
