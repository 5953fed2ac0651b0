// Synthetic sites and readings generated with the pipeline's OWN forward model, for unit tests and the cost
// benchmark only (never the scoring truth: the benchmark's truth lives in bench/truth/ with other physics).
import { CONTEXT_AFTER_MS, CONTEXT_BEFORE_MS, type MinuteWindow, type SiteGeometry } from './contract';
import { computeFootprints, NOMINAL } from './footprint';
import { ch4Density } from './physics';
import { gaussian, makeRng } from './stats';

const MIN = 60_000;

/**
 * METEC-like: 5 equipment groups (2 m, a 4.5 m tank) inside 8 perimeter sensors at 2.4 m on an 80 × 60 m
 * rectangle; `units` sources per group, 3.5 m apart (ids 10 + 100·unit + group).
 */
export function metecLikeGeometry(siteId = 1, units = 1): SiteGeometry {
  const sensors = [
    [-40, -30],
    [0, -30],
    [40, -30],
    [40, 0],
    [40, 30],
    [0, 30],
    [-40, 30],
    [-40, 0],
  ].map(([east, north], i) => ({ deviceId: 100 + i, east: east!, north: north!, height: 2.4 }));
  const sources = [
    [-20, -10, 2],
    [-5, 12, 2],
    [10, -12, 4.5],
    [22, 8, 2],
    [0, 0, 2],
  ].flatMap(([east, north, height], i) =>
    Array.from({ length: units }, (_, u) => ({
      id: 10 + 100 * u + i,
      groupId: 20 + i,
      categoryId: null,
      east: east! + 3.5 * u,
      north: north!,
      height: height!,
    })),
  );
  return { siteId, latitude: 40.6, longitude: -105.1, elevationM: 1500, sources, sensors };
}

export interface Release {
  sourceIndex: number;
  rateKgH: number;
  /** Minutes from the series start. */
  fromMin: number;
  toMin: number;
}

export interface SyntheticSeries {
  start: number;
  minutes: number;
  ch4: Float64Array[];
  dir: Float64Array;
  speed: Float64Array;
}

/** Minute series: meandering wind (OU around `baseDirDeg`), background 2 ppm + noise, releases via the puff model. */
export function synthesize(
  geometry: SiteGeometry,
  opts: {
    start: number;
    minutes: number;
    baseDirDeg: number;
    speedMs: number;
    releases: Release[];
    noisePpm: number;
    seed: number;
    meanderDeg?: number;
  },
): SyntheticSeries {
  const rng = makeRng(opts.seed);
  const n = opts.minutes;
  const dir = new Float64Array(n);
  const speed = new Float64Array(n);
  let ou = 0;
  const meander = opts.meanderDeg ?? 10;
  for (let k = 0; k < n; k++) {
    ou += -ou / 5 + meander * Math.sqrt(2 / 5) * gaussian(rng);
    dir[k] = (((opts.baseDirDeg + ou) % 360) + 360) % 360;
    speed[k] = Math.max(0.3, opts.speedMs * (1 + 0.1 * gaussian(rng)));
  }
  const uE = new Float64Array(n);
  const uN = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    uE[k] = -speed[k]! * Math.sin((dir[k]! * Math.PI) / 180);
    uN[k] = -speed[k]! * Math.cos((dir[k]! * Math.PI) / 180);
  }
  const R = geometry.sensors.length;
  const ch4 = Array.from({ length: R }, () => new Float64Array(n));
  for (let i = 0; i < R; i++) for (let k = 0; k < n; k++) ch4[i]![k] = 2 + opts.noisePpm * gaussian(rng);
  if (opts.releases.length > 0) {
    const f = computeFootprints({
      sources: geometry.sources.map((s) => ({ x: s.east, y: s.north, z: s.height })),
      receptors: geometry.sensors.map((s) => ({ x: s.east, y: s.north, z: s.height })),
      wind: {
        uE,
        uN,
        sigmaTheta: new Float64Array(n).fill((12 * Math.PI) / 180),
        stability: new Uint8Array(n).fill(3),
      },
      outFrom: 1,
      outTo: n,
      density: ch4Density(geometry.elevationM, 15),
      perturbation: NOMINAL,
    });
    for (const rel of opts.releases) {
      for (let i = 0; i < R; i++) {
        for (let k = Math.max(1, rel.fromMin); k < Math.min(n, rel.toMin); k++) {
          ch4[i]![k] = ch4[i]![k]! + rel.rateKgH * f.h[(rel.sourceIndex * R + i) * f.T + (k - 1)]!;
        }
      }
    }
  }
  return { start: opts.start, minutes: n, ch4, dir, speed };
}

/** The MinuteWindow the service would hand runStep for a step (NaN outside the series). */
export function windowFor(series: SyntheticSeries, stepStart: number): MinuteWindow {
  const start = stepStart - CONTEXT_BEFORE_MS;
  const minutes = (CONTEXT_BEFORE_MS + CONTEXT_AFTER_MS) / MIN;
  const off = Math.round((start - series.start) / MIN);
  const R = series.ch4.length;
  const pick = (src: Float64Array) => {
    const out = new Float64Array(minutes).fill(Number.NaN);
    for (let k = 0; k < minutes; k++) if (off + k >= 0 && off + k < series.minutes) out[k] = src[off + k]!;
    return out;
  };
  return {
    start,
    minutes,
    ch4Ppm: series.ch4.map(pick),
    windDirectionDeg: Array.from({ length: R }, (_, i) =>
      i % 3 === 0 ? pick(series.dir) : new Float64Array(minutes).fill(Number.NaN),
    ),
    windSpeedMs: Array.from({ length: R }, (_, i) =>
      i % 3 === 0 ? pick(series.speed) : new Float64Array(minutes).fill(Number.NaN),
    ),
    temperatureC: Array.from({ length: R }, () => new Float64Array(minutes).fill(15)),
  };
}
