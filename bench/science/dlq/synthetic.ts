/**
 * Synthetic site for cost measurement and tests: a METEC-like layout (5 sources, 8
 * sensors on an 80 x 60 m perimeter), meandering wind, releases generated with this
 * port's own puff model (so a noiseless case is exactly invertible), optional noise.
 * Not a benchmark truth: that is bench/truth's job, with different physics.
 */
import { simulateRows, type SimSite } from './puff';
import { ch4Density } from './stability';
import { mulberry32 } from './stats';
import type { DlqInput, DlqSensor, DlqSource } from './types';

export interface SyntheticRelease {
  sourceIndex: number;
  /** Row (minute) indices, inclusive. */
  fromMinute: number;
  toMinute: number;
  rateKgH: number;
}

export interface SyntheticOptions {
  minutes: number;
  seed: number;
  releases: SyntheticRelease[];
  noisePpm: number;
  /** Simulation step used to generate the truth (s). */
  dtS: number;
  start?: number;
  elevationM?: number;
  /** Median wind speed of the meander (m/s); default 3. */
  medianWindMs?: number;
  /** Minutes with every anemometer missing (to exercise row dropping). */
  windOutages?: [number, number][];
}

export const METEC_SOURCES: DlqSource[] = [
  { key: 'wellhead-west', group: 'wellheads', east: -20, north: 5, height: 1.5 },
  { key: 'wellhead-east', group: 'wellheads', east: 15, north: 8, height: 1.5 },
  { key: 'separator-west', group: 'separators', east: -12, north: -12, height: 2 },
  { key: 'separator-east', group: 'separators', east: 10, north: -10, height: 2 },
  { key: 'tanks', group: 'tanks', east: 0, north: 20, height: 4.5 },
];

export const METEC_SENSORS: DlqSensor[] = [
  { key: 'n', east: 0, north: 30, height: 2.4 },
  { key: 'ne', east: 40, north: 30, height: 2.4 },
  { key: 'e', east: 40, north: 0, height: 2.4 },
  { key: 'se', east: 40, north: -30, height: 2.4 },
  { key: 's', east: 0, north: -30, height: 2.4 },
  { key: 'sw', east: -40, north: -30, height: 2.4 },
  { key: 'w', east: -40, north: 0, height: 2.4 },
  { key: 'nw', east: -40, north: 30, height: 2.4 },
];

/** Standard normal from a uniform PRNG (Box-Muller). */
export function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

export function syntheticSite(o: SyntheticOptions): DlqInput {
  const rand = mulberry32(o.seed);
  const n = o.minutes;
  const start = o.start ?? Date.UTC(2026, 5, 1, 0, 1);
  const elevationM = o.elevationM ?? 1500;
  // Direction: a meander (random walk) that keeps sweeping plumes past sensors.
  const dir = new Float64Array(n);
  const spd = new Float64Array(n);
  let d = rand() * 360;
  const lu0 = Math.log(o.medianWindMs ?? 3);
  let lu = lu0;
  for (let t = 0; t < n; t++) {
    d += 12 * gaussian(rand);
    lu += 0.05 * gaussian(rand) + 0.01 * (lu0 - lu);
    dir[t] = ((d % 360) + 360) % 360;
    spd[t] = Math.min(8, Math.max(0.5, Math.exp(lu)));
  }
  const sensors = METEC_SENSORS;
  const site: SimSite = {
    rows: n,
    rowTimes: Float64Array.from({ length: n }, (_, t) => start + t * 60_000),
    speed: spd,
    towardE: dir.map((x) => -Math.sin((x * Math.PI) / 180)),
    towardN: dir.map((x) => -Math.cos((x * Math.PI) / 180)),
    longitude: -105,
    dayStartHour: 7,
    dayEndHour: 18,
    sensorE: Float64Array.from(sensors, (s) => s.east),
    sensorN: Float64Array.from(sensors, (s) => s.north),
    sensorZ: Float64Array.from(sensors, (s) => s.height),
    ppmPerKgM3: 1e6 / ch4Density(elevationM),
  };
  const ch4 = sensors.map(() => new Float64Array(n).fill(2));
  const s = Math.round(60 / o.dtS);
  for (const rel of o.releases) {
    const src = METEC_SOURCES[rel.sourceIndex]!;
    const fFrom = rel.fromMinute === 0 ? 0 : (rel.fromMinute - 1) * s + 1;
    const fTo = rel.toMinute * s;
    const r1 = Math.min(n - 1, rel.toMinute + 25);
    const conc = simulateRows(
      site,
      src,
      { dtS: o.dtS, cutoffMin: 20, ignoreDistM: 80, unitRateKgS: rel.rateKgH / 3600 },
      rel.fromMinute,
      r1,
      (f) => f >= fFrom && f <= fTo,
    );
    conc.forEach((c, r) => c.forEach((v, k) => (ch4[r]![rel.fromMinute + k]! += v)));
  }
  if (o.noisePpm > 0) for (const c of ch4) for (let t = 0; t < n; t++) c[t]! += o.noisePpm * gaussian(rand);
  // Two anemometers (sensors n and s); the others have none.
  const windDirectionDeg = sensors.map((_, r) =>
    r === 0 || r === 4 ? Float64Array.from(dir) : new Float64Array(n).fill(NaN),
  );
  const windSpeedMs = sensors.map((_, r) =>
    r === 0 || r === 4 ? Float64Array.from(spd) : new Float64Array(n).fill(NaN),
  );
  for (const [a, b] of o.windOutages ?? []) {
    for (const arr of [...windDirectionDeg, ...windSpeedMs]) arr.fill(NaN, a, b + 1);
  }
  return {
    sources: METEC_SOURCES,
    sensors,
    elevationM,
    longitude: -105,
    start,
    minutes: n,
    ch4Ppm: ch4,
    windDirectionDeg,
    windSpeedMs,
  };
}
