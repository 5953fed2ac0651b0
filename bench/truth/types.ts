// The contract between the truth simulator (bench/truth), the benchmark harness (bench/science) and its scorer.
// Positions are metres east and north of the site's origin; times are UTC milliseconds; a minute's reading is
// stamped at the end of its minute (the DLQ convention), so the minute [t − 60 s, t) is reported at t.

export const LAYOUTS = ['metec', 'operator', 'sparse', 'dense'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** Names as in the console's source_categories table. */
export type SourceCategory = 'Wellhead' | 'Tank' | 'Separator' | 'Compressor';

export interface TruthSource {
  /** Stable key within the scenario, e.g. 'S3'. */
  key: string;
  name: string;
  /** Equipment group name, e.g. '4T'. */
  group: string;
  category: SourceCategory;
  east: number;
  north: number;
  /** Metres above ground. */
  height: number;
}

/** Noise σ by grade: low 0.15 ppm, mid 0.05 ppm, high 0.02 ppm. */
export type SensorGrade = 'low' | 'mid' | 'high';

export interface TruthSensor {
  key: string;
  /** A Qube device name the console accepts (A-XXXX). */
  name: string;
  east: number;
  north: number;
  height: number;
  grade: SensorGrade;
  /** Whether this device carries an anemometer (reports wind direction and speed). */
  hasAnemometer: boolean;
}

export interface TruthObstacle {
  east: number;
  north: number;
  height: number;
  radius: number;
}

export interface SiteLayout {
  layout: LayoutName;
  origin: { latitude: number; longitude: number };
  elevationM: number;
  sources: TruthSource[];
  sensors: TruthSensor[];
  obstacles: TruthObstacle[];
}

/** A controlled release: one source at a constant true rate over [start, end). */
export interface Release {
  id: string;
  sourceKey: string;
  start: number;
  end: number;
  rateKgH: number;
  /** Actual release point (the registered source ± 2 m of jitter); the source's position when absent. */
  east?: number;
  north?: number;
  /** Metres above ground; the source's height when absent. */
  height?: number;
}

/** A neighbour's plume from off the site (false-positive bait): the right answer is no on-site emission. */
export interface OffsiteEpisode {
  start: number;
  end: number;
  rateKgH: number;
  east: number;
  north: number;
}

export interface ScenarioTruth {
  releases: Release[];
  offsite: OffsiteEpisode[];
}

export interface Scenario {
  layout: LayoutName;
  seed: number;
  /** Index of the site within the run (several sites per layout share a seed family). */
  siteIndex: number;
  site: SiteLayout;
  /** Inclusive start and exclusive end of the simulated period (UTC midnight aligned). */
  start: number;
  end: number;
  truth: ScenarioTruth;
}

/**
 * What the devices report for a span of whole minutes [start, end): one entry per minute, `times[k]` = minute end.
 * Arrays indexed [sensor][minute] follow `site.sensors` order. NaN: nothing reported for that minute (dropout,
 * outage, no anemometer, stalled vane). `arrival[s][k]` is the simulated time at which the reading reaches the
 * console (≥ times[k]; later during comms gaps, when the device's buffer is flushed).
 */
export interface ReadingsChunk {
  start: number;
  end: number;
  times: Float64Array;
  ch4Ppm: Float64Array[];
  windDirectionDeg: Float64Array[];
  windSpeedKmh: Float64Array[];
  temperatureC: Float64Array[];
  /** Station pressure at each device (kPa, as the devices' CH4 Pressure channel reports it); NaN when not reported. */
  pressureKPa?: Float64Array[];
  arrival: Float64Array[];
}

export interface TruthWorld {
  readonly scenario: Scenario;
  /** Simulates forward to `to` (a whole minute after the previous call's end) and returns the readings of that span. */
  advance(to: number): ReadingsChunk;
}
