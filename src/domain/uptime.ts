// Device uptime rules (spec 2 §4 'Uptime rules', §9): 6-hour device periods; a period is UP with at least one CH4
// measurement, DOWN without; full quarantine counts DOWN and wind quarantine UP; periods the device was not installed
// are not applicable. Ranges are at most 90 days.
import { z } from 'zod';
import type { UP_STATUSES } from './enums';

export type UpStatus = (typeof UP_STATUSES)[number];
export const DEVICE_PERIOD_MS = 6 * 3_600_000;
export const MAX_UPTIME_DAYS = 90;
export const UPTIME_PAGE = 100;
export const UPTIME_ROW_HEIGHT = 30;
export const UPTIME_CHART_HEIGHT = 100;
export const UPTIME_RANGE_MESSAGE = `Maximum time range is ${MAX_UPTIME_DAYS} day(s), please select a shorter time range`;

export interface InstallationSpan {
  start: number;
  /** Null while installed. */
  end: number | null;
  /** DeviceInstallationType: Active 0, Quarantine 1, QuarantineWind 2. */
  type: number;
  /** When the current quarantine began (the type applies from then on). */
  quarantinedAt: number | null;
}

/** The periods of a range, aligned to UTC multiples of the period, that have begun by `now`. */
export function periodsOf(from: number, to: number, now: number, period = DEVICE_PERIOD_MS): number[] {
  const out: number[] = [];
  for (let t = Math.floor(from / period) * period; t < to && t < now; t += period) out.push(t);
  return out;
}

/** One device's status in the period starting at `start`. */
export function upStatus(
  start: number,
  installations: readonly InstallationSpan[],
  hasCH4: boolean,
  period = DEVICE_PERIOD_MS,
): UpStatus {
  const end = start + period;
  const spans = installations.filter((i) => i.start < end && (i.end === null || i.end > start));
  if (spans.length === 0) return 'Not applicable';
  // The quarantine state that held longest in the period decides.
  const quarantined = (i: InstallationSpan) => i.type !== 0 && i.quarantinedAt !== null && i.quarantinedAt < end;
  if (spans.some((i) => quarantined(i) && i.type === 2)) return 'Up';
  if (spans.every((i) => quarantined(i) && i.type === 1)) return 'Down';
  return hasCH4 ? 'Up' : 'Down';
}

export interface UptimeSummary {
  uptimePercentage: number | null;
  upCount: number;
  downCount: number;
}

export function summarize(statuses: Iterable<UpStatus>): UptimeSummary {
  let up = 0;
  let down = 0;
  for (const s of statuses) {
    if (s === 'Up') up++;
    else if (s === 'Down') down++;
  }
  return {
    upCount: up,
    downCount: down,
    uptimePercentage: up + down === 0 ? null : Math.round((up / (up + down)) * 10000) / 100,
  };
}

export const uptimeSummarySchema = z.object({
  uptimePercentage: z.number().nullable(),
  upCount: z.number().int(),
  downCount: z.number().int(),
});
