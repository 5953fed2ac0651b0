// Measurement layer (modelling.md §2.3): turns the truth (1-min mean enhancement and wind at each device) into
// what the devices report: background, offset, drift, temperature artefact, gain, saturation, grade noise,
// spurious spikes, anemometer bias/noise/stall, dropouts, outages and whole-site comms gaps (late delivery).
import type { SensorGrade, TruthSensor } from './types';
import { Rng } from './rng';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const GRADE_NOISE_PPM: Record<SensorGrade, number> = { low: 0.15, mid: 0.05, high: 0.02 };
export const SATURATION_PPM = 1000;
/** Vane and cups stall below this speed (m/s): no direction, zero speed. */
export const STALL_SPEED = 0.3;

export interface FaultOptions {
  /** Share of sensor-minutes randomly lost (default 0.03). */
  dropoutProbability?: number;
  /** Mean 2–12 h outages per sensor per 30 days (default 1). */
  outagesPerSensorMonth?: number;
  /** Probability that a day has a whole-site comms gap (default 0.01). */
  commsGapDayProbability?: number;
}

export interface Span {
  start: number;
  end: number;
}

interface SensorState {
  offset: number;
  drift: number;
  tempCoef: number;
  gain: number;
  noise: number;
  spikeLeft: number;
  spikePpm: number;
  dirBiasDeg: number;
  speedFactor: number;
  tempBias: number;
  outages: Span[];
}

export interface MinuteTruth {
  /** Lagged 1-min mean enhancement at each device (ppm). */
  enhancementPpm: Float64Array;
  /** True 1-min mean wind at each device (m/s, east and north components of the velocity). */
  windEast: Float64Array;
  windNorth: Float64Array;
  temperatureC: number;
  /** Whether the hour is stable (E/F): the night-time background builds up. */
  stable: boolean;
}

export interface ChunkArrays {
  ch4Ppm: Float64Array[];
  windDirectionDeg: Float64Array[];
  windSpeedKmh: Float64Array[];
  temperatureC: Float64Array[];
  arrival: Float64Array[];
}

export class MeasurementLayer {
  private readonly sensors: SensorState[];
  private readonly rng: Rng;
  private readonly dropout: number;
  readonly commsGaps: Span[];
  private synoptic: number;
  private nocturnal = 0;
  private readonly base: number;
  private readonly nightAmplitude: number;

  constructor(
    private readonly devices: TruthSensor[],
    seed: number,
    faultSeed: number,
    start: number,
    end: number,
    faults: FaultOptions = {},
    /** Temperature at which the devices were calibrated (°C): the temperature artefact is relative to it. */
    private readonly calibrationTempC = 20,
  ) {
    this.rng = new Rng(seed);
    const r = this.rng;
    this.dropout = faults.dropoutProbability ?? 0.03;
    this.base = r.range(1.9, 2.1);
    this.nightAmplitude = r.range(0.1, 0.4);
    this.synoptic = 0;
    // Fault schedules come from their own stream, fixed up front, so that arrival times are known in advance.
    const fr = new Rng(faultSeed);
    const days = (end - start) / DAY;
    const outageRate = faults.outagesPerSensorMonth ?? 1;
    this.sensors = devices.map((d) => {
      const outages: Span[] = [];
      const n = fr.poisson((outageRate * days) / 30);
      for (let i = 0; i < n; i++) {
        const s = start + Math.floor(fr.uniform() * days * 1440) * MINUTE;
        outages.push({ start: s, end: s + Math.round(fr.range(2, 12) * 60) * MINUTE });
      }
      return {
        offset: r.normal() * 0.1,
        drift: 0,
        tempCoef: r.range(-0.05, 0.05),
        gain: 1 + r.normal() * 0.05,
        noise: GRADE_NOISE_PPM[d.grade],
        spikeLeft: 0,
        spikePpm: 0,
        dirBiasDeg: r.normal() * 5,
        speedFactor: 1 + r.normal() * 0.05,
        tempBias: r.normal() * 0.3,
        outages,
      };
    });
    this.commsGaps = [];
    const gapP = faults.commsGapDayProbability ?? 0.01;
    for (let d = 0; d < days; d++) {
      const hit = fr.chance(gapP);
      const s = start + d * DAY + Math.floor(fr.uniform() * 1440) * MINUTE;
      const dur = Math.round(fr.range(0.5, 6) * 60) * MINUTE;
      if (hit) this.commsGaps.push({ start: s, end: s + dur });
    }
  }

  /** Writes minute k (reading time t = minute end) of every device into the chunk. */
  minute(k: number, t: number, truth: MinuteTruth, out: ChunkArrays): void {
    const r = this.rng;
    // Background: synoptic walk (0.05 ppm/√day) plus a night-time build-up under stable air (τ ≈ 3 h up, 45 min down).
    this.synoptic += r.normal() * 0.05 * Math.sqrt(1 / 1440);
    this.synoptic *= 1 - 1 / (30 * 1440); // weak pull so that month-long runs stay within ~1.8–2.3 ppm
    if (truth.stable) this.nocturnal += (this.nightAmplitude - this.nocturnal) * (1 - Math.exp(-1 / 180));
    else this.nocturnal *= Math.exp(-1 / 45);
    const background = this.base + this.synoptic + this.nocturnal;
    const gap = this.commsGaps.find((g) => t >= g.start && t < g.end);

    for (let s = 0; s < this.devices.length; s++) {
      const st = this.sensors[s]!;
      const dev = this.devices[s]!;
      st.drift += r.normal() * 0.1 * Math.sqrt(1 / 1440);
      const noise = r.normal() * st.noise;
      if (st.spikeLeft > 0) st.spikeLeft--;
      else if (r.chance(1 / 1440)) {
        st.spikeLeft = 1 + r.int(5);
        st.spikePpm = r.logUniform(0.3, 30);
      }
      const spike = st.spikeLeft > 0 ? st.spikePpm : 0;
      const lost = r.chance(this.dropout);
      const dirNoise = r.normal() * 5;
      const tempNoise = r.normal() * 0.1;
      const latency = r.range(3, 45) * 1000;

      let ch4 =
        background +
        st.offset +
        st.drift +
        st.tempCoef * (truth.temperatureC - this.calibrationTempC) +
        st.gain * truth.enhancementPpm[s]! +
        spike +
        noise;
      ch4 = Math.min(SATURATION_PPM, Math.max(0, ch4));

      let dir = NaN;
      let speedKmh = NaN;
      if (dev.hasAnemometer) {
        const ve = truth.windEast[s]!;
        const vn = truth.windNorth[s]!;
        const sp = Math.hypot(ve, vn) * st.speedFactor;
        if (sp < STALL_SPEED) speedKmh = 0;
        else {
          speedKmh = sp * 3.6;
          // Direction FROM: the opposite of the velocity vector.
          const from = (Math.atan2(-ve, -vn) * 180) / Math.PI + st.dirBiasDeg + dirNoise;
          dir = ((from % 360) + 360) % 360;
        }
      }
      const down = lost || st.outages.some((o) => t > o.start && t <= o.end);
      out.ch4Ppm[s]![k] = down ? NaN : ch4;
      out.windDirectionDeg[s]![k] = down ? NaN : dir;
      out.windSpeedKmh[s]![k] = down ? NaN : speedKmh;
      out.temperatureC[s]![k] = down ? NaN : truth.temperatureC + st.tempBias + tempNoise;
      out.arrival[s]![k] = down ? NaN : (gap ? gap.end : t) + latency;
    }
  }
}
