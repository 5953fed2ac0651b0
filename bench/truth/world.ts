// createWorld: steps the hidden weather, the particle model and the measurement layer minute by minute.
// All randomness is drawn per minute in a fixed order, so chunking advance() differently gives identical output.
import type { ReadingsChunk, Scenario, TruthWorld } from './types';
import { Rng } from './rng';
import { ParticleCloud, type Obstacles, type Receptors, type StepFlow } from './particles';
import { allocTables, fillTables, TABLE_DZ } from './flow';
import { MeasurementLayer, type ChunkArrays, type FaultOptions } from './measurement';
import { scenarioWeather, siteRoughness } from './scenario';
import { streamSeed } from './seeds';
import { lagrangianTime, methaneDensity, pressureAt, windAt } from './surface-layer';
import type { HourWeather } from './weather';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Particle time step (s): 120 steps a minute. */
export const DT = 0.5;
/**
 * Two particles per step per releasing source (4 particles/s): the 1-min sampling noise of the kernel estimate is
 * then ≈ 14 % (CV) at 20–100 m instead of ≈ 20 % at 2/s, for ~0.06 CPU-s per site-hour.
 */
const ONSITE_PER_STEP = 2;
const STEPS = Math.round(60 / DT);
/** Off-site sources are far: one heavier particle every second step. */
const OFFSITE_EVERY = 2;
/** Meander (OU) time scale, s; the mean speed's gusts share it (σ 10 %, 25 % in gusty hours). */
const MEANDER_TAU = 300;
const GUST_SIGMA = 0.1;
const GUST_SIGMA_GUSTY = 0.25;
/** Sensor first-order response time, s. */
const SENSOR_TAU = 30;
/** Wind is sampled for the anemometers every 15 s. */
const WIND_SAMPLE_EVERY = 30;
const KILL_PAST_LAST_SENSOR = 150;
const DEG = Math.PI / 180;

export interface PhysicsOptions {
  /** Direction meander and mean-speed gusts (OU processes). */
  meander?: boolean;
  gradient?: boolean;
  obstacles?: boolean;
}

export interface WorldOptions {
  faults?: FaultOptions;
  physics?: PhysicsOptions;
}

/** Extra introspection for tests and the cost script (not part of the contract). */
export interface TruthWorldDebug extends TruthWorld {
  readonly cloud: ParticleCloud;
  readonly weather: readonly HourWeather[];
  readonly commsGaps: readonly { start: number; end: number }[];
  readonly now: number;
}

interface Emitter {
  start: number;
  end: number;
  east: number;
  north: number;
  height: number;
  /** kg per emitted particle. */
  mass: number;
  /** Particles per emission, and emission every `every` steps. */
  count: number;
  every: number;
}

function angleLerp(a: number, b: number, f: number): number {
  const d = ((((b - a) % 360) + 540) % 360) - 180;
  return a + d * f;
}

export function createWorld(scenario: Scenario, options: WorldOptions = {}): TruthWorldDebug {
  const { site, start, layout, seed, siteIndex } = scenario;
  const physics = { meander: true, gradient: true, obstacles: true, ...options.physics };
  const weather = scenarioWeather(scenario);
  const z0 = siteRoughness(layout, seed, siteIndex);
  const pressure = pressureAt(site.elevationM);
  const nS = site.sensors.length;
  const centreEast = site.sensors.reduce((a, s) => a + s.east, 0) / nS;
  const centreNorth = site.sensors.reduce((a, s) => a + s.north, 0) / nS;

  const receptors: Receptors = {
    east: Float64Array.from(site.sensors, (s) => s.east),
    north: Float64Array.from(site.sensors, (s) => s.north),
    height: Float64Array.from(site.sensors, (s) => s.height),
  };
  const obs = physics.obstacles ? site.obstacles : [];
  const obstacles: Obstacles = {
    east: Float64Array.from(obs, (o) => o.east),
    north: Float64Array.from(obs, (o) => o.north),
    reach2: Float64Array.from(obs, (o) => (o.radius + 1.5 * o.height) ** 2),
    top: Float64Array.from(obs, (o) => 1.5 * o.height),
  };

  const emitters: Emitter[] = [
    ...scenario.truth.releases.map((r) => {
      const src = site.sources.find((s) => s.key === r.sourceKey);
      if (!src) throw new Error(`release ${r.id}: unknown source ${r.sourceKey}`);
      return {
        start: r.start,
        end: r.end,
        east: r.east ?? src.east,
        north: r.north ?? src.north,
        height: r.height ?? src.height,
        mass: ((r.rateKgH / 3600) * DT) / ONSITE_PER_STEP,
        count: ONSITE_PER_STEP,
        every: 1,
      };
    }),
    ...scenario.truth.offsite.map((o) => ({
      start: o.start,
      end: o.end,
      east: o.east,
      north: o.north,
      height: 3,
      mass: (o.rateKgH / 3600) * DT * OFFSITE_EVERY,
      count: 1,
      every: OFFSITE_EVERY,
    })),
  ].sort((a, b) => a.start - b.start);

  const cloud = new ParticleCloud(new Rng(streamSeed(layout, seed, siteIndex, 'particles', start)));
  const meanderRng = new Rng(streamSeed(layout, seed, siteIndex, 'meander', start));
  const measure = new MeasurementLayer(
    site.sensors,
    streamSeed(layout, seed, siteIndex, 'measure', start),
    streamSeed(layout, seed, siteIndex, 'faults', start),
    start,
    scenario.end,
    options.faults,
    // Devices are taken to be calibrated at the period's mean temperature, so the artefact follows the weather.
    weather.reduce((a, h) => a + h.temperatureC, 0) / weather.length,
  );

  const tables = allocTables();
  const flow: StepFlow = {
    dirEast: 0,
    dirNorth: 1,
    gradEast: 0,
    gradNorth: 0,
    centreEast,
    centreNorth,
    speed: tables.speed,
    decay: tables.decay,
    kick: tables.kick,
    tableDz: TABLE_DZ,
    speedScale: 1,
    sigmaU: 1,
    sigmaV: 1,
    sigmaW: 1,
    killAlong: 0,
  };
  let hourIdx = -1;
  let hw = weather[0]!;
  let meander = 0; // rad
  let gust = 0; // relative speed anomaly
  let now = start;
  let nextEmitter = 0;
  const active: Emitter[] = [];
  const lag = new Float64Array(nS); // ppm, the sensor's lagged view of the enhancement
  const acc = new Float64Array(nS);
  const conc = new Float64Array(nS);
  const windE = new Float64Array(nS);
  const windN = new Float64Array(nS);
  const lagAlpha = 1 - Math.exp(-DT / SENSOR_TAU);
  const meanderDecay = Math.exp(-DT / MEANDER_TAU);
  const meanderKick = Math.sqrt(1 - meanderDecay * meanderDecay);
  const sensorSpeed = new Float64Array(nS);
  let stepCounter = 0;

  function weatherAt(h: number): HourWeather {
    return weather[Math.max(0, Math.min(weather.length - 1, h))]!;
  }

  function enterHour(h: number): void {
    hourIdx = h;
    hw = weatherAt(h);
    fillTables(tables, DT, hw.turb.sigmaW, hw.ustar, z0, hw.obukhovL);
    flow.sigmaU = hw.turb.sigmaU;
    flow.sigmaV = hw.turb.sigmaV;
    flow.sigmaW = hw.turb.sigmaW;
    flow.gradEast = physics.gradient ? (hw.gradEastDeg * DEG) / 100 : 0;
    flow.gradNorth = physics.gradient ? (hw.gradNorthDeg * DEG) / 100 : 0;
    for (let s = 0; s < nS; s++) sensorSpeed[s] = windAt(site.sensors[s]!.height, hw.ustar, z0, hw.obukhovL);
  }

  function simulateMinute(k: number, t0: number, out: ChunkArrays): void {
    const h = Math.floor((t0 - start) / HOUR);
    if (h !== hourIdx) enterHour(h);
    const next = weatherAt(h + 1);
    // Emitters active over this minute.
    while (nextEmitter < emitters.length && emitters[nextEmitter]!.start <= t0) active.push(emitters[nextEmitter++]!);
    for (let i = active.length - 1; i >= 0; i--) if (active[i]!.end <= t0) active.splice(i, 1);

    const fracMid = (t0 + MINUTE / 2 - (start + h * HOUR)) / HOUR;
    const temperatureC = hw.temperatureC + (next.temperatureC - hw.temperatureC) * fracMid;
    const ppmPerKgM3 = 1e6 / methaneDensity(pressure, temperatureC);
    const meanderSigma = physics.meander ? hw.meanderSigmaDeg * DEG : 0;
    const gustSigma = physics.meander ? (hw.kind === 'gusty' ? GUST_SIGMA_GUSTY : GUST_SIGMA) : 0;
    acc.fill(0);
    windE.fill(0);
    windN.fill(0);
    let windSamples = 0;

    for (let j = 0; j < STEPS; j++) {
      const ts = t0 + j * DT * 1000;
      const f = (ts - (start + h * HOUR)) / HOUR;
      meander = meander * meanderDecay + meanderSigma * meanderKick * meanderRng.normal();
      gust = gust * meanderDecay + gustSigma * meanderKick * meanderRng.normal();
      // Mean speed follows the hourly 10 m wind linearly in time (tables are per hour), times the gust factor.
      flow.speedScale = Math.max(0.05, ((hw.u10 + (next.u10 - hw.u10) * f) / hw.u10) * (1 + gust));
      const theta = angleLerp(hw.dirFromDeg, next.dirFromDeg, f) * DEG + meander;
      flow.dirEast = -Math.sin(theta);
      flow.dirNorth = -Math.cos(theta);
      let along = -Infinity;
      for (let s = 0; s < nS; s++) {
        along = Math.max(
          along,
          (receptors.east[s]! - centreEast) * flow.dirEast + (receptors.north[s]! - centreNorth) * flow.dirNorth,
        );
      }
      flow.killAlong = along + KILL_PAST_LAST_SENSOR;
      for (const e of active) {
        if (stepCounter % e.every === 0)
          for (let p = 0; p < e.count; p++) cloud.emit(e.east, e.north, e.height, e.mass, flow);
      }
      stepCounter++;
      if (cloud.count > 0) {
        conc.fill(0);
        cloud.step(DT, flow, obstacles, receptors, conc);
        for (let s = 0; s < nS; s++) {
          lag[s] = lag[s]! + lagAlpha * (conc[s]! * ppmPerKgM3 - lag[s]!);
          acc[s] = acc[s]! + lag[s]!;
        }
      } else {
        for (let s = 0; s < nS; s++) {
          lag[s] = lag[s]! * (1 - lagAlpha);
          acc[s] = acc[s]! + lag[s]!;
        }
      }
      if (j % WIND_SAMPLE_EVERY === 0) {
        windSamples++;
        for (let s = 0; s < nS; s++) {
          if (!site.sensors[s]!.hasAnemometer) continue;
          const delta =
            flow.gradEast * (receptors.east[s]! - centreEast) + flow.gradNorth * (receptors.north[s]! - centreNorth);
          const th = theta + delta;
          const sp = sensorSpeed[s]! * flow.speedScale;
          windE[s] = windE[s]! - sp * Math.sin(th);
          windN[s] = windN[s]! - sp * Math.cos(th);
        }
      }
    }

    for (let s = 0; s < nS; s++) {
      acc[s] = acc[s]! / STEPS;
      windE[s] = windE[s]! / windSamples;
      windN[s] = windN[s]! / windSamples;
      // Resolved turbulence left in a 1-min mean: variance σ²·2T_L/60 (T_L at the sensor height).
      if (site.sensors[s]!.hasAnemometer) {
        const tl = lagrangianTime(site.sensors[s]!.height, hw.turb.sigmaW);
        const keep = Math.sqrt(Math.min(1, (2 * tl) / 60));
        const sp = Math.hypot(windE[s]!, windN[s]!) || 1;
        const ae = windE[s]! / sp;
        const an = windN[s]! / sp;
        const du = hw.turb.sigmaU * keep * meanderRng.normal();
        const dv = hw.turb.sigmaV * keep * meanderRng.normal();
        windE[s] = windE[s]! + du * ae - dv * an;
        windN[s] = windN[s]! + du * an + dv * ae;
      }
    }
    measure.minute(
      k,
      t0 + MINUTE,
      { enhancementPpm: acc, windEast: windE, windNorth: windN, temperatureC, stable: hw.trueClass >= 4 },
      out,
    );
  }

  return {
    scenario,
    cloud,
    weather,
    commsGaps: measure.commsGaps,
    get now() {
      return now;
    },
    advance(to: number): ReadingsChunk {
      if (to % MINUTE !== 0) throw new Error('advance: `to` must be a whole minute');
      if (to < now) throw new Error(`advance: time goes forward only (now ${now}, asked ${to})`);
      const n = (to - now) / MINUTE;
      const mk = (): Float64Array[] => Array.from({ length: nS }, () => new Float64Array(n));
      const chunk: ReadingsChunk = {
        start: now,
        end: to,
        times: new Float64Array(n),
        ch4Ppm: mk(),
        windDirectionDeg: mk(),
        windSpeedKmh: mk(),
        temperatureC: mk(),
        pressureKPa: mk(),
        arrival: mk(),
      };
      for (let k = 0; k < n; k++) {
        const t0 = now + k * MINUTE;
        chunk.times[k] = t0 + MINUTE;
        simulateMinute(k, t0, chunk);
        // Station pressure (kPa): the elevation's standard pressure and a slow ±0.3 kPa synoptic swing, reported
        // whenever the device reports its temperature. Deterministic, so it draws nothing from the readings' RNG.
        const swing = 0.3 * Math.sin((2 * Math.PI * (t0 - scenario.start)) / (4.3 * 86_400_000) + scenario.seed);
        for (let s = 0; s < nS; s++)
          chunk.pressureKPa![s]![k] = Number.isNaN(chunk.temperatureC[s]![k]!) ? NaN : pressure / 1000 + swing;
      }
      now = to;
      return chunk;
    },
  };
}
