// The site dashboard's focused date and pinned inspections (spec 3 §2 'when a date is focused', §4 'When the date range
// changes, pinned inspections are cleared'): a click on any chart focuses its time (ChartPickTimeContext); the map
// draws wind trails for it and steps the simulated plume to it. A focused date outside a new range is dropped.
import { useMemo, useState } from 'react';
import type { TimeRange } from '@/domain/date-range';
import { useInspectionPins } from './inspection-pins';
import type { SiteMapFocus } from './site-map-marks';

export function useDashboardFocus(range: TimeRange): SiteMapFocus & { pick: (time: number) => void } {
  const [picked, setPicked] = useState<number | null>(null);
  const pins = useInspectionPins(range);
  const time = picked !== null && picked >= range.start && picked <= range.end ? picked : null;
  return useMemo(() => ({ time, clear: () => setPicked(null), pick: setPicked, pins }), [time, pins]);
}
