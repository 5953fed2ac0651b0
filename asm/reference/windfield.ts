// Plain TypeScript twin of asm/assembly/windfield.ts.
export interface Stations {
  x: Float64Array;
  y: Float64Array;
  u: Float64Array;
  v: Float64Array;
}
export interface Grid {
  x0: number;
  y0: number;
  /** Cell width (metres); rows are `spacingY` apart when given, else square. */
  spacing: number;
  spacingY?: number;
  nx: number;
  ny: number;
  /** Clamp speeds above this (same unit as u, v); 0 = no clamp. */
  maxSpeed: number;
}

export function idw(st: Stations, g: Grid): { u: Float64Array; v: Float64Array } {
  const cells = Math.max(0, g.nx) * Math.max(0, g.ny);
  const outU = new Float64Array(cells);
  const outV = new Float64Array(cells);
  for (let j = 0; j < g.ny; j++) {
    const cy = g.y0 + (j + 0.5) * (g.spacingY ?? g.spacing);
    for (let i = 0; i < g.nx; i++) {
      const cx = g.x0 + (i + 0.5) * g.spacing;
      let wSum = 0;
      let uSum = 0;
      let vSum = 0;
      let exact = -1;
      for (let k = 0; k < st.x.length; k++) {
        const u = st.u[k]!;
        const v = st.v[k]!;
        const dx = st.x[k]! - cx;
        const dy = st.y[k]! - cy;
        const d2 = dx * dx + dy * dy;
        if (Number.isNaN(d2 + u + v)) continue;
        if (d2 === 0) {
          exact = k;
          break;
        }
        const w = 1 / d2;
        wSum += w;
        uSum += w * u;
        vSum += w * v;
      }
      let u = Number.NaN;
      let v = Number.NaN;
      if (exact >= 0) {
        u = st.u[exact]!;
        v = st.v[exact]!;
      } else if (wSum > 0) {
        u = uSum / wSum;
        v = vSum / wSum;
      }
      if (g.maxSpeed > 0) {
        const s = Math.sqrt(u * u + v * v);
        if (s > g.maxSpeed) {
          u = (u * g.maxSpeed) / s;
          v = (v * g.maxSpeed) / s;
        }
      }
      outU[j * g.nx + i] = u;
      outV[j * g.nx + i] = v;
    }
  }
  return { u: outU, v: outV };
}

/** Meteorological direction (where the wind comes from, degrees) and speed to u (east) and v (north). */
export function windToUv(directionDeg: number, speed: number): { u: number; v: number } {
  const r = (directionDeg * Math.PI) / 180;
  return { u: -speed * Math.sin(r), v: -speed * Math.cos(r) };
}
