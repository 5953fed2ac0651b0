// Lagrangian stochastic particle model (Thomson 1987, well-mixed for homogeneous Gaussian turbulence per axis):
// each velocity fluctuation is an Ornstein–Uhlenbeck process u' ← a·u' + σ·√(1 − a²)·ξ with a = exp(−dt/T_L),
// the exact discretisation of du' = −u'/T_L dt + √(2σ²/T_L) dW (stable for any dt/T_L). With σ homogeneous,
// a height-dependent T_L(z) keeps the well-mixed condition (the drift needs no correction term), and perfect
// reflection at the ground (z → −z, w' → −w') keeps it too. Typed arrays, no per-particle objects.
import type { Rng } from './rng';

/** The flow seen by every particle during one step. */
export interface StepFlow {
  /** Downwind unit vector of the base (site-centre) mean wind, east and north components. */
  dirEast: number;
  dirNorth: number;
  /** Linear across-site gradient of the direction the wind blows FROM (rad per m), east and north. */
  gradEast: number;
  gradNorth: number;
  centreEast: number;
  centreNorth: number;
  /** Mean speed U(z) (m/s) and OU decay a(z), b(z) = √(1 − a²), tabulated at z = (k + ½)·tableDz. */
  speed: Float64Array;
  decay: Float64Array;
  kick: Float64Array;
  tableDz: number;
  /** Multiplies the tabulated U(z): smooth hour-to-hour change and gusts of the mean speed. */
  speedScale: number;
  sigmaU: number;
  sigmaV: number;
  sigmaW: number;
  /** Particles further downwind of the centre than this (m) have left the site for good. */
  killAlong: number;
}

export interface Obstacles {
  east: Float64Array;
  north: Float64Array;
  /** Squared horizontal wake radius (radius + 1.5 h)² and wake top 1.5 h. */
  reach2: Float64Array;
  top: Float64Array;
}

export interface Receptors {
  east: Float64Array;
  north: Float64Array;
  height: Float64Array;
}

/**
 * Concentration kernel. A literal 1 m³ box at a sensor would see ≈0.06 particles at 50 m at 2 particles/s, so each
 * particle instead spreads its mass with a 3-D Gaussian kernel whose bandwidth h = H0 + H_SLOPE·(distance travelled)
 * grows with the plume (always well below σ_y, σ_z), plus its image below the ground (the reflection).
 */
export const KERNEL_H0 = 0.4;
export const KERNEL_SLOPE = 0.025;
const KERNEL_CUT2 = 9; // ignore beyond 3 h horizontally
const INV_2PI_15 = 1 / Math.pow(2 * Math.PI, 1.5);

export const MAX_AGE_S = 20 * 60;
const MAX_RADIUS = 1200;
const MAX_HEIGHT = 400;

export class ParticleCloud {
  count = 0;
  releasedMass = 0;
  leftMass = 0;
  private cap: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  u: Float64Array;
  v: Float64Array;
  w: Float64Array;
  x0: Float64Array;
  y0: Float64Array;
  age: Float64Array;
  mass: Float64Array;

  constructor(
    private readonly rng: Rng,
    capacity = 4096,
  ) {
    this.cap = capacity;
    this.x = new Float64Array(capacity);
    this.y = new Float64Array(capacity);
    this.z = new Float64Array(capacity);
    this.u = new Float64Array(capacity);
    this.v = new Float64Array(capacity);
    this.w = new Float64Array(capacity);
    this.x0 = new Float64Array(capacity);
    this.y0 = new Float64Array(capacity);
    this.age = new Float64Array(capacity);
    this.mass = new Float64Array(capacity);
  }

  /** Mass (kg) currently in the domain. */
  domainMass(): number {
    let m = 0;
    for (let i = 0; i < this.count; i++) m += this.mass[i]!;
    return m;
  }

  private grow(): void {
    const cap = this.cap * 2;
    const g = (a: Float64Array): Float64Array => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.x = g(this.x);
    this.y = g(this.y);
    this.z = g(this.z);
    this.u = g(this.u);
    this.v = g(this.v);
    this.w = g(this.w);
    this.x0 = g(this.x0);
    this.y0 = g(this.y0);
    this.age = g(this.age);
    this.mass = g(this.mass);
    this.cap = cap;
  }

  /** Releases one particle at a point, its velocity drawn from the stationary (well-mixed) distribution. */
  emit(east: number, north: number, height: number, mass: number, flow: StepFlow): void {
    if (this.count === this.cap) this.grow();
    const i = this.count++;
    this.x[i] = east;
    this.y[i] = north;
    this.z[i] = height;
    this.x0[i] = east;
    this.y0[i] = north;
    this.u[i] = flow.sigmaU * this.rng.normal();
    this.v[i] = flow.sigmaV * this.rng.normal();
    this.w[i] = flow.sigmaW * this.rng.normal();
    this.age[i] = 0;
    this.mass[i] = mass;
    this.releasedMass += mass;
  }

  private remove(i: number): void {
    this.leftMass += this.mass[i]!;
    const j = --this.count;
    if (i !== j) {
      this.x[i] = this.x[j]!;
      this.y[i] = this.y[j]!;
      this.z[i] = this.z[j]!;
      this.u[i] = this.u[j]!;
      this.v[i] = this.v[j]!;
      this.w[i] = this.w[j]!;
      this.x0[i] = this.x0[j]!;
      this.y0[i] = this.y0[j]!;
      this.age[i] = this.age[j]!;
      this.mass[i] = this.mass[j]!;
    }
  }

  /**
   * Moves every particle by dt and adds each one's kernel-weighted mass density (kg/m³) at each receptor to `conc`
   * (the caller zeroes it). Particles that leave (downwind past the sensors, too old, too far) are removed.
   */
  step(dt: number, flow: StepFlow, obstacles: Obstacles, receptors: Receptors, conc: Float64Array): void {
    const rng = this.rng;
    const { dirEast: dx0, dirNorth: dy0, gradEast, gradNorth, centreEast: cx, centreNorth: cy } = flow;
    const { speed, decay, kick, sigmaU, sigmaV, sigmaW, killAlong, speedScale } = flow;
    const invDz = 1 / flow.tableDz;
    const nTab = speed.length - 1;
    const nObs = obstacles.east.length;
    const nRec = receptors.east.length;
    const rE = receptors.east;
    const rN = receptors.north;
    const rH = receptors.height;
    // Bounding box of the receptors, to skip the kernel for most particles cheaply.
    let minE = Infinity;
    let maxE = -Infinity;
    let minN = Infinity;
    let maxN = -Infinity;
    for (let s = 0; s < nRec; s++) {
      minE = Math.min(minE, rE[s]!);
      maxE = Math.max(maxE, rE[s]!);
      minN = Math.min(minN, rN[s]!);
      maxN = Math.max(maxN, rN[s]!);
    }
    const X = this.x;
    const Y = this.y;
    const Z = this.z;
    const U = this.u;
    const V = this.v;
    const W = this.w;
    let i = 0;
    while (i < this.count) {
      let x = X[i]!;
      let y = Y[i]!;
      let z = Z[i]!;
      let k = (z * invDz) | 0;
      if (k > nTab) k = nTab;
      const a = decay[k]!;
      const b = kick[k]!;
      // Crude wake: within 1.5 obstacle heights of a tank or compressor the lateral and vertical kicks double.
      let wake = 1;
      for (let o = 0; o < nObs; o++) {
        if (z < obstacles.top[o]!) {
          const ox = x - obstacles.east[o]!;
          const oy = y - obstacles.north[o]!;
          if (ox * ox + oy * oy < obstacles.reach2[o]!) {
            wake = 2;
            break;
          }
        }
      }
      const up = a * U[i]! + b * sigmaU * rng.fastNormal();
      const vp = a * V[i]! + b * sigmaV * wake * rng.fastNormal();
      let wp = a * W[i]! + b * sigmaW * wake * rng.fastNormal();
      // Mean wind: base direction turned by the local gradient (small angle), speed from the log law at z.
      const delta = gradEast * (x - cx) + gradNorth * (y - cy);
      const c = 1 - 0.5 * delta * delta;
      const dxm = dx0 * c + dy0 * delta;
      const dym = dy0 * c - dx0 * delta;
      const um = speed[k]! * speedScale;
      x += (um * dxm + up * dx0 - vp * dy0) * dt;
      y += (um * dym + up * dy0 + vp * dx0) * dt;
      z += wp * dt;
      if (z < 0) {
        z = -z;
        wp = -wp;
      }
      const age = this.age[i]! + dt;
      X[i] = x;
      Y[i] = y;
      Z[i] = z;
      U[i] = up;
      V[i] = vp;
      W[i] = wp;
      this.age[i] = age;
      const ex = x - cx;
      const ny = y - cy;
      if (
        age > MAX_AGE_S ||
        ex * dx0 + ny * dy0 > killAlong ||
        ex * ex + ny * ny > MAX_RADIUS * MAX_RADIUS ||
        z > MAX_HEIGHT
      ) {
        this.remove(i);
        continue; // the swapped-in particle (not yet moved this step) is handled at the same index
      }
      const tx = x - this.x0[i]!;
      const ty = y - this.y0[i]!;
      const h = KERNEL_H0 + KERNEL_SLOPE * Math.sqrt(tx * tx + ty * ty);
      const reach = 3 * h;
      if (x > minE - reach && x < maxE + reach && y > minN - reach && y < maxN + reach) {
        const inv2h2 = 0.5 / (h * h);
        const norm = (this.mass[i]! * INV_2PI_15) / (h * h * h);
        for (let s = 0; s < nRec; s++) {
          const ddx = x - rE[s]!;
          const ddy = y - rN[s]!;
          const r2 = ddx * ddx + ddy * ddy;
          if (r2 * inv2h2 > 0.5 * KERNEL_CUT2) continue;
          const dz1 = z - rH[s]!;
          const dz2 = z + rH[s]!;
          conc[s] =
            conc[s]! + norm * Math.exp(-r2 * inv2h2) * (Math.exp(-dz1 * dz1 * inv2h2) + Math.exp(-dz2 * dz2 * inv2h2));
        }
      }
      i++;
    }
  }
}
