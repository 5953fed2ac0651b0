// Simulated plumes (spec 3 §4 'Plume', §8, §9; modelling.md §1.8): the plume states and their labels, and the frame
// encoding the server writes and the map reads. A frame cell holds round(min(ppm, 500) / 0.1) as a 16-bit value
// (the spec's 'encoded maximum 500 with a scale ratio of 0.1'); the colour scale is applied in the browser.
import { defineEnum } from './enum';

export const PlumeStatus = defineEnum('PlumeStatus', {
  Saved: [0, 'Plume Generated'],
  InProgress: [1, 'Generating Plume...'],
  Failed: [2, 'Error Generating Plume'],
});

export const PLUME_TEXT = {
  generate: 'Generate Plume',
  failedTooltip: 'There was an error generating the plume. Click to try again.',
  requested: 'Plume animation requested',
  alertFailed: 'Simulated Plume generation failed',
  alertInProgress: 'Simulated Plume generation in progress',
  alertAvailable: 'Simulated Plume available',
  empty: 'There are no plumes for the selected time range.',
} as const;

/** The button's label for an emission's plume status (null: no plume yet); an unknown status throws (spec 3 §8). */
export function plumeButtonLabel(status: number | null): string {
  return status === null ? PLUME_TEXT.generate : PlumeStatus.label(status);
}

/** Generate is offered with no plume yet or after a failure (a retry); never while processing or loading. */
export function canGeneratePlume(status: number | null, processing: boolean): boolean {
  if (processing) return false;
  return status === null || PlumeStatus.key(status) === 'Failed';
}

/** The alert for the plumes of a range: a failure first, then work in progress, then what is there to see. */
export function plumeAlert(
  statuses: readonly (number | null)[],
): { tone: 'error' | 'info' | 'success'; text: string } | null {
  const keys = statuses.filter((s): s is number => s !== null).map((s) => PlumeStatus.key(s));
  if (keys.includes('Failed')) return { tone: 'error', text: PLUME_TEXT.alertFailed };
  if (keys.includes('InProgress')) return { tone: 'info', text: PLUME_TEXT.alertInProgress };
  if (keys.includes('Saved')) return { tone: 'success', text: PLUME_TEXT.alertAvailable };
  return null;
}

/** Spec 3 §9: the colour scale tops out at 500 ppm; frames encode ppm / 0.1 up to 500 ppm. */
export const PLUME_MAX_PPM = 500;
export const PLUME_SCALE_RATIO = 0.1;
export const PLUME_ENCODED_MAX = Math.round(PLUME_MAX_PPM / PLUME_SCALE_RATIO);
/** Legend ticks (ppm), bottom to top; the top one reads '>' 500. */
export const PLUME_LEGEND_TICKS = [1, 5, 25, 100, 500] as const;
/** Frames are asked for at most this often (spec 3 §7 'Behaviour notes'). */
export const PLUME_FRAME_THROTTLE_MS = 5000;
/** Cells per side of a frame (modelling.md §1.8: 128 × 128 at 2 m over the site plus a 150 m margin). */
export const PLUME_GRID_CELLS = 128;
export const PLUME_MARGIN_M = 150;
/** A plume covers [start − 10 min, end], at most 6 hours: at most 360 one-minute frames. */
export const PLUME_LEAD_MS = 10 * 60_000;
export const PLUME_MAX_SPAN_MS = 6 * 3_600_000;
export const PLUME_FRAME_MS = 60_000;

export function encodePlumePpm(ppm: number): number {
  if (!(ppm > 0)) return 0;
  return Math.round(Math.min(ppm, PLUME_MAX_PPM) / PLUME_SCALE_RATIO);
}

export function decodePlumeValue(value: number): number {
  return value * PLUME_SCALE_RATIO;
}

/** The legend's tick labels, bottom to top: the top tick reads '>500'. */
export function plumeLegendLabels(): string[] {
  return PLUME_LEGEND_TICKS.map((t, i) => (i === PLUME_LEGEND_TICKS.length - 1 ? `>${t}` : String(t)));
}

/** Position (0 bottom … 1 top) of a concentration on the log colour scale from the lowest tick to the maximum. */
export function plumeScalePosition(ppm: number): number {
  const lo = PLUME_LEGEND_TICKS[0];
  if (!(ppm > lo)) return 0;
  return Math.min(1, Math.log(ppm / lo) / Math.log(PLUME_MAX_PPM / lo));
}
