/**
 * DLQ reference inversion (Daniels, Jia & Hammerling 2024; github wsdaniels/DLQ, MIT),
 * ported to TypeScript: site wind -> background removal by spike detection -> site
 * events -> unit-rate puff simulation per source -> Pearson-r localization ->
 * half-sample bootstrap of the RMSE grid-search rate. See README.md for deviations.
 */
import { removeBackground, siteEvents } from './background';
import { simulateReference, simulateRows, type SimParams, type SimSite } from './puff';
import { alignment, bootstrapRates, logGrid, spikePairs, whichMax } from './quantify';
import { ch4Density } from './stability';
import { mulberry32, naApprox, quantile7 } from './stats';
import type { DlqEmission, DlqInput, DlqOptions } from './types';
import { combineWind } from './wind';

export const DLQ_DEFAULTS: DlqOptions = {
  dtS: 2,
  cutoffMin: 20,
  ignoreDistM: 80,
  gapTimeMin: 30,
  lengthThresholdMin: 15,
  windMaxGapMin: 5,
  goingUpPpm: 0.25,
  returnPct: 5,
  ampBackgroundPpm: 0.75,
  ampRatePpm: 1,
  contDiffPpm: 0.25,
  contDiffNum: 10,
  unitRateGs: 1,
  qGridMinGs: 1e-4,
  qGridMaxGs: 3000,
  qGridN: 2000,
  bootstrapN: 1000,
  seed: 20240110,
  temperatureK: 288.15,
  dayStartHour: 7,
  dayEndHour: 18,
  infoMask: false,
  simulator: 'fast',
};

/** Rows = minutes with site wind (DLQ drops the others and treats the rest as contiguous). */
function validRows(input: DlqInput, o: DlqOptions): { idx: Int32Array; site: SimSite } {
  const w = combineWind(input.windDirectionDeg, input.windSpeedMs, input.minutes, o.windMaxGapMin);
  const keep: number[] = [];
  for (let t = 0; t < input.minutes; t++) if (!Number.isNaN(w.speed[t]!) && !Number.isNaN(w.towardE[t]!)) keep.push(t);
  const idx = Int32Array.from(keep);
  const pick = (a: Float64Array): Float64Array => Float64Array.from(keep, (t) => a[t]!);
  const site: SimSite = {
    rows: keep.length,
    rowTimes: Float64Array.from(keep, (t) => input.start + t * 60_000),
    speed: pick(w.speed),
    towardE: pick(w.towardE),
    towardN: pick(w.towardN),
    longitude: input.longitude,
    dayStartHour: o.dayStartHour,
    dayEndHour: o.dayEndHour,
    sensorE: Float64Array.from(input.sensors, (s) => s.east),
    sensorN: Float64Array.from(input.sensors, (s) => s.north),
    sensorZ: Float64Array.from(input.sensors, (s) => s.height),
    ppmPerKgM3: 1e6 / ch4Density(input.elevationM, o.temperatureK),
  };
  return { idx, site };
}

export function runDlq(input: DlqInput, options: Partial<DlqOptions> = {}): DlqEmission[] {
  const o: DlqOptions = { ...DLQ_DEFAULTS, ...options };
  if (input.sources.length === 0 || input.sensors.length === 0 || input.minutes === 0) return [];
  const { idx, site } = validRows(input, o);
  if (site.rows === 0) return [];

  // Background removal per sensor on the valid rows; interior CH4 gaps are interpolated
  // whatever their length (DLQ MAIN_2 na.approx without maxgap).
  const spikeBg = {
    goingUpPpm: o.goingUpPpm,
    returnPct: o.returnPct,
    ampPpm: o.ampBackgroundPpm,
    contDiffPpm: o.contDiffPpm,
    contDiffNum: o.contDiffNum,
  };
  const spikeRate = { ...spikeBg, ampPpm: o.ampRatePpm };
  const cleaned = input.sensors.map((_, r) => {
    const raw = Float64Array.from(idx, (t) => input.ch4Ppm[r]?.[t] ?? NaN);
    return removeBackground(naApprox(raw), site.rowTimes, spikeBg, o.gapTimeMin);
  });
  const events = siteEvents(cleaned, site.rows, o.gapTimeMin, o.lengthThresholdMin);
  if (events.length === 0) return [];

  const sim: SimParams = {
    dtS: o.dtS,
    cutoffMin: o.cutoffMin,
    ignoreDistM: o.ignoreDistM,
    unitRateKgS: o.unitRateGs / 1000,
  };
  const whole = o.simulator === 'reference' ? input.sources.map((s) => simulateReference(site, s, sim)) : null;
  const grid = logGrid(o.qGridMinGs, o.qGridMaxGs, o.qGridN);
  const out: DlqEmission[] = [];

  for (const [r0, r1] of events) {
    const obs = cleaned.map((c) => c.slice(r0, r1 + 1));
    const sims = input.sources.map((s, k) =>
      whole ? whole[k]!.map((a) => a.slice(r0, r1 + 1)) : simulateRows(site, s, sim, r0, r1),
    );
    let candidates = input.sources.map((_, k) => k);
    if (o.infoMask) {
      // DLQ 2025: a source has information if its unit simulation exceeds 0.25 ppm on more than 4 points.
      candidates = candidates.filter((k) => sims[k]!.reduce((n, a) => n + a.filter((v) => v > 0.25).length, 0) > 4);
      if (candidates.length === 0) continue;
    }
    const metrics = candidates.map((k) => alignment(obs, sims[k]!));
    const best = candidates[whichMax(metrics)]!;
    const pairs = spikePairs(obs, sims[best]!, spikeRate);
    let rate = NaN;
    let lower = NaN;
    let upper = NaN;
    if (pairs.x.length > 4) {
      // One PRNG stream per event, keyed by its start minute, so an event's interval does
      // not depend on which other events share the run (the harness may chunk periods).
      const rand = mulberry32(Math.imul(o.seed, 0x9e3779b1) ^ Math.floor(site.rowTimes[r0]! / 60_000));
      const q = bootstrapRates(pairs.x, pairs.y, grid, o.bootstrapN, rand);
      const kgH = q.map((v) => v * o.unitRateGs * 3.6); // g/s -> kg/h
      let sum = 0;
      let n = 0;
      for (const v of kgH) {
        if (Number.isNaN(v)) continue;
        sum += v;
        n++;
      }
      if (n > 0) {
        rate = sum / n;
        lower = quantile7(kgH, 0.05);
        upper = quantile7(kgH, 0.95);
      }
    }
    const start = site.rowTimes[r0]!;
    const end = site.rowTimes[r1]!;
    out.push({
      sourceKey: input.sources[best]!.key,
      start,
      end,
      rateKgH: rate,
      lowerKgH: lower,
      upperKgH: upper,
      availableAt: end,
    });
  }
  return out;
}
