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
  /** UTC ms of the event's start and end (minute ends, as in the input). */
  start: number;
  end: number;
  /** DLQ's point estimate (kg/h CH4). */
  rateKgH: number;
  /** Bootstrap P5 / P95 (kg/h). */
  lowerKgH: number;
  upperKgH: number;
  /** When DLQ could first report it: the event's end. */
  availableAt: number;
}

/** Tuning knobs; defaults follow DLQ unless the README says otherwise. */
export interface DlqOptions {
  /** Seconds between simulated puffs (DLQ: 1; default 2 here for speed). */
  puffDtS: number;
  /** Puffs older than this are dropped (DLQ puff.duration; seconds). */
  puffDurationS: number;
  /** Puffs farther than this from every sensor are skipped (DLQ ignore.dist, m). */
  ignoreDistM: number;
  /** Rolling-max half window used by spike detection (points), DLQ amp/back settings — see README. */
  /** Spike events closer than this are merged (minutes). DLQ gap.time = 30. */
  gapTimeMin: number;
  /** Events shorter than this are dropped (minutes). DLQ length.threshold = 15. */
  lengthThresholdMin: number;
  /** Maximum linear gap fill of wind and CH4 (minutes). DLQ na.approx maxgap = 5. */
  maxGapMin: number;
  /** Number of bootstrap resamples. */
  bootstrapN: number;
  /** Seed of the bootstrap PRNG (reproducible intervals). */
  seed: number;
  /** Rate grid (kg/h) searched for the RMSE minimum; defaults to DLQ's grid. */
  rateGridKgH: number[] | null;
  /** Simulate only inside events plus the puff cutoff (speed-up); false = whole period. */
  eventsOnly: boolean;
}
