// Plain TypeScript twin of asm/assembly/rose.ts.
export function binRose(directions: Float32Array, values: Float32Array, sectors: number, thresholds: Float32Array): { counts: Uint32Array; counted: number } {
  const classes = thresholds.length + 1;
  const counts = new Uint32Array(Math.max(0, sectors) * classes);
  if (sectors <= 0) return { counts, counted: 0 };
  const width = 360 / sectors;
  const half = width / 2;
  const perSector = sectors / 360;
  let counted = 0;
  for (let i = 0; i < directions.length; i++) {
    const d = directions[i]!;
    const v = values[i]!;
    if (Number.isNaN(d) || Number.isNaN(v) || !Number.isFinite(d)) continue;
    let a = d + half;
    a -= Math.floor(a / 360) * 360;
    let s = Math.trunc(a * perSector);
    if (s >= sectors) s = sectors - 1;
    let c = 0;
    while (c < thresholds.length && v >= thresholds[c]!) c++;
    counts[s * classes + c]!++;
    counted++;
  }
  return { counts, counted };
}

/** Counts as probabilities of all counted samples. */
export function roseProbabilities(counts: Uint32Array, counted: number): Float64Array {
  return Float64Array.from(counts, (c) => (counted > 0 ? c / counted : 0));
}
