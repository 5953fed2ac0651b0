// Wind field: inverse-distance-weighted interpolation of station wind vectors (u, v — never angles, which do not
// average) onto a regular grid, power 2; speeds optionally clamped for display.

/**
 * Stations: x, y (metres, local plane), u, v as float64 arrays of length m. Grid: nx by ny cells whose centres are
 * x0 + (i + 0.5) * spacing, y0 + (j + 0.5) * spacing. Writes u then v per cell (row-major, j outer). A cell on a
 * station takes that station's vector. Stations with NaN are skipped. Returns the number of stations used.
 */
export function idw(xPtr: usize, yPtr: usize, uPtr: usize, vPtr: usize, m: i32, x0: f64, y0: f64, spacing: f64, nx: i32, ny: i32, maxSpeed: f64, outU: usize, outV: usize): i32 {
  // Compact the usable stations in place once, so the per-cell loop needs no NaN checks.
  let used = 0;
  for (let k = 0; k < m; k++) {
    const off = <usize>k << 3;
    const x = load<f64>(xPtr + off);
    const y = load<f64>(yPtr + off);
    const u = load<f64>(uPtr + off);
    const v = load<f64>(vPtr + off);
    if (isNaN(x + y + u + v)) continue;
    const to = <usize>used << 3;
    store<f64>(xPtr + to, x);
    store<f64>(yPtr + to, y);
    store<f64>(uPtr + to, u);
    store<f64>(vPtr + to, v);
    used++;
  }
  m = used;
  for (let j = 0; j < ny; j++) {
    const cy = y0 + (<f64>j + 0.5) * spacing;
    for (let i = 0; i < nx; i++) {
      const cx = x0 + (<f64>i + 0.5) * spacing;
      let wSum: f64 = 0;
      let uSum: f64 = 0;
      let vSum: f64 = 0;
      let exact = -1;
      for (let k = 0; k < m; k++) {
        const off = <usize>k << 3;
        const u = load<f64>(uPtr + off);
        const v = load<f64>(vPtr + off);
        const dx = load<f64>(xPtr + off) - cx;
        const dy = load<f64>(yPtr + off) - cy;
        const d2 = dx * dx + dy * dy;
        if (d2 == 0) {
          exact = k;
          break;
        }
        const w = 1.0 / d2;
        wSum += w;
        uSum += w * u;
        vSum += w * v;
      }
      let u: f64 = NaN;
      let v: f64 = NaN;
      if (exact >= 0) {
        u = load<f64>(uPtr + (<usize>exact << 3));
        v = load<f64>(vPtr + (<usize>exact << 3));
      } else if (wSum > 0) {
        u = uSum / wSum;
        v = vSum / wSum;
      }
      if (maxSpeed > 0) {
        const s = Math.sqrt(u * u + v * v);
        if (s > maxSpeed) {
          u = (u * maxSpeed) / s;
          v = (v * maxSpeed) / s;
        }
      }
      const cell = <usize>(j * nx + i) << 3;
      store<f64>(outU + cell, u);
      store<f64>(outV + cell, v);
    }
  }
  return used;
}
