import { describe, expect, it } from 'vitest';
import type { Footprints } from '../../server/services/modelling/footprint';
import { invert, widen } from '../../server/services/modelling/inversion';
import { makeRng } from '../../server/services/modelling/stats';
import { TUNING } from '../../server/services/modelling/tuning';

const T = 30;
/** One sensor, one source: a footprint of 0.5 ppm per kg/h over minutes [from, to), 0 elsewhere. */
function footprint(from: number, to: number): Footprints {
  const h = new Float64Array(T);
  for (let t = from; t < to; t++) h[t] = 0.5;
  return { h, S: 1, R: 1, T, evaluations: 0 };
}

describe('inversion: detection and quantification draws of the ensemble', () => {
  // Truth: 2 kg/h seen by the nominal footprint (minutes 10–19), so the enhancement is 1 ppm there, 0 elsewhere.
  // A perturbed member's wind puts the plume on minutes 15–24: half of it on the signal, half on clean air. By
  // ordinary least squares with an intercept over the 30 rows: Σh = 5, Σh² = 2.5, Σy = 10, Σhy = 2.5, so
  // Sxy = 2.5 − 5·10/30 = 0.833, Sxx = 2.5 − 25/30 = 1.667, slope 0.5 kg/h; its RSS drops only from 6.667 to 6.25,
  // far less than the BIC surcharge, so that member selects no source.
  const y = new Float64Array(T);
  for (let t = 10; t < 20; t++) y[t] = 1;
  const input = () => ({
    enhancement: [Float64Array.from(y)],
    minuteWeight: new Float64Array(T).fill(1),
    noise: [0.02],
    spike: new Uint8Array(T),
    members: [footprint(10, 20), footprint(15, 25)],
    rng: makeRng(1, 2),
  });

  it('the member that misses the plume counts as "not detected" but still quantifies the nominal selection', () => {
    const B = TUNING.bootstrapPerMember;
    // Each member's own footprint as the regressor (the rule before session 24), to see the members apart.
    const saved = TUNING.quantifyOnEnsembleMean;
    TUNING.quantifyOnEnsembleMean = false;
    const r = invert(input());
    TUNING.quantifyOnEnsembleMean = saved;
    expect(r.nDraws).toBe(2 * B);
    const s = r.sources[0]!;
    expect(s.observable).toBe(true);
    expect(r.selected).toEqual([0]);
    // Nominal member: the data are exact, so every resample that holds a signal minute gives 2 kg/h.
    const nominal = Array.from(s.draws.subarray(0, B));
    expect(nominal.filter((q) => Math.abs(q - 2) < 1e-6).length).toBeGreaterThan(B * 0.8);
    expect(Array.from(s.detectionDraws.subarray(0, B))).toEqual(nominal);
    // Perturbed member: no detection, but its quantification draws fit the nominal's source (≈ 0.5 kg/h on the full
    // sample), not a zero.
    expect(Array.from(s.detectionDraws.subarray(B))).toEqual(new Array<number>(B).fill(0));
    const perturbed = Array.from(s.draws.subarray(B)).sort((a, b) => a - b);
    expect(perturbed[Math.floor(B / 2)]!).toBeGreaterThan(0.2);
    expect(perturbed[Math.floor(B / 2)]!).toBeLessThan(1);
    // P(on) comes from the detection draws: the nominal's share.
    expect(s.pOn).toBeGreaterThan(0.4);
    expect(s.pOn).toBeLessThanOrEqual(0.5);
  });

  it("quantified on the members' mean footprint, the rate is the truth where the misplaced member alone reads a quarter of it (hand-computed)", () => {
    // Mean of the two footprints above: 0.25 on minutes 10–14 and 20–24, 0.5 on 15–19. Least squares with an
    // intercept over the 30 rows: Σm = 5, Σm² = 1.875, Σy = 10, Σmy = 3.75, so Sxy = 3.75 − 50/30 = 2.0833 and
    // Sxx = 1.875 − 25/30 = 1.0417: slope 2.0 kg/h, the truth (the residual 0.5 / 0 / −0.5 is orthogonal to m).
    // Each member's own footprint gives 2 and 0.5 (above): their draws' median sat between them.
    const saved = TUNING.quantifyOnEnsembleMean;
    TUNING.quantifyOnEnsembleMean = true;
    const r = invert(input());
    TUNING.quantifyOnEnsembleMean = saved;
    const s = r.sources[0]!;
    expect(s.nominal).toBeCloseTo(2, 6);
    const sorted = Array.from(s.draws).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeGreaterThan(1.5);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(2.5);
    // Detection still needs each member's own selection: the misplaced member detects nothing.
    expect(Array.from(s.detectionDraws.subarray(TUNING.bootstrapPerMember)).every((q) => q === 0)).toBe(true);
  });
});

describe('inversion: a source with an open emission is quantified in every draw', () => {
  it('fits an included source the selections dropped, without counting it as detected', () => {
    // The nominal footprint is the misplaced one above (minutes 15–24 against a signal on 10–19): its selection is
    // empty (the RSS drop is below the BIC surcharge), so without the include its draws are 0; included, each draw is
    // the resample's least-squares rate (0.5 kg/h on the full sample, hand-computed above; the 5-minute block
    // resamples put the median near 0.18).
    const y = new Float64Array(T);
    for (let t = 10; t < 20; t++) y[t] = 1;
    const base = {
      enhancement: [y],
      minuteWeight: new Float64Array(T).fill(1),
      noise: [0.02],
      spike: new Uint8Array(T),
      members: [footprint(15, 25)],
    };
    const without = invert({ ...base, rng: makeRng(1, 3) });
    expect(without.selected).toEqual([]);
    expect(Array.from(without.sources[0]!.draws).every((q) => q === 0)).toBe(true);
    const withOpen = invert({ ...base, rng: makeRng(1, 3), include: [0] });
    const s = withOpen.sources[0]!;
    const sorted = Array.from(s.draws).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeGreaterThan(0.1);
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(1);
    expect(Array.from(s.detectionDraws).every((q) => q === 0)).toBe(true);
    expect(s.pOn).toBe(0);
  });
});

describe("bounds: the draws' spread and the model error", () => {
  it('combines the inflated P5–P95 with the log-normal model error in quadrature (hand-computed)', () => {
    // k = 1.3, σ = 0.3, z = 1.6449: median 2, P5 1, P95 4 → inflated [0.7, 4.6]; ln(4.6/2) = 0.8329 and
    // ln(2/0.7) = 1.0498, each combined with z·σ = 0.4935: upper 2·e^0.9681 = 5.266, lower 2·e^−1.1600 = 0.627.
    const saved = TUNING.modelErrorLogSd;
    TUNING.modelErrorLogSd = 0.3;
    const b = widen(2, 1, 4);
    expect(b.rate).toBe(2);
    expect(b.upper).toBeCloseTo(5.26593, 4);
    expect(b.lower).toBeCloseTo(0.62697, 4);
    // Draws that agree exactly still get the model's ×/÷ e^0.4935 = 1.638.
    const tight = widen(3, 3, 3);
    expect(tight.upper).toBeCloseTo(4.9139, 4);
    expect(tight.lower).toBeCloseTo(1.83154, 4);
    // A zero median has no log scale: lower 0, upper the inflated P95; non-finite input gives zeros.
    expect(widen(0, 0, 0.5)).toEqual({ rate: 0, lower: 0, upper: 0.65 });
    expect(widen(Number.NaN, 0, 1)).toEqual({ rate: 0, lower: 0, upper: 0 });
    TUNING.modelErrorLogSd = saved;
  });
});
