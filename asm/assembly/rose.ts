// Rose binning: samples by direction sector and by class of a second value (gas concentration against the gas
// legend thresholds, or wind speed against speed classes). Sector 0 is centred on north.

/**
 * Counts samples into sectors x (nThr + 1) classes: class = how many thresholds the value reaches (0 = below the
 * first). Samples with a NaN direction or value are skipped. Returns the number of samples counted.
 */
export function binRose(dirPtr: usize, valPtr: usize, n: i32, sectors: i32, thrPtr: usize, nThr: i32, outPtr: usize): i32 {
  if (sectors <= 0) return 0;
  const classes = nThr + 1;
  const total = sectors * classes;
  for (let k = 0; k < total; k++) store<u32>(outPtr + (<usize>k << 2), 0);
  if (n <= 0) return 0;
  const width: f64 = 360.0 / <f64>sectors;
  const half: f64 = width / 2;
  const perSector: f64 = <f64>sectors / 360.0;
  let counted = 0;
  for (let i = 0; i < n; i++) {
    const d = <f64>load<f32>(dirPtr + (<usize>i << 2));
    const v = load<f32>(valPtr + (<usize>i << 2));
    if (isNaN(d) || isNaN(v) || !isFinite(d)) continue;
    // floor-based wrap instead of fmod: the same angle in [0, 360), far cheaper.
    let a = d + half;
    a -= Math.floor(a / 360.0) * 360.0;
    let s = <i32>(a * perSector);
    if (s >= sectors) s = sectors - 1;
    let c = 0;
    while (c < nThr && v >= load<f32>(thrPtr + (<usize>c << 2))) c++;
    const at = outPtr + (<usize>(s * classes + c) << 2);
    store<u32>(at, load<u32>(at) + 1);
    counted++;
  }
  return counted;
}
