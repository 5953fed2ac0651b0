// Plain TypeScript twin of asm/assembly/rose.ts: the sector arithmetic rounds to float32 at each step, as the
// kernel's f32x4 lanes do (f64 then fround is the correctly rounded float32 result for + − × ÷), so the counts match
// exactly.
const f = Math.fround;

export function binRose(
  directions: Float32Array,
  values: Float32Array,
  sectors: number,
  thresholds: Float32Array,
): { counts: Uint32Array; counted: number } {
  const classes = thresholds.length + 1;
  const counts = new Uint32Array(Math.max(0, sectors) * classes);
  if (sectors <= 0) return { counts, counted: 0 };
  const half = f(180 / sectors);
  const perSector = f(sectors / 360);
  let counted = 0;
  for (let i = 0; i < directions.length; i++) {
    const d = directions[i]!;
    const v = values[i]!;
    if (Number.isNaN(d) || Number.isNaN(v) || !Number.isFinite(d)) continue;
    let a = f(d + half);
    a = f(a - f(Math.floor(f(a / 360)) * 360));
    let s = Math.trunc(f(a * perSector));
    if (s >= sectors) s = sectors - 1;
    if (s < 0) s = 0;
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
