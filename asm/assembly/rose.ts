// Rose binning: samples by direction sector and by class of a second value (gas concentration against the gas
// legend thresholds, or wind speed against speed classes). Sector 0 is centred on north.
//
// Four samples per step in f32x4 lanes: the sector in float32 arithmetic (the TypeScript twin rounds each step to
// float32 the same way, so the counts are identical), the class branch-free as the sum of threshold compares, and
// one histogram per lane (split histograms) so that neighbouring samples in the same bin do not wait on each
// other's increment. A block with a NaN or a direction outside [0, 360) takes the scalar path, which wraps any angle.

/** Bytes of scratch binRose needs for `sectors` x (nThr + 1) bins. */
export function roseScratchBytes(sectors: i32, nThr: i32): i32 {
  return 4 * ((sectors << classShift(nThr + 1)) + 1) * 4;
}

/** Bins are laid out sector << shift | class in the scratch histograms: a shift instead of a lane multiply. */
function classShift(classes: i32): i32 {
  return 32 - clz(classes - 1);
}

@inline
function scalarSample(d: f32, v: f32, half: f32, perSector: f32, sectors: i32, shift: i32, thrPtr: usize, nThr: i32, hist: usize): void {
  if (isNaN(d) || isNaN(v) || !isFinite(d)) return;
  // floor-based wrap instead of fmod: the same angle in [0, 360), far cheaper.
  let a: f32 = d + half;
  a -= Mathf.floor(a / 360.0) * 360.0;
  let s = <i32>(a * perSector);
  if (s >= sectors) s = sectors - 1;
  if (s < 0) s = 0;
  let c = 0;
  while (c < nThr && v >= load<f32>(thrPtr + (<usize>c << 2))) c++;
  const at = hist + (<usize>((s << shift) | c) << 2);
  store<u32>(at, load<u32>(at) + 1);
}

/**
 * Counts samples into sectors x (nThr + 1) classes: class = how many thresholds the value reaches (0 = below the
 * first). Samples with a NaN direction or value are skipped. `scratchPtr` holds roseScratchBytes(sectors, nThr).
 * Returns the number of samples counted.
 */
export function binRose(dirPtr: usize, valPtr: usize, n: i32, sectors: i32, thrPtr: usize, nThr: i32, outPtr: usize, scratchPtr: usize): i32 {
  if (sectors <= 0) return 0;
  const classes = nThr + 1;
  const total = sectors * classes;
  const shift = classShift(classes);
  const stride = (sectors << shift) + 1;
  memory.fill(scratchPtr, 0, <usize>(4 * stride * 4));
  const half: f32 = <f32>(180.0 / <f64>sectors);
  const perSector: f32 = <f32>(<f64>sectors / 360.0);
  const vHalf = f32x4.splat(half);
  const vPer = f32x4.splat(perSector);
  const vZero = f32x4.splat(0);
  const v360 = f32x4.splat(360);
  const vMaxSector = i32x4.splat(sectors - 1);
  // Up to four thresholds held in registers; missing ones are NaN, which no value reaches.
  const t0 = f32x4.splat(nThr > 0 ? load<f32>(thrPtr) : NaN);
  const t1 = f32x4.splat(nThr > 1 ? load<f32>(thrPtr + 4) : NaN);
  const t2 = f32x4.splat(nThr > 2 ? load<f32>(thrPtr + 8) : NaN);
  const t3 = f32x4.splat(nThr > 3 ? load<f32>(thrPtr + 12) : NaN);
  const vLane = i32x4(0, stride, 2 * stride, 3 * stride);
  const n4 = n & ~3;
  for (let i = 0; i < n4; i += 4) {
    const off = <usize>i << 2;
    const d = v128.load(dirPtr + off);
    const v = v128.load(valPtr + off);
    const ok = v128.and(v128.and(f32x4.ge(d, vZero), f32x4.lt(d, v360)), f32x4.eq(v, v));
    if (!i32x4.all_true(ok)) {
      for (let k = 0; k < 4; k++) {
        const o = off + (<usize>k << 2);
        scalarSample(load<f32>(dirPtr + o), load<f32>(valPtr + o), half, perSector, sectors, shift, thrPtr, nThr, scratchPtr);
      }
      continue;
    }
    // d in [0, 360): a = d + half lies in [0, 720), so the wrap is one conditional subtraction (exact in float32).
    let a = f32x4.add(d, vHalf);
    a = f32x4.sub(a, v128.and(f32x4.ge(a, v360), v360));
    const s = i32x4.min_s(i32x4.trunc_sat_f32x4_s(f32x4.mul(a, vPer)), vMaxSector);
    // Class: each threshold reached adds one (a true compare is all ones, -1).
    let minusC = i32x4.add(i32x4.add(f32x4.ge(v, t0), f32x4.ge(v, t1)), i32x4.add(f32x4.ge(v, t2), f32x4.ge(v, t3)));
    for (let t = 4; t < nThr; t++) minusC = i32x4.add(minusC, f32x4.ge(v, f32x4.splat(load<f32>(thrPtr + (<usize>t << 2)))));
    const idx = i32x4.sub(i32x4.add(i32x4.shl(s, shift), vLane), minusC);
    const p0 = scratchPtr + (<usize>i32x4.extract_lane(idx, 0) << 2);
    const p1 = scratchPtr + (<usize>i32x4.extract_lane(idx, 1) << 2);
    const p2 = scratchPtr + (<usize>i32x4.extract_lane(idx, 2) << 2);
    const p3 = scratchPtr + (<usize>i32x4.extract_lane(idx, 3) << 2);
    store<u32>(p0, load<u32>(p0) + 1);
    store<u32>(p1, load<u32>(p1) + 1);
    store<u32>(p2, load<u32>(p2) + 1);
    store<u32>(p3, load<u32>(p3) + 1);
  }
  for (let i = n4; i < n; i++) {
    const o = <usize>i << 2;
    scalarSample(load<f32>(dirPtr + o), load<f32>(valPtr + o), half, perSector, sectors, shift, thrPtr, nThr, scratchPtr);
  }
  let counted = 0;
  for (let k = 0; k < total; k++) {
    const at = scratchPtr + (<usize>(((k / classes) << shift) | (k % classes)) << 2);
    const sum = load<u32>(at) + load<u32>(at + (<usize>stride << 2)) + load<u32>(at + (<usize>(2 * stride) << 2)) + load<u32>(at + (<usize>(3 * stride) << 2));
    store<u32>(outPtr + (<usize>k << 2), sum);
    counted += <i32>sum;
  }
  return counted;
}
