/** Site wind as DLQ MAIN_1 step 4 builds it from every sensor with an anemometer. */
import { naApprox, nanMedian } from './stats';

export interface SiteWind {
  /** m/s, NaN where no anemometer reports after gap filling. */
  speed: Float64Array;
  /** Unit vector the air moves TOWARD (east, north); NaN likewise. */
  towardE: Float64Array;
  towardN: Float64Array;
}

/**
 * Per anemometer: gap-fill speed, cos and sin of the direction separately (maxgap),
 * then the median across anemometers of each, recombined with atan2 (DLQ never
 * averages raw degrees).
 */
export function combineWind(
  directionDeg: Float64Array[],
  speedMs: Float64Array[],
  minutes: number,
  maxGap: number,
): SiteWind {
  const units: number[] = [];
  for (let r = 0; r < speedMs.length; r++) {
    // DLQ: a "wind unit" is any sensor with at least one speed reading.
    if (speedMs[r]!.some((v) => !Number.isNaN(v))) units.push(r);
  }
  const ws = units.map((r) => naApprox(speedMs[r]!, maxGap));
  const cx = units.map((r) =>
    naApprox(
      directionDeg[r]!.map((d) => Math.cos((d * Math.PI) / 180)),
      maxGap,
    ),
  );
  const cy = units.map((r) =>
    naApprox(
      directionDeg[r]!.map((d) => Math.sin((d * Math.PI) / 180)),
      maxGap,
    ),
  );
  const speed = new Float64Array(minutes).fill(NaN);
  const towardE = new Float64Array(minutes).fill(NaN);
  const towardN = new Float64Array(minutes).fill(NaN);
  for (let t = 0; t < minutes; t++) {
    const u = nanMedian(ws.map((a) => a[t] ?? NaN));
    const x = nanMedian(cx.map((a) => a[t] ?? NaN));
    const y = nanMedian(cy.map((a) => a[t] ?? NaN));
    if (Number.isNaN(u) || Number.isNaN(x) || Number.isNaN(y)) continue;
    // x = cos, y = sin of the meteorological FROM angle (clockwise from north).
    const from = Math.atan2(y, x);
    speed[t] = u;
    towardE[t] = -Math.sin(from);
    towardN[t] = -Math.cos(from);
  }
  return { speed, towardE, towardN };
}
