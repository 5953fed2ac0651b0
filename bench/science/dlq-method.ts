// The DLQ reference row: the port is fed exactly the readings that were posted to the console (NaN elsewhere) and
// its emissions go through the same scorer. Its detection time is when it could first report (availableAt).
import type { Scenario } from '../truth/types';
import type { DlqInput } from './dlq/types';
import type { RunDlq } from './engines';
import type { PostedSeries } from './feed';
import type { Report } from './match';

const KMH_TO_MS = 1 / 3.6;

export function dlqInput(scenario: Scenario, posted: PostedSeries): DlqInput {
  const { site } = scenario;
  return {
    sources: site.sources.map((s) => ({ key: s.key, group: s.group, east: s.east, north: s.north, height: s.height })),
    sensors: site.sensors.map((s) => ({ key: s.key, east: s.east, north: s.north, height: s.height })),
    elevationM: site.elevationM,
    longitude: site.origin.longitude,
    start: posted.start,
    minutes: posted.minutes,
    ch4Ppm: posted.ch4Ppm,
    windDirectionDeg: posted.windDirectionDeg,
    windSpeedMs: posted.windSpeedKmh.map((a) => a.map((v) => v * KMH_TO_MS)),
  };
}

export function runDlqMethod(
  runDlq: RunDlq,
  scenario: Scenario,
  posted: PostedSeries,
): { reports: Report[]; cpuS: number } {
  const input = dlqInput(scenario, posted);
  const cpu0 = process.cpuUsage();
  const emissions = runDlq(input);
  const used = process.cpuUsage(cpu0);
  const keys = new Set(scenario.site.sources.map((s) => s.key));
  const reports = emissions.map((e, i) => ({
    id: `d${i}`,
    sourceKey: keys.has(e.sourceKey) ? e.sourceKey : null,
    start: e.start,
    end: e.end,
    rateKgH: e.rateKgH,
    lowerKgH: Number.isFinite(e.lowerKgH) ? e.lowerKgH : null,
    upperKgH: Number.isFinite(e.upperKgH) ? e.upperKgH : null,
    firstSeenAt: e.availableAt,
  }));
  return { reports, cpuS: (used.user + used.system) / 1e6 };
}
