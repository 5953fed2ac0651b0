// The pipeline's pure stages replayed offline on exactly the readings the harness posted: the same runStep the
// console's compute thread runs, step by step with its carry, but without the server, so the detection tests of every
// step can be kept (StepResult.diagnostics) and read per release. The console stays the only scored source of the
// benchmark's numbers; the replay explains them (and, run alone, is a quick loop while tuning on development seeds).
import {
  STEP_MS,
  type MinuteWindow,
  type ModelCarry,
  type SiteGeometry,
  type StepDiagnostics,
} from '../../server/services/modelling/contract';
import { loadPuffKernel, setPuffKernel } from '../../server/services/modelling/puff-kernel';
import { runStep } from '../../server/services/modelling/step';
import type { Scenario } from '../truth/types';
import { MINUTE_MS, type PostedSeries } from './feed';
import type { Report } from './match';

/** The window the console's step reads: an hour before the step and its own 15 minutes (contract.ts). */
const BEFORE_MIN = 60;
const AFTER_MIN = 15;

export interface ReplayStep {
  stepStart: number;
  diagnostics: StepDiagnostics | null;
}

export interface ReplayResult {
  /** Source id (1-based index into the scenario's sources) → truth key; group per source id. */
  sourceKeys: string[];
  steps: ReplayStep[];
  reports: Report[];
  siteRates: { time: number; rate: number }[];
  cpuS: number;
}

/** Site geometry as the console builds it from the site made by setup.ts: source i has id i + 1, sensor i device i + 1. */
export function replayGeometry(scenario: Scenario): SiteGeometry {
  const groups = [...new Set(scenario.site.sources.map((s) => s.group))];
  return {
    siteId: 1,
    latitude: scenario.site.origin.latitude,
    longitude: scenario.site.origin.longitude,
    elevationM: 0,
    sources: scenario.site.sources.map((s, i) => ({
      id: i + 1,
      groupId: groups.indexOf(s.group) + 1,
      categoryId: null,
      east: s.east,
      north: s.north,
      height: s.height,
    })),
    sensors: scenario.site.sensors.map((s, i) => ({ deviceId: i + 1, east: s.east, north: s.north, height: s.height })),
  };
}

/** The step's window cut from the posted series (minute k stamped at window start + k min, as inputs.ts bins). */
export function replayWindow(posted: PostedSeries, stepStart: number): MinuteWindow {
  const start = stepStart - BEFORE_MIN * MINUTE_MS;
  const minutes = BEFORE_MIN + AFTER_MIN;
  const offset = Math.round((start - posted.start) / MINUTE_MS);
  const cut = (a: Float64Array, scale = 1) => {
    const out = new Float64Array(minutes).fill(Number.NaN);
    for (let k = 0; k < minutes; k++) {
      const m = offset + k;
      if (m >= 0 && m < posted.minutes) out[k] = a[m]! * scale;
    }
    return out;
  };
  return {
    start,
    minutes,
    ch4Ppm: posted.ch4Ppm.map((a) => cut(a)),
    windDirectionDeg: posted.windDirectionDeg.map((a) => cut(a)),
    windSpeedMs: posted.windSpeedKmh.map((a) => cut(a, 1 / 3.6)),
    temperatureC: posted.temperatureC.map((a) => cut(a)),
    pressureKPa: posted.pressureKPa.map((a) => cut(a)),
  };
}

let kernelLoaded = false;

/**
 * Replays every step from the scenario start to the last step whose readings were all posted. An emission's first
 * sight is the first `batchMin` batch whose clock reaches the newest minute its step reads.
 */
export async function replayPipeline(
  scenario: Scenario,
  posted: PostedSeries,
  batchMin: number,
): Promise<ReplayResult> {
  if (!kernelLoaded) {
    try {
      setPuffKernel(await loadPuffKernel());
    } catch {
      // Without asm/build/core.wasm the TypeScript twin runs (same results, slower).
    }
    kernelLoaded = true;
  }
  const cpu0 = process.cpuUsage();
  const geometry = replayGeometry(scenario);
  const batchMs = batchMin * MINUTE_MS;
  const steps: ReplayStep[] = [];
  const siteRates: { time: number; rate: number }[] = [];
  const rows = new Map<string, { report: Report }>();
  let carry: ModelCarry | null = null;
  for (let t = scenario.start; t + STEP_MS <= scenario.end; t += STEP_MS) {
    const r = runStep({ geometry, stepStart: t, window: replayWindow(posted, t), carry });
    carry = r.carry;
    steps.push({ stepStart: t, diagnostics: r.diagnostics ?? null });
    if (r.siteRate) siteRates.push({ time: t, rate: r.siteRate.rate });
    const newest = t + (AFTER_MIN - 1) * MINUTE_MS;
    const seenAt = scenario.start + Math.ceil((newest - scenario.start) / batchMs) * batchMs;
    for (const e of r.emissions) {
      const key = `${e.sourceId}:${e.start}`;
      const prev = rows.get(key);
      rows.set(key, {
        report: {
          id: `r${key}`,
          sourceKey: scenario.site.sources[e.sourceId - 1]?.key ?? null,
          start: e.start,
          end: e.end,
          rateKgH: e.rate,
          lowerKgH: e.lower,
          upperKgH: e.upper,
          firstSeenAt: prev?.report.firstSeenAt ?? Math.min(seenAt, scenario.end),
        },
      });
    }
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    sourceKeys: scenario.site.sources.map((s) => s.key),
    steps,
    reports: [...rows.values()].map((r) => r.report),
    siteRates,
    cpuS: (cpu.user + cpu.system) / 1e6,
  };
}
