// Wind field: inverse-distance-weighted interpolation of station wind vectors (u, v — never angles, which do not
// average) onto a regular grid, power 2; speeds optionally clamped for display.
//
// Eight cells per step in two f32x4 vectors (blocked cells: each station's coordinates and vector are loaded once
// per eight cells), coordinates relative to the grid origin so float32 keeps millimetres across tens of
// kilometres. A cell whose weights overflow (a station on its centre) or that has no station is redone in float64
// exactly as the TypeScript twin does it.

/** Bytes of scratch idw needs for m stations. */
export function idwScratchBytes(m: i32): i32 {
  return m * 16 + 48;
}

function cellScalar(xPtr: usize, yPtr: usize, uPtr: usize, vPtr: usize, m: i32, cx: f64, cy: f64, out: usize): void {
  let wSum: f64 = 0;
  let uSum: f64 = 0;
  let vSum: f64 = 0;
  let exact = -1;
  for (let k = 0; k < m; k++) {
    const off = <usize>k << 3;
    const dx = load<f64>(xPtr + off) - cx;
    const dy = load<f64>(yPtr + off) - cy;
    const d2 = dx * dx + dy * dy;
    if (d2 == 0) {
      exact = k;
      break;
    }
    const w = 1.0 / d2;
    wSum += w;
    uSum += w * load<f64>(uPtr + off);
    vSum += w * load<f64>(vPtr + off);
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
  store<f64>(out, u);
  store<f64>(out + 8, v);
}

/**
 * Stations: x, y (metres, local plane), u, v as float64 arrays of length m. Grid: nx by ny cells whose centres are
 * x0 + (i + 0.5) * spacing, y0 + (j + 0.5) * spacingY. Writes u then v per cell (row-major, j outer). A cell on a
 * station takes that station's vector. Stations with NaN are skipped. `scratchPtr` holds idwScratchBytes(m).
 * Returns the number of stations used.
 */
export function idw(xPtr: usize, yPtr: usize, uPtr: usize, vPtr: usize, m: i32, x0: f64, y0: f64, spacing: f64, spacingY: f64, nx: i32, ny: i32, maxSpeed: f64, outU: usize, outV: usize, scratchPtr: usize): i32 {
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
  // float32 copies, interleaved x, y, u, v per station (one 16-byte load per station).
  const st = (scratchPtr + 15) & ~15;
  for (let k = 0; k < m; k++) {
    const off = <usize>k << 3;
    const to = st + (<usize>k << 4);
    store<f32>(to, <f32>(load<f64>(xPtr + off) - x0));
    store<f32>(to + 4, <f32>(load<f64>(yPtr + off) - y0));
    store<f32>(to + 8, <f32>load<f64>(uPtr + off));
    store<f32>(to + 12, <f32>load<f64>(vPtr + off));
  }
  const sp = <f32>spacing;
  const lanes = f32x4(0.5, 1.5, 2.5, 3.5);
  const cell = st + (<usize>m << 4); // a 16-byte landing place for the scalar redo
  for (let j = 0; j < ny; j++) {
    const cy = <f32>((<f64>j + 0.5) * spacingY);
    for (let i = 0; i < nx; i += 8) {
      const cxA = f32x4.mul(f32x4.add(lanes, f32x4.splat(<f32>i)), f32x4.splat(sp));
      const cxB = f32x4.mul(f32x4.add(lanes, f32x4.splat(<f32>(i + 4))), f32x4.splat(sp));
      let wA = f32x4.splat(0);
      let wB = f32x4.splat(0);
      let uA = f32x4.splat(0);
      let uB = f32x4.splat(0);
      let vA = f32x4.splat(0);
      let vB = f32x4.splat(0);
      for (let k = 0; k < m; k++) {
        const p = st + (<usize>k << 4);
        const s = v128.load(p);
        const sx = f32x4.splat(f32x4.extract_lane(s, 0));
        const dy = f32x4.extract_lane(s, 1) - cy;
        const dy2 = f32x4.splat(dy * dy);
        const su = f32x4.splat(f32x4.extract_lane(s, 2));
        const sv = f32x4.splat(f32x4.extract_lane(s, 3));
        const dxA = f32x4.sub(sx, cxA);
        const dxB = f32x4.sub(sx, cxB);
        const one = f32x4.splat(1);
        const wa = f32x4.div(one, f32x4.add(f32x4.mul(dxA, dxA), dy2));
        const wb = f32x4.div(one, f32x4.add(f32x4.mul(dxB, dxB), dy2));
        wA = f32x4.add(wA, wa);
        wB = f32x4.add(wB, wb);
        uA = f32x4.add(uA, f32x4.mul(wa, su));
        uB = f32x4.add(uB, f32x4.mul(wb, su));
        vA = f32x4.add(vA, f32x4.mul(wa, sv));
        vB = f32x4.add(vB, f32x4.mul(wb, sv));
      }
      const end = min(8, nx - i);
      for (let l = 0; l < end; l++) {
        let w: f32;
        let us: f32;
        let vs: f32;
        // Lane extraction needs constant lane numbers.
        switch (l) {
          case 0: w = f32x4.extract_lane(wA, 0); us = f32x4.extract_lane(uA, 0); vs = f32x4.extract_lane(vA, 0); break;
          case 1: w = f32x4.extract_lane(wA, 1); us = f32x4.extract_lane(uA, 1); vs = f32x4.extract_lane(vA, 1); break;
          case 2: w = f32x4.extract_lane(wA, 2); us = f32x4.extract_lane(uA, 2); vs = f32x4.extract_lane(vA, 2); break;
          case 3: w = f32x4.extract_lane(wA, 3); us = f32x4.extract_lane(uA, 3); vs = f32x4.extract_lane(vA, 3); break;
          case 4: w = f32x4.extract_lane(wB, 0); us = f32x4.extract_lane(uB, 0); vs = f32x4.extract_lane(vB, 0); break;
          case 5: w = f32x4.extract_lane(wB, 1); us = f32x4.extract_lane(uB, 1); vs = f32x4.extract_lane(vB, 1); break;
          case 6: w = f32x4.extract_lane(wB, 2); us = f32x4.extract_lane(uB, 2); vs = f32x4.extract_lane(vB, 2); break;
          default: w = f32x4.extract_lane(wB, 3); us = f32x4.extract_lane(uB, 3); vs = f32x4.extract_lane(vB, 3); break;
        }
        let u: f64;
        let v: f64;
        const ii = i + l;
        if (w > 0 && isFinite(w) && isFinite(us) && isFinite(vs)) {
          u = <f64>(us / w);
          v = <f64>(vs / w);
        } else {
          cellScalar(xPtr, yPtr, uPtr, vPtr, m, x0 + (<f64>ii + 0.5) * spacing, y0 + (<f64>j + 0.5) * spacingY, cell);
          u = load<f64>(cell);
          v = load<f64>(cell + 8);
        }
        if (maxSpeed > 0) {
          const s = Math.sqrt(u * u + v * v);
          if (s > maxSpeed) {
            u = (u * maxSpeed) / s;
            v = (v * maxSpeed) / s;
          }
        }
        const at = <usize>(j * nx + ii) << 3;
        store<f64>(outU + at, u);
        store<f64>(outV + at, v);
      }
    }
  }
  return used;
}
