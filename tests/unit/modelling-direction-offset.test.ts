import { describe, expect, it } from 'vitest';
import {
  freshDirectionOffset,
  parseDirectionOffset,
  updateDirectionOffset,
  type DirectionOffsetCarry,
} from '../../server/services/modelling/direction-offset';
import { TUNING } from '../../server/services/modelling/tuning';
import type { ModelCarry } from '../../server/services/modelling/contract';
import { runStep } from '../../server/services/modelling/step';
import { metecLikeGeometry, synthesize, windowFor } from '../../server/services/modelling/synthetic';

/** Steps whose best fit's RSS is a parabola in the wind's turn, least at `bestDeg`, probed around the offset. */
function learn(bestDeg: number, steps: number, curvature = 0.004, from = freshDirectionOffset()): DirectionOffsetCarry {
  const rss = (deg: number) => 1 + curvature * (deg - bestDeg) ** 2;
  let carry = from;
  for (let i = 0; i < steps; i++) {
    const c = carry.offsetDeg;
    const d = TUNING.directionProbeDeg;
    carry = updateDirectionOffset(carry, c, rss(c - d), rss(c), rss(c + d));
  }
  return carry;
}

describe('the site wind-direction offset learnt from plume fits', () => {
  it('converges on the turn that fits the plumes best, from either side', () => {
    // Within a degree: the prior keeps a few per cent of shrinkage toward zero.
    expect(Math.abs(learn(-8, 400).offsetDeg + 8)).toBeLessThan(1);
    expect(Math.abs(learn(5, 400).offsetDeg - 5)).toBeLessThan(1);
    expect(learn(5, 400).n).toBe(400);
  });

  it('stays near zero until the evidence builds up (the prior), and one step cannot pull it far', () => {
    const one = learn(-8, 1);
    expect(Math.abs(one.offsetDeg)).toBeLessThan(4);
    expect(Math.abs(one.offsetDeg)).toBeGreaterThan(0);
    // A wild step (minimum at 90°) moves a settled offset by a fraction of the bounded shift only.
    const settled = learn(-8, 400);
    const d = TUNING.directionProbeDeg;
    const c = settled.offsetDeg;
    const wild = updateDirectionOffset(
      settled,
      c,
      1 + 0.004 * (c - d - 90) ** 2,
      1 + 0.004 * (c - 90) ** 2,
      1 + 0.004 * (c + d - 90) ** 2,
    );
    expect(Math.abs(wild.offsetDeg - c)).toBeLessThan(1);
  });

  it('ignores steps that do not bend upward and unusable sums', () => {
    const settled = learn(3, 200);
    const c = settled.offsetDeg;
    expect(updateDirectionOffset(settled, c, 0.9, 1, 0.95)).toBe(settled);
    expect(updateDirectionOffset(settled, c, Number.NaN, 1, 1.1)).toBe(settled);
    expect(updateDirectionOffset(settled, c, 1.1, 0, 1.1)).toBe(settled);
  });

  it('is bounded, and a malformed carry restarts from zero', () => {
    expect(Math.abs(learn(60, 2000).offsetDeg)).toBeLessThanOrEqual(TUNING.directionOffsetMaxDeg);
    const good = learn(-6, 100);
    expect(parseDirectionOffset(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(parseDirectionOffset(null)).toEqual(freshDirectionOffset());
    expect(parseDirectionOffset({ b: 'x', c: 1, n: 1, offsetDeg: 2 })).toEqual(freshDirectionOffset());
    expect(parseDirectionOffset({ b: 1, c: -1, n: 1, offsetDeg: 2 })).toEqual(freshDirectionOffset());
    expect(parseDirectionOffset({ b: 1, c: 1, n: 1, offsetDeg: 400 })).toEqual(freshDirectionOffset());
  });
});

describe('runStep learns a misaligned vane from a release (synthetic, own forward model)', () => {
  const MIN = 60_000;
  const start = Date.UTC(2026, 5, 1, 12);
  function finalOffset(vaneErrorDeg: number, baseDirDeg = 250): number {
    const g = metecLikeGeometry(1);
    const series = synthesize(g, {
      start,
      minutes: 8 * 60,
      baseDirDeg,
      speedMs: 3,
      releases: [{ sourceIndex: 1, rateKgH: 4, fromMin: 30, toMin: 8 * 60 }],
      noisePpm: 0.03,
      seed: 3,
    });
    // The vane reads the true direction plus its error: the model must turn the wind back by that much.
    series.dir = series.dir.map((d) => (d + vaneErrorDeg + 360) % 360);
    let carry: ModelCarry | null = null;
    let offset = Number.NaN;
    for (let s = start + 75 * MIN; s < start + 7 * 60 * MIN; s += 15 * MIN) {
      const r = runStep({ geometry: g, stepStart: s, window: windowFor(series, s), carry });
      carry = r.carry;
      offset = r.diagnostics?.directionOffsetDeg ?? Number.NaN;
    }
    return offset;
  }

  it('turns the wind back toward the vane error either way, and leaves an aligned vane near zero', () => {
    // Seven hours of one release in one wind: slow, conservative learning (a prior at zero, re-selected fits).
    const clockwise = finalOffset(8);
    expect(clockwise).toBeLessThan(-3);
    expect(clockwise).toBeGreaterThan(-12);
    const anticlockwise = finalOffset(-8, 20);
    expect(anticlockwise).toBeGreaterThan(3);
    expect(anticlockwise).toBeLessThan(12);
    expect(Math.abs(finalOffset(0))).toBeLessThan(1.5);
  }, 60_000);
});
