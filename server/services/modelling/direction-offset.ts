// The site's wind-direction offset, learnt from its own plumes. A vane set a few degrees off north turns every
// modelled plume by that angle for as long as it stands: the aligned vanes (qc.ts) agree with each other but not
// with the true wind. In steps where a clear plume is explained, the fit is repeated with the wind turned by ±Δ;
// the change of the residual sum of squares gives a parabola in the offset, and the parabolas of many steps, summed
// with slow forgetting, locate the offset that fits the site's plumes best. A prior centred on no offset keeps the
// estimate at zero until the evidence builds up.
import { TUNING } from './tuning';

export interface DirectionOffsetCarry {
  /** Σ of the steps' parabolas r(δ) = c·δ² + b·δ + …, in the absolute offset δ (degrees). */
  b: number;
  c: number;
  /** Steps that contributed (diagnostics). */
  n: number;
  /** The offset applied to the wind's direction (degrees): the model takes the wind as blowing from θ + offset. */
  offsetDeg: number;
}

export function freshDirectionOffset(): DirectionOffsetCarry {
  return { b: 0, c: 0, n: 0, offsetDeg: 0 };
}

export function parseDirectionOffset(v: unknown): DirectionOffsetCarry {
  const fresh = freshDirectionOffset();
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fresh;
  const o = v as Record<string, unknown>;
  const num = (k: string) => (typeof o[k] === 'number' && Number.isFinite(o[k]) ? (o[k] as number) : Number.NaN);
  const b = num('b');
  const c = num('c');
  const n = num('n');
  const offsetDeg = num('offsetDeg');
  if ([b, c, n, offsetDeg].some((x) => Number.isNaN(x)) || c < 0 || Math.abs(offsetDeg) > TUNING.directionOffsetMaxDeg)
    return fresh;
  return { b, c, n, offsetDeg };
}

/**
 * Adds one step's evidence: the best fit's residual sums of squares with the wind turned by −Δ, 0 and +Δ degrees
 * from `centreDeg` (the offset the step ran with). Steps whose three points do not bend upward add nothing.
 */
export function updateDirectionOffset(
  prev: DirectionOffsetCarry,
  centreDeg: number,
  rssMinus: number,
  rss0: number,
  rssPlus: number,
): DirectionOffsetCarry {
  const d = TUNING.directionProbeDeg;
  if (!(rss0 > 0) || !(rssMinus > 0) || !(rssPlus > 0)) return prev;
  const rm = rssMinus / rss0;
  const rp = rssPlus / rss0;
  const cs = (rp + rm - 2) / (2 * d * d);
  const bs = (rp - rm) / (2 * d);
  if (!(cs > 0)) return prev;
  // The step's own minimum, relative to the centre, bounded so that one odd step cannot pull far.
  const shift = Math.max(-2 * d, Math.min(2 * d, -bs / (2 * cs)));
  // In the absolute frame: c·(δ − δ_min)², δ_min = offset + shift, i.e. linear coefficient −2·c·δ_min.
  const keep = TUNING.directionOffsetKeep;
  const c = keep * prev.c + cs;
  const b = keep * prev.b - 2 * cs * (centreDeg + shift);
  const raw = -b / (2 * (c + TUNING.directionOffsetPrior));
  const offsetDeg = Math.max(-TUNING.directionOffsetMaxDeg, Math.min(TUNING.directionOffsetMaxDeg, raw));
  return { b, c, n: prev.n + 1, offsetDeg };
}
