// One 15-minute step of the modelling pipeline: QC and wind → background → spikes → footprints (physics ensemble)
// → sparse NNLS inversion with bounds → per-source verdicts → emission bookkeeping. Pure and deterministic: no I/O,
// no clock; the only randomness is seeded from (siteId, stepStart). Data problems never throw: they give
// `siteRate: null` (nothing supportable) or upper-bound-only rates, with `notes` saying why.
//
// Kernel: runStep uses the thread's wasm puff kernel (puff-kernel.ts; a bench may set its twin with setPuffKernel).
import {
  type EmissionUpsert,
  type RateWithBounds,
  type SourceStepRate,
  type StepInput,
  type StepResult,
} from './contract';
import { removeBackground, detectSpikes } from './background';
import { freshCarry, parseCarry, toCarry, type CarryData } from './carry';
import { advanceEmission, emptyState, persistenceWeight, type StepVerdict } from './emissions';
import {
  computeFootprints,
  NOMINAL,
  type FootprintWind,
  type Footprints,
  type Perturbation,
  type Point3,
} from './footprint';
import { bestFitRss, invert, widen, type InversionInput, type InversionResult } from './inversion';
import { updateDirectionOffset, type DirectionOffsetCarry } from './direction-offset';
import { findStandIns, footprintLikeness, type HandedRate } from './stand-in';
import { ch4Density, solarElevationDeg, stabilityFromSigmaTheta, yamartinoDeg } from './physics';
import { cleanCh4, combineWind } from './qc';
import { gaussian, makeRng, medianOf, quantile } from './stats';
import { TUNING } from './tuning';

const MIN = 60_000;
const DEFAULT_SOURCE_HEIGHT = 2;
const DEFAULT_SENSOR_HEIGHT = 2.4;

export function runStep(input: StepInput): StepResult {
  try {
    return runStepUnsafe(input);
  } catch (err) {
    // A bug must not stop the site's pipeline or lose the emission state: keep the carry and skip the step.
    const message = err instanceof Error ? err.message : String(err);
    return {
      stepStart: input.stepStart,
      siteRate: null,
      sources: [],
      emissions: [],
      carry: input.carry ?? toCarry(freshCarry()),
      notes: [`modelling error: ${message}`],
    };
  }
}

function finite(v: number): boolean {
  return Number.isFinite(v);
}

/** Median of the devices' temperatures per minute (NaN where none report); null when no device reports any. */
function siteTemperature(window: StepInput['window']): Float64Array | null {
  const out = new Float64Array(window.minutes).fill(Number.NaN);
  let any = false;
  const col: number[] = [];
  for (let k = 0; k < window.minutes; k++) {
    col.length = 0;
    for (const arr of window.temperatureC) {
      const v = arr?.[k];
      if (v !== undefined && finite(v) && v > -60 && v < 60) col.push(v);
    }
    if (col.length > 0) {
      out[k]! = medianOf(col);
      any = true;
    }
  }
  return any ? out : null;
}

function runStepUnsafe(input: StepInput): StepResult {
  const { geometry, stepStart, window } = input;
  const notes: string[] = [];
  const carry = parseCarry(input.carry);
  const sources = geometry.sources;
  const sensors = geometry.sensors;
  const S = sources.length;
  const R = sensors.length;

  const result = (
    siteRate: RateWithBounds | null,
    rates: SourceStepRate[],
    emissions: EmissionUpsert[],
    next: CarryData,
  ): StepResult => ({
    stepStart,
    siteRate,
    sources: rates,
    emissions,
    carry: toCarry({ ...next, lastStep: stepStart }),
    notes,
  });

  // Without sources or sensors there is nothing to model; open emissions stay as they are.
  if (S === 0) {
    notes.push('no emission sources');
    return result(null, [], [], carry);
  }
  if (R === 0) {
    notes.push('no sensors');
    return result(null, [], [], carry);
  }
  const kStep = Math.round((stepStart - window.start) / MIN);
  const outFrom = kStep - TUNING.windowBeforeMin;
  const outTo = Math.min(window.minutes, kStep + TUNING.windowAfterMin);
  if (!(window.minutes > 0) || outFrom < 1 || outTo - outFrom < 15) {
    notes.push('window does not cover the step');
    return result(null, [], [], carry);
  }
  const T = outTo - outFrom;

  // Stage A: QC and wind.
  const clean = cleanCh4(window, R);
  const priorBias = sensors.map((s) => carry.windBias[String(s.deviceId)]!);
  const wind = combineWind(window, geometry, priorBias);
  notes.push(...wind.notes);
  const windBias: Record<string, number> = { ...carry.windBias };
  wind.bias.forEach((b, i) => {
    if (finite(b)) windBias[String(sensors[i]!.deviceId)]! = b;
  });
  const usable = clean.ppm.map((y) => {
    let c = 0;
    for (let k = outFrom; k < outTo; k++) if (finite(y[k]!)) c++;
    return c >= T / 2;
  });
  clean.dropped.forEach((d, i) => {
    const bad = d.saturated + d.absurd + d.flat;
    if (bad > 0)
      notes.push(
        `device ${sensors[i]!.deviceId}: ${d.saturated} saturated, ${d.absurd} absurd, ${d.flat} flat-lined minutes dropped`,
      );
    if (!usable[i]!) notes.push(`device ${sensors[i]!.deviceId}: too little CH4 data in the step`);
  });
  for (let i = 0; i < R; i++) if (!usable[i]!) clean.ppm[i]!.fill(Number.NaN);
  const nUsable = usable.filter(Boolean).length;

  // Stage B/C: background, enhancement, spikes (whole window, so the spike runs have context). The site's
  // temperature per minute (median over the devices that report one) drives the sensors' temperature artefact.
  const bg = removeBackground(
    clean.ppm,
    sensors.map((s) => s.deviceId),
    carry.background,
    [kStep + 1, Math.min(window.minutes, kStep + 16)],
    siteTemperature(window),
  );
  const next: CarryData = { ...carry, background: bg.carry, windBias };
  if (R === 1) notes.push('one device: localization is weak and the background is per-sensor');
  const spikes = detectSpikes(bg.enhancement, bg.noise);

  if (nUsable === 0) {
    notes.push('no usable CH4 data');
    return result(null, [], [], next);
  }
  let windMinutes = 0;
  let weightSum = 0;
  for (let k = outFrom; k < outTo; k++) {
    if (finite(wind.speed[k]!)) windMinutes++;
    weightSum += wind.weight[k]!;
  }
  if (windMinutes < T / 2) {
    notes.push('no usable wind');
    return result(null, [], [], next);
  }

  // Turbulence and stability per minute (15-minute centred Yamartino σθ, solar elevation from the longitude).
  const sigmaTheta = new Float64Array(window.minutes);
  const stability = new Uint8Array(window.minutes);
  for (let k = 0; k < window.minutes; k++) {
    const sth = yamartinoDeg(wind.dirDeg.subarray(Math.max(0, k - 7), Math.min(window.minutes, k + 8)));
    const sthC = finite(sth) ? Math.hypot(Math.max(TUNING.sigmaThetaFloorDeg, sth), TUNING.subMinuteSigmaThetaDeg) : 12;
    const day = solarElevationDeg(window.start + k * MIN - 30_000, geometry.latitude, geometry.longitude) > 0;
    stability[k]! = stabilityFromSigmaTheta(sthC, finite(wind.speed[k]!) ? wind.speed[k]! : 1, day);
    sigmaTheta[k]! = (Math.min(TUNING.sigmaThetaMaxDeg, Math.max(TUNING.sigmaThetaMinDeg, sthC)) * Math.PI) / 180;
  }
  const fw: FootprintWind = { uE: wind.uE, uN: wind.uN, sigmaTheta, stability };
  const temps: number[] = [];
  window.temperatureC.forEach((arr) => arr?.forEach((v) => finite(v) && temps.push(v)));
  const pressures: number[] = [];
  window.pressureKPa?.forEach((arr) => arr?.forEach((v) => finite(v) && pressures.push(v * 1000)));
  const density = ch4Density(
    geometry.elevationM,
    temps.length ? medianOf(temps) : Number.NaN,
    pressures.length ? medianOf(pressures) : Number.NaN,
  );

  // Sources the model can place; the others are reported as unobservable with the cap as upper bound.
  const placeable = sources.map((s) => finite(s.east) && finite(s.north));
  sources.forEach((s, j) => {
    if (!placeable[j]!) notes.push(`source ${s.id}: no position`);
    else if (!(s.height >= 0 && s.height < 100))
      notes.push(`source ${s.id}: no height, ${DEFAULT_SOURCE_HEIGHT} m assumed`);
  });
  const modelIdx = sources.map((_, j) => j).filter((j) => placeable[j]!);
  const srcPts: Point3[] = modelIdx.map((j) => ({
    x: sources[j]!.east,
    y: sources[j]!.north,
    z: sources[j]!.height >= 0 && sources[j]!.height < 100 ? sources[j]!.height : DEFAULT_SOURCE_HEIGHT,
  }));
  const recPts: Point3[] = sensors.map((s) => ({
    x: finite(s.east) ? s.east : 0,
    y: finite(s.north) ? s.north : 0,
    z: s.height > 0 && s.height < 100 ? s.height : DEFAULT_SENSOR_HEIGHT,
  }));
  const sensorPlaced = sensors.map((s) => finite(s.east) && finite(s.north));

  // Stage D: footprints for the nominal member and the physics ensemble.
  const rng = makeRng(geometry.siteId, stepStart);
  // The site's learnt direction offset turns every member's wind (direction-offset.ts).
  const offsetRad = (carry.direction.offsetDeg * TUNING.directionOffsetApply * Math.PI) / 180;
  const perturbations: Perturbation[] = [{ ...NOMINAL, dirOffsetRad: offsetRad }];
  for (let m = 0; m < TUNING.ensembleMembers; m++) {
    perturbations.push({
      dirOffsetRad: offsetRad + (gaussian(rng) * TUNING.directionSdDeg * Math.PI) / 180,
      speedScale: Math.exp(gaussian(rng) * TUNING.speedLogSd),
      sigmaScale: Math.exp(gaussian(rng) * TUNING.sigmaLogSd),
      stabilityShift: rng() < 0.3 ? (rng() < 0.5 ? -1 : 1) : 0,
    });
  }
  let members: Footprints[] = [];
  if (srcPts.length > 0 && weightSum >= 5)
    members = perturbations.map((p) =>
      computeFootprints({ sources: srcPts, receptors: recPts, wind: fw, outFrom, outTo, density, perturbation: p }),
    );

  // Stage E: inversion on the centred 30-minute window.
  const enh = bg.enhancement.map((e, i) =>
    sensorPlaced[i]! ? e.slice(outFrom, outTo) : new Float64Array(T).fill(Number.NaN),
  );
  const minuteWeight = wind.weight.slice(outFrom, outTo);
  const spikeWin = spikes.site.slice(outFrom, outTo);
  const informative = weightSum >= 5;
  if (!informative) notes.push('too little wind to observe any source');
  let inv: InversionResult | null = null;
  if (members.length > 0 && informative)
    inv = invert({
      enhancement: enh,
      minuteWeight,
      noise: bg.noise,
      spike: spikeWin,
      members,
      rng,
      include: TUNING.fitOpenEmissions
        ? modelIdx.flatMap((j, mi) => (carry.emissions[String(sources[j]!.id)]?.open ? [mi] : []))
        : [],
    });
  const gate = inv !== null && inv.spikeMinutes >= TUNING.minSpikeMinutesInWindow;
  if (inv !== null && gate && inv.selected.length > 0 && inv.explained >= TUNING.directionMinExplained) {
    const speeds: number[] = [];
    for (let k = outFrom; k < outTo; k++) if (finite(wind.speed[k]!)) speeds.push(wind.speed[k]!);
    if (speeds.length > 0 && medianOf(speeds) >= TUNING.directionMinSpeedMs)
      next.direction = learnDirection(
        next.direction,
        inv,
        (dirOffsetRad) =>
          computeFootprints({
            sources: srcPts,
            receptors: recPts,
            wind: fw,
            outFrom,
            outTo,
            density,
            perturbation: { ...NOMINAL, dirOffsetRad },
          }),
        { enhancement: enh, minuteWeight, noise: bg.noise },
      );
  }

  // Start (of the minute) of the spike run that reaches the step's window, followed back over gaps of ≤ 2 minutes
  // for up to two steps before the step: refines an emission's start. The centred window tests a step only once
  // its plume has filled part of it, so the run usually began before the first on-step.
  let firstSpikeMs: number | null = null;
  for (let k = Math.max(1, kStep - 14); k <= Math.min(window.minutes - 1, kStep + 15); k++) {
    if (!spikes.site[k]!) continue;
    const floor = Math.max(1, kStep - 2 * 15 + 1);
    let first = k;
    for (let j = k - 1; j >= floor && j >= first - 3; j--) if (spikes.site[j]!) first = j;
    firstSpikeMs = window.start + (first - 1) * MIN;
    break;
  }

  // Per-source verdicts and rates.
  const rates: SourceStepRate[] = [];
  const emissions: EmissionUpsert[] = [];
  const onBySource = new Map<number, boolean>();
  const emissionStates = { ...next.emissions };
  const D = inv?.nDraws ?? 0;
  const siteDraws = new Float64Array(D);
  let carriedSum = 0;
  let unobservedHeadroom = 0;
  let hiddenMax = 0;
  // Detection per equipment group: units a few metres apart have near-identical footprints, so the draws split
  // between them and no single unit passes the test although the group clearly emits. The group's summed draws
  // are tested; its representative (the unit with an open emission, else the largest median) carries the group's
  // rate and the emission; the probability is the group's.
  const groupKey = (j: number) => (sources[j]!.groupId !== null ? `g${sources[j]!.groupId}` : `s${sources[j]!.id}`);
  const groups = new Map<string, number[]>();
  sources.forEach((_, j) => {
    const mi = modelIdx.indexOf(j);
    if (!inv || mi < 0 || !inv.sources[mi]!.observable) return;
    const k = groupKey(j);
    groups.set(k, [...(groups.get(k) ?? []), j]);
  });
  const groupVerdict = new Map<
    number,
    {
      pOn: number;
      probability: number;
      rate: number;
      lower: number;
      upper: number;
      members: number[];
      nominalRate: number;
      massRate: number;
    }
  >();
  for (const members of groups.values()) {
    const est = members.map((j) => inv!.sources[modelIdx.indexOf(j)]!);
    const sum = new Float64Array(D);
    const detected = new Float64Array(D);
    est.forEach((e) => {
      for (let d = 0; d < D; d++) {
        sum[d]! += e.draws[d]!;
        detected[d]! += e.detectionDraws[d]!;
      }
    });
    let pOn = 0;
    for (let d = 0; d < D; d++) if (detected[d]! > TUNING.onRateKgH) pOn++;
    pOn /= Math.max(1, D);
    const sorted = Float64Array.from(sum).sort();
    const b = widen(quantile(sorted, 0.5), quantile(sorted, 0.05), quantile(sorted, 0.95));
    const probability = Math.min(
      1,
      est.reduce((a, e) => a + e.probability, 0),
    );
    let rep = members.find((j) => emissionStates[String(sources[j]!.id)]?.open) ?? -1;
    if (rep < 0) {
      let best = -1;
      members.forEach((j, i) => {
        const score = est[i]!.rate + 1e-6 * est[i]!.probability;
        if (score > best) {
          best = score;
          rep = j;
        }
      });
    }
    const nominalRate = est.reduce((a, e) => a + e.nominal, 0);
    // The plume's mass over the group's footprint mass on every row: a rate that needs no alignment of the model's
    // plume with the sensors (meaningful only when one group emits), kept to tell misalignment from footprint scale.
    const mh = members.reduce((a, j) => a + inv!.massH[modelIdx.indexOf(j)]!, 0) / members.length;
    const massRate = mh > 0 ? inv!.massY / mh : 0;
    groupVerdict.set(rep, { pOn, probability, ...b, members, nominalRate, massRate });
  }

  // The leading group of the step: the largest rate among groups that pass the fresh test or carry an open emission.
  // A group that would open a new emission beside it at a small share of its rate is the lead's plume spread by the
  // puff model's error onto a neighbouring group, not a second release (session 22: companions at 1–2 kg/h beside a
  // 15 kg/h release, each scored as a wrong-group report), so it needs at least companionMinShare of the lead's rate.
  let leadRate = 0;
  let leadRep = -1;
  for (const [rep, g] of groupVerdict) {
    const hasOpen = g.members.some((j) => emissionStates[String(sources[j]!.id)]?.open);
    const fresh = gate && g.pOn >= TUNING.onProbability && inv!.explained >= TUNING.minExplained;
    if ((hasOpen || fresh) && g.rate > leadRate) {
      leadRate = g.rate;
      leadRep = rep;
    }
  }

  // Stand-ins (stand-in.ts): a group that passes the fresh test while another group's emission is open, with a
  // footprint on the sensors nearly the same as that group's, is the open release's plume handed over by the fit; the
  // open group keeps its emission with the newcomer's rate projected onto its footprint.
  const mis = (units: readonly number[]) => units.map((j) => modelIdx.indexOf(j));
  const { standIns: standInFor, handed: standInRate } =
    TUNING.standInCosine > 0 && gate && inv!.explained >= TUNING.minExplained
      ? findStandIns(
          [...groupVerdict].map(([rep, g]) => {
            const open = emissionStates[String(sources[rep]!.id)]?.open;
            return {
              rep,
              units: mis(g.members),
              pOn: g.pOn,
              rate: g.rate,
              lower: g.lower,
              upper: g.upper,
              openMeanRate: open && open.steps > 0 ? open.sumRate / open.steps : null,
            };
          }),
          (a, b) => footprintLikeness(members, a, b, enh, minuteWeight),
          {
            onProbability: TUNING.onProbability,
            cosine: TUNING.standInCosine,
            maxScale: TUNING.standInMaxScale,
            maxJump: TUNING.standInMaxJump,
          },
        )
      : { standIns: new Set<number>(), handed: new Map<number, HandedRate>() };

  sources.forEach((src, j) => {
    const key = String(src.id);
    const state = emissionStates[key] ?? emptyState();
    const mi = modelIdx.indexOf(j);
    const est = inv && mi >= 0 ? inv.sources[mi]! : null;
    const open = state.open;
    const carried = open && open.steps > 0 ? open.sumRate / open.steps : 0;
    // While unobservable, the site and source rates carry the open emission's rate at its persistence weight (the
    // chance it still runs); the upper bound keeps the whole rate.
    const carriedNow = open && open.steps > 0 ? carried * persistenceWeight(open, stepStart) : 0;
    let rate: SourceStepRate;
    let verdict: StepVerdict;
    if (!est || !est.observable) {
      const upper = Math.max(carried, est ? est.detectionLimit : TUNING.maxUpperKgH);
      rate = { sourceId: src.id, rate: carriedNow, lower: 0, upper, observable: false, on: false, probability: null };
      carriedSum += carriedNow;
      unobservedHeadroom += upper - carriedNow;
      verdict = {
        sourceId: src.id,
        on: false,
        strong: false,
        observable: false,
        rate: carriedNow,
        lower: 0,
        upper,
        probability: 0,
        firstSpikeMs,
      };
    } else {
      // Hysteresis: an open emission stays on with weaker evidence (a plume meandering off the sensors for a
      // step is not a stop), a new one needs the full test.
      const g = groupVerdict.get(j);
      let on = false;
      let strong = false;
      if (g) {
        const companion = j !== leadRep && g.rate < TUNING.companionMinShare * leadRate;
        // While another group's emission is open (a release under way), a neighbour lit by that release's plume must
        // show itself in two steps (no strong step: companions of session 24 round 2), each at a higher P(on).
        const besideOpen = sources.some((o, k) => groupKey(k) !== groupKey(j) && carry.emissions[String(o.id)]?.open);
        const fresh =
          gate &&
          g.pOn >= (besideOpen ? TUNING.besideOpenOnProbability : TUNING.onProbability) &&
          inv!.explained >= TUNING.minExplained &&
          !companion &&
          !standInFor.has(j);
        const keep = open !== null && g.pOn >= 0.5 && g.probability >= 0.5 && inv!.explained >= 0.25;
        on = fresh || keep || (open !== null && standInRate.has(j));
        strong =
          on &&
          !(TUNING.strongOnlyAlone && besideOpen) &&
          g.pOn >= TUNING.strongPOn &&
          inv!.explained >= TUNING.strongExplained &&
          inv!.spikeMinutes >= TUNING.strongSpikeMinutes &&
          g.rate >= TUNING.strongRateKgH &&
          g.probability >= TUNING.strongProbability;
      }
      for (let d = 0; d < D; d++) siteDraws[d]! += est.draws[d]!;
      if (est.rate === 0) hiddenMax = Math.max(hiddenMax, est.detectionLimit);
      rate = {
        sourceId: src.id,
        rate: est.rate,
        lower: est.lower,
        upper: est.upper,
        observable: true,
        on,
        probability: est.probability,
      };
      // The emission row of an on group carries the group's rate (its units cannot be told apart), plus what a
      // stand-in handed over.
      const handed = standInRate.get(j);
      const er =
        on && g
          ? handed
            ? { rate: g.rate + handed.rate, lower: g.lower + handed.lower, upper: g.upper + handed.upper }
            : g
          : est;
      verdict = {
        sourceId: src.id,
        on,
        strong,
        observable: true,
        rate: er.rate,
        lower: er.lower,
        upper: er.upper,
        probability: g ? g.probability : est.probability,
        firstSpikeMs,
        evidence: g?.pOn ?? 0,
      };
    }
    rates.push(rate);
    onBySource.set(j, verdict.on);
    const adv = advanceEmission(state, verdict, stepStart);
    emissionStates[key]! = adv.state;
    emissions.push(...adv.upserts);
  });
  // Keep only the states of sources that still exist.
  next.emissions = Object.fromEntries(
    Object.entries(emissionStates).filter(([key]) => sources.some((s) => String(s.id) === key)),
  );

  // Site rate: quantiles of the summed draws (not the sum of quantiles), plus what unobservable sources could hide.
  let siteRate: RateWithBounds;
  if (D > 0) {
    const sorted = Float64Array.from(siteDraws).sort();
    const b = widen(quantile(sorted, 0.5), quantile(sorted, 0.05), quantile(sorted, 0.95));
    siteRate = {
      rate: b.rate + carriedSum,
      lower: b.lower + (carriedSum > 0 ? 0 : 0),
      upper: Math.max(b.upper, hiddenMax) + carriedSum + unobservedHeadroom,
    };
  } else {
    siteRate = { rate: carriedSum, lower: 0, upper: carriedSum + unobservedHeadroom };
  }
  if (!(siteRate.upper > 0)) siteRate.upper = TUNING.thetaDetPpm; // never a bare zero: at least a nominal bound
  const out = result(siteRate, rates, emissions, next);
  out.diagnostics = {
    spikeMinutes: inv?.spikeMinutes ?? 0,
    explained: inv?.explained ?? 0,
    directionOffsetDeg: next.direction.offsetDeg,
    unobservable: rates.filter((r) => !r.observable).map((r) => r.sourceId),
    groups: [...groupVerdict].map(([rep, g]) => ({
      sourceIds: g.members.map((j) => sources[j]!.id),
      pOn: g.pOn,
      probability: g.probability,
      rate: g.rate,
      on: onBySource.get(rep) ?? false,
      nominalRate: g.nominalRate,
      massRate: g.massRate,
    })),
  };
  if (input.keepFootprint && members.length > 0) {
    const mean = new Float64Array(members[0]!.h.length);
    for (const m of members) for (let q = 0; q < mean.length; q++) mean[q]! += m.h[q]! / members.length;
    out.diagnostics.footprint = {
      sourceIds: modelIdx.map((j) => sources[j]!.id),
      R,
      T,
      outFrom,
      nominal: members[0]!.h,
      mean,
      sigmaThetaDeg: sigmaTheta.slice(outFrom, outTo).map((v) => (v * 180) / Math.PI),
    };
  }
  return out;
}

/** One step's evidence on the site's direction offset: the best fit with the wind turned by ∓Δ from the offset. */
function learnDirection(
  prev: DirectionOffsetCarry,
  inv: InversionResult,
  footprintsAt: (dirOffsetRad: number) => Footprints,
  data: Pick<InversionInput, 'enhancement' | 'minuteWeight' | 'noise'>,
): DirectionOffsetCarry {
  const at = (deg: number) => (deg * Math.PI) / 180;
  const base = prev.offsetDeg * TUNING.directionOffsetApply;
  const rss0 = inv.nominalRss; // the nominal member ran at the offset: its selection is the centre's best fit
  const rssMinus = bestFitRss(data, footprintsAt(at(base - TUNING.directionProbeDeg)), inv.candidates);
  const rssPlus = bestFitRss(data, footprintsAt(at(base + TUNING.directionProbeDeg)), inv.candidates);
  return updateDirectionOffset(prev, base, rssMinus, rss0, rssPlus);
}
