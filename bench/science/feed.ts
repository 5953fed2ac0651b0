// What the devices report, posted through POST /api/data/ingest/ in time order: each batch carries every reading
// that has arrived by the simulated clock; readings that arrive later (comms gaps) wait for their batch.
import type { ReadingsChunk } from '../truth/types';

export const MINUTE_MS = 60_000;
export const TYPE_CH4 = 1;
export const TYPE_TEMPERATURE = 9;
export const TYPE_PRESSURE = 10;
export const TYPE_WIND_DIRECTION = 15;
export const TYPE_WIND_SPEED = 16;
export const MAX_SAMPLES_PER_CALL = 50_000;

export interface Sample {
  deviceId: number;
  measurementTypeId: number;
  time: string;
  value: number;
}

/** Readings exactly as posted (NaN where nothing was posted): what the DLQ port is fed. Wind speed in km/h here. */
export interface PostedSeries {
  /** End of the first minute (ms). */
  start: number;
  minutes: number;
  ch4Ppm: Float64Array[];
  windDirectionDeg: Float64Array[];
  windSpeedKmh: Float64Array[];
  /** Temperature (°C) and station pressure (kPa) as posted: the offline replay of the pipeline reads them. */
  temperatureC: Float64Array[];
  pressureKPa: Float64Array[];
}

const nanArrays = (sensors: number, minutes: number) =>
  Array.from({ length: sensors }, () => new Float64Array(minutes).fill(Number.NaN));

export class Feeder {
  readonly posted: PostedSeries;
  private readonly received: {
    ch4: Float64Array[];
    wd: Float64Array[];
    ws: Float64Array[];
    temp: Float64Array[];
    press: Float64Array[];
  };
  /** Readings received from the world but not yet arrived at the console: [arrival, sensor, minute index]. */
  private pending: [number, number, number][] = [];
  postedSamples = 0;
  heldLate = 0;
  /** Newest minute (end time, ms) with a posted CH4 reading; the pipeline cannot process past what it has. */
  newestCh4 = Number.NEGATIVE_INFINITY;

  constructor(
    scenarioStart: number,
    minutes: number,
    private readonly deviceIds: readonly number[],
  ) {
    const n = deviceIds.length;
    this.posted = {
      start: scenarioStart + MINUTE_MS,
      minutes,
      ch4Ppm: nanArrays(n, minutes),
      windDirectionDeg: nanArrays(n, minutes),
      windSpeedKmh: nanArrays(n, minutes),
      temperatureC: nanArrays(n, minutes),
      pressureKPa: nanArrays(n, minutes),
    };
    this.received = {
      ch4: nanArrays(n, minutes),
      wd: nanArrays(n, minutes),
      ws: nanArrays(n, minutes),
      temp: nanArrays(n, minutes),
      press: nanArrays(n, minutes),
    };
  }

  /** Takes a chunk from the world; answers the samples that have arrived by `now`, oldest first. */
  take(chunk: ReadingsChunk, now: number): Sample[] {
    const arrived: [number, number][] = [];
    for (let s = 0; s < this.deviceIds.length; s++) {
      for (let k = 0; k < chunk.times.length; k++) {
        const m = Math.round((chunk.times[k]! - this.posted.start) / MINUTE_MS);
        if (m < 0 || m >= this.posted.minutes) continue;
        this.received.ch4[s]![m] = chunk.ch4Ppm[s]![k]!;
        this.received.wd[s]![m] = chunk.windDirectionDeg[s]![k]!;
        this.received.ws[s]![m] = chunk.windSpeedKmh[s]![k]!;
        this.received.temp[s]![m] = chunk.temperatureC[s]![k]!;
        this.received.press[s]![m] = chunk.pressureKPa?.[s]?.[k] ?? NaN;
        const arrival = chunk.arrival[s]![k]!;
        if (arrival <= now) arrived.push([s, m]);
        else this.pending.push([arrival, s, m]);
      }
    }
    const stillPending: [number, number, number][] = [];
    for (const p of this.pending) {
      if (p[0] <= now) arrived.push([p[1], p[2]]);
      else stillPending.push(p);
    }
    this.pending = stillPending;
    this.heldLate = Math.max(this.heldLate, stillPending.length);
    arrived.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const samples: Sample[] = [];
    for (const [s, m] of arrived) {
      const time = new Date(this.posted.start + m * MINUTE_MS).toISOString();
      const deviceId = this.deviceIds[s]!;
      const add = (type: number, v: number) => {
        if (Number.isFinite(v)) samples.push({ deviceId, measurementTypeId: type, time, value: v });
      };
      const ch4 = this.received.ch4[s]![m]!;
      const wd = this.received.wd[s]![m]!;
      const ws = this.received.ws[s]![m]!;
      add(TYPE_CH4, ch4);
      add(TYPE_WIND_DIRECTION, wd);
      add(TYPE_WIND_SPEED, ws);
      add(TYPE_TEMPERATURE, this.received.temp[s]![m]!);
      add(TYPE_PRESSURE, this.received.press[s]![m]!);
      if (Number.isFinite(ch4)) {
        this.posted.ch4Ppm[s]![m] = ch4;
        this.newestCh4 = Math.max(this.newestCh4, this.posted.start + m * MINUTE_MS);
      }
      if (Number.isFinite(wd)) this.posted.windDirectionDeg[s]![m] = wd;
      if (Number.isFinite(ws)) this.posted.windSpeedKmh[s]![m] = ws;
      this.posted.temperatureC[s]![m] = this.received.temp[s]![m]!;
      this.posted.pressureKPa[s]![m] = this.received.press[s]![m]!;
    }
    this.postedSamples += samples.length;
    return samples;
  }
}

/** Splits samples into ingest calls of at most MAX_SAMPLES_PER_CALL, keeping time order. */
export function batches<T>(items: readonly T[], size = MAX_SAMPLES_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
