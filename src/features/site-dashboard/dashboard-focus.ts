// The site dashboard's focused date and pinned inspections (spec 3 §2 'when a date is focused', §4 'When the date range
// changes, pinned inspections are cleared'): a click on any chart focuses its time (ChartPickTimeContext); the map
// draws wind trails for it and steps the simulated plume to it. A focused date outside a new range is dropped.
// Keyboard users get the same through the focused date's control under the map (focusKeyTime).
import { useMemo, useState } from 'react';
import { samplePeriodFor } from '@/domain/chart-data';
import type { TimeRange } from '@/domain/date-range';
import { useInspectionPins } from './inspection-pins';
import type { SiteMapFocus } from './site-map-marks';

export function useDashboardFocus(range: TimeRange): SiteMapFocus {
  const [picked, setPicked] = useState<number | null>(null);
  const pins = useInspectionPins(range);
  const time = picked !== null && picked >= range.start && picked <= range.end ? picked : null;
  return useMemo(() => ({ time, clear: () => setPicked(null), pick: setPicked, pins }), [time, pins]);
}

const MINUTE_MS = 60_000;

/** One keyboard step: the charts' resolution over the range (their Maximum mode's sample period, 1 minute to 1 day). */
export const focusStepMs = (range: TimeRange) => samplePeriodFor(range.end - range.start) * MINUTE_MS;

/** Page Up / Page Down step this many resolutions at once. */
export const FOCUS_PAGE_STEPS = 10;

/**
 * The focused time after a key on the focused date's control, like a slider over the range: Left/Down and Right/Up
 * step one resolution back and on (from nothing focused, Left starts at the range's end and Right at its start),
 * Page Down/Up ten, Home/End go to the range's ends, Escape clears (null). Undefined: the key is not the control's.
 */
export function focusKeyTime(key: string, time: number | null, range: TimeRange): number | null | undefined {
  const step = focusStepMs(range);
  const clamp = (t: number) => Math.min(range.end, Math.max(range.start, t));
  const by = (steps: number) => (time === null ? (steps < 0 ? range.end : range.start) : clamp(time + steps * step));
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return by(-1);
    case 'ArrowRight':
    case 'ArrowUp':
      return by(1);
    case 'PageDown':
      return by(-FOCUS_PAGE_STEPS);
    case 'PageUp':
      return by(FOCUS_PAGE_STEPS);
    case 'Home':
      return range.start;
    case 'End':
      return range.end;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}
