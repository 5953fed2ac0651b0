/**
 * Plain data contract of the DLQ reference inversion (TypeScript port of
 * Daniels, Jia & Hammerling 2024, github wsdaniels/DLQ, MIT). Deliberately free
 * of imports so the benchmark harness can feed it without coupling to the
 * pipeline's or the truth's types.
 */

/** A candidate emission source. Coordinates in metres on a local east/north plane. */
export interface DlqSource {
  key: string;
  group: string;
  east: number;
  north: number;
  height: number;
}

/** A CH4 sensor (optionally with an anemometer). Metres, same plane as the sources. */
export interface DlqSensor {
  key: string;
  east: number;
  north: number;
  height: number;
}

export interface DlqInput {
  sources: DlqSource[];
  sensors: DlqSensor[];
  /** Site elevation (m): gives CH4 density instead of DLQ's hard-coded 1.524 m³/kg. */
  elevationM: number;
  /** Site longitude (deg): gives solar day/night for the stability class. */
  longitude: number;
  /** UTC ms of the END of the first minute; the series advance in 1-minute steps. */
  start: number;
  minutes: number;
  /** [sensor][minute] CH4 in ppm, NaN = missing. */
  ch4Ppm: Float64Array[];
  /** [sensor][minute] degrees the wind blows FROM; NaN where no anemometer or missing. */
  windDirectionDeg: Float64Array[];
  /** [sensor][minute] m/s; NaN likewise. */
  windSpeedMs: Float64Array[];
}

export interface DlqEmission {
  sourceKey: string;
  /** UTC ms of the event's first and last minute (minute ENDS, as DLQ stamps them). */
  start: number;
  end: number;
  /**
   * DLQ's point estimate as DLQ reports it: the MEAN of the half-sample bootstrap
   * estimates (kg/h CH4). NaN when DLQ cannot quantify the event (at most 4 minutes where
   * both the observations and the localized source's simulation are in a spike, or every
   * resample without an optimum); such an event is still detected and localized.
   */
  rateKgH: number;
  /** Bootstrap P5 / P95 (kg/h), NaN when rateKgH is. */
  lowerKgH: number;
  upperKgH: number;
  /** When DLQ could first report it: the event's end. */
  availableAt: number;
}

/**
 * Tuning knobs; every default is DLQ's (code/ and input_data/*config.txt of
 * wsdaniels/DLQ) except where README.md lists a deviation.
 */
export interface DlqOptions {
  /** Seconds between simulated puffs and evaluations (DLQ dt = 1; 2 here for speed). */
  dtS: number;
  /** Puff lifetime in minutes (DLQ cutoff.t = 20). */
  cutoffMin: number;
  /** A puff farther than this from every sensor is skipped (DLQ ignore.dist = 80 m). */
  ignoreDistM: number;
  /** Per-sensor spikes closer than this are merged, and site-mask gaps of at most this are filled (DLQ gap.time = 30 min). */
  gapTimeMin: number;
  /** Site events shorter than this many minutes are dropped (DLQ length.threshold = 15). */
  lengthThresholdMin: number;
  /** Longest wind gap filled linearly (DLQ na.approx maxgap = 5 minutes). */
  windMaxGapMin: number;
  /** find.spikes: rise per step that opens a spike (ppm). */
  goingUpPpm: number;
  /** find.spikes: the spike ends when back below this percent of its background-corrected maximum. */
  returnPct: number;
  /** find.spikes amplitude threshold for background removal (DLQ MAIN_2 uses 0.75 ppm). */
  ampBackgroundPpm: number;
  /** find.spikes amplitude threshold for the rate step (DLQ MAIN_2 uses the default 1 ppm). */
  ampRatePpm: number;
  /** find.spikes: a run of cont.diff.num steps all below this change ends a stuck spike (ppm). */
  contDiffPpm: number;
  contDiffNum: number;
  /** Unit rate of the per-source simulation in g/s (DLQ emission.rate = 0.001 kg/s). */
  unitRateGs: number;
  /** Log-spaced rate grid in g/s (DLQ: 1e-4 to 3000, 2000 points). */
  qGridMinGs: number;
  qGridMaxGs: number;
  qGridN: number;
  /** Half-sample bootstrap resamples (DLQ n.samples = 1000). */
  bootstrapN: number;
  /** Seed of the bootstrap PRNG (reproducible intervals). */
  seed: number;
  /** Air temperature for the CH4 density (K); DLQ's constant corresponds to about 298 K at sea level. */
  temperatureK: number;
  /** Daytime for the stability class: local mean solar hours dayStartHour..dayEndHour inclusive (DLQ: 7..18 clock hours). */
  dayStartHour: number;
  dayEndHour: number;
  /**
   * DLQ's 2025 "information" screen (a source counts only if its unit-rate simulation
   * exceeds 0.25 ppm for more than 4 minutes of the event). Off by default: the paper has none.
   */
  infoMask: boolean;
  /**
   * 'fast': simulate only the events (plus the puff lifetime before them) with analytic
   * puff-sensor windows; 'reference': DLQ's loop over every step of the whole period (slow, tests only).
   */
  simulator: 'fast' | 'reference';
}
