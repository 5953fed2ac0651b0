// The contract between the modelling pipeline's pure stages (qc/wind, background, spikes, footprints, inversion,
// emission bookkeeping — `step.ts` and the modules it calls) and the service that feeds them from the database and
// writes their results (scheduler, leases, writers). Positions are metres east and north of the site's reference
// point; times are UTC milliseconds; rates are kg/h of CH4.

export const STEP_MS = 15 * 60_000;
/** History before a step that the stages need (background, puff age). */
export const CONTEXT_BEFORE_MS = 60 * 60_000;
/**
 * Look-ahead after a step's start that the stages need: the step ends at +15 min and its 30-minute inversion window
 * is (t − 15, t + 15], so a step is modelled as soon as its own readings have arrived (a 30-minute look-ahead held
 * every report back a step: median time to detection 115 min on dev seed 101).
 */
export const CONTEXT_AFTER_MS = 15 * 60_000;

export interface ModelSource {
  id: number;
  /** Equipment group (source_groups.id); sources without a group are their own group. */
  groupId: number | null;
  /** source_categories.id, used for default heights when a height is unset. */
  categoryId: number | null;
  east: number;
  north: number;
  /** Metres above ground. */
  height: number;
}

export interface ModelSensor {
  deviceId: number;
  east: number;
  north: number;
  /** Metres above ground (2.4 m when the installation does not say). */
  height: number;
}

export interface SiteGeometry {
  siteId: number;
  latitude: number;
  longitude: number;
  elevationM: number;
  sources: ModelSource[];
  sensors: ModelSensor[];
}

/**
 * One-minute readings per sensor, minute k stamped at `start + k·60 s` (the minute's end). Arrays are indexed
 * [sensor][minute] in `SiteGeometry.sensors` order; NaN where nothing was reported. Wind speed in m/s, direction
 * in degrees the wind blows from (meteorological), temperature in °C (NaN when unknown).
 */
export interface MinuteWindow {
  start: number;
  minutes: number;
  ch4Ppm: Float64Array[];
  windDirectionDeg: Float64Array[];
  windSpeedMs: Float64Array[];
  temperatureC: Float64Array[];
  /** Station pressure in kPa (the devices' CH4 Pressure channel); NaN when unknown. Air density uses it when present. */
  pressureKPa?: Float64Array[];
}

/** State carried from one step to the next (JSON-serializable: the service stores it per site). */
export interface ModelCarry {
  version: number;
  /** Opaque to the service; owned by the stages. */
  data: Record<string, unknown>;
}

export interface StepInput {
  geometry: SiteGeometry;
  /** Start of the 15-minute step (multiple of STEP_MS). */
  stepStart: number;
  /** Covers [stepStart − CONTEXT_BEFORE_MS, stepStart + CONTEXT_AFTER_MS). */
  window: MinuteWindow;
  carry: ModelCarry | null;
  /** Benchmarks only: return the step's footprints in `diagnostics.footprint` (bench/science/bias.ts). */
  keepFootprint?: boolean;
}

export interface RateWithBounds {
  rate: number;
  lower: number;
  upper: number;
}

export interface SourceStepRate extends RateWithBounds {
  sourceId: number;
  /** False when no sensor could have seen this source in the step: the rate is carried, the upper bound is what could have been missed. */
  observable: boolean;
  /** The source is judged emitting in this step. */
  on: boolean;
  /** The source's own localization probability in the step (BIC weight of the subsets holding it); null when unobservable. */
  probability: number | null;
}

/** An emission row to insert or update, keyed by (siteId, sourceId, start). `end` null while still open. */
export interface EmissionUpsert extends RateWithBounds {
  sourceId: number;
  start: number;
  end: number | null;
  /** kg. */
  totalVolume: number;
  /** Probability that `sourceId` is the emitting source (localization). */
  probability: number;
}

export interface StepResult {
  stepStart: number;
  /** Null when the step carried too little information to write a site rate (it is then not written). */
  siteRate: RateWithBounds | null;
  sources: SourceStepRate[];
  emissions: EmissionUpsert[];
  carry: ModelCarry;
  /** Why parts of the step were not usable (for logs and the site's blocked reason); empty when all was well. */
  notes: string[];
  /** The detection tests' inputs, for the benchmark's per-release verdicts (absent when the step stopped early). */
  diagnostics?: StepDiagnostics;
}

/** What the detection rule saw in one step: why a source group was, or was not, judged on. */
export interface StepDiagnostics {
  /** Minutes of the site spike mask in the inversion window. */
  spikeMinutes: number;
  /** Share of the signal's variance the nominal member's selection explains. */
  explained: number;
  /** The site's learnt wind-direction offset after the step (degrees; direction-offset.ts). */
  directionOffsetDeg?: number;
  /** Sources no sensor could see in the step (no sensor downwind, or too little wind). */
  unobservable: number[];
  /** Per observable equipment group: the group's detection probability, localization probability and rate. */
  groups: {
    sourceIds: number[];
    pOn: number;
    probability: number;
    rate: number;
    on: boolean;
    /** The nominal member's fit of the group on every minute (no resampling): how far the draws' median moved it. */
    nominalRate?: number;
    /** Σ(enhancement − intercept) / Σ footprint over the rows: a rate free of the plume's alignment (one group on). */
    massRate?: number;
  }[];
  /**
   * With StepInput.keepFootprint: the nominal member's footprint and the members' mean (ppm per kg/h, index
   * (s·R + r)·T + t, s over `sourceIds`), the window's minutes [outFrom, outTo) and σθ (degrees) per minute.
   */
  footprint?: {
    sourceIds: number[];
    R: number;
    T: number;
    outFrom: number;
    nominal: Float64Array;
    mean: Float64Array;
    sigmaThetaDeg: Float64Array;
  };
}
