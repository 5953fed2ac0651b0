// The Camera Timeline's rows and the Camera Events dialog's steps (spec 3 §2): one row per camera with its events in
// time order, the event nearest a time, and the previous or next event of a camera. Pure functions of their data.
import type { CameraEvent, CameraInstallation } from '@/contracts/camera';

export interface CameraRow {
  cameraId: number;
  name: string;
  /** The camera's current (or last) installation: where it stands and looks. */
  installation: CameraInstallation | null;
  /** Oldest first. */
  events: CameraEvent[];
}

/** A row per camera (its stays at the site merged), by name; a camera with events but no listed stay still has one. */
export function cameraTimelineRows(
  installations: readonly CameraInstallation[],
  events: readonly CameraEvent[],
): CameraRow[] {
  const rows = new Map<number, CameraRow>();
  for (const i of installations) {
    const row = rows.get(i.deviceId);
    if (!row) rows.set(i.deviceId, { cameraId: i.deviceId, name: i.cameraName, installation: i, events: [] });
    else if (!row.installation || Date.parse(i.startTime) > Date.parse(row.installation.startTime))
      row.installation = i;
  }
  for (const e of events) {
    let row = rows.get(e.cameraId);
    if (!row)
      rows.set(
        e.cameraId,
        (row = { cameraId: e.cameraId, name: `Camera ${e.cameraId}`, installation: null, events: [] }),
      );
    row.events.push(e);
  }
  for (const row of rows.values()) row.events.sort((a, b) => Date.parse(a.time) - Date.parse(b.time) || a.id - b.id);
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name) || a.cameraId - b.cameraId);
}

/** The event nearest `time` (the earlier on a tie), or null when there is none. */
export function nearestEvent<E extends { time: string }>(events: readonly E[], time: number): E | null {
  let best: E | null = null;
  let bestGap = Infinity;
  for (const e of events) {
    const gap = Math.abs(Date.parse(e.time) - time);
    if (gap < bestGap) [best, bestGap] = [e, gap];
  }
  return best;
}

/** The event `step` places before (−1) or after (+1) the one with `id` in the row, kept within the row's ends. */
export function stepEvent(events: readonly CameraEvent[], id: number, step: -1 | 1): CameraEvent | null {
  const at = events.findIndex((e) => e.id === id);
  if (at < 0) return events[0] ?? null;
  return events[Math.min(events.length - 1, Math.max(0, at + step))]!;
}

/** Where an event's tick sits across the range, from 0 (start) to 1 (end). */
export function tickFraction(time: string, range: { start: number; end: number }): number {
  const span = range.end - range.start;
  if (span <= 0) return 0;
  return Math.min(1, Math.max(0, (Date.parse(time) - range.start) / span));
}
