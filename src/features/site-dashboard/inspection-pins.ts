// Pinned inspections (spec 3 §4 'When the date range changes, pinned inspections are cleared'): held by the dashboard
// so the inspections timeline pins and lists them and the map draws them. Pins belong to the range they were made in.
import { useCallback, useState } from 'react';
import type { TimeRange } from '@/domain/date-range';
import { togglePin } from '@/domain/emission-classification';

export interface InspectionPins {
  pins: readonly number[];
  toggle: (id: number) => void;
}

export function useInspectionPins(range: TimeRange): InspectionPins {
  const [pinned, setPinned] = useState<{ range: TimeRange; ids: number[] }>({ range, ids: [] });
  const pins = pinned.range.start === range.start && pinned.range.end === range.end ? pinned.ids : [];
  const toggle = useCallback(
    (id: number) => setPinned({ range, ids: togglePin(pins, id) }),
    // pins follows pinned and range.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pinned, range.start, range.end],
  );
  return { pins, toggle };
}
