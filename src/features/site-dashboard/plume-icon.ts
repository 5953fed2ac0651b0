// The emissions list's plume column as an icon button (spec 3 §2 'Emissions list table', §8): the side column is
// 380 px, and a worded button there pushed the list wider than its column. The words stay as the button's accessible
// name and tooltip (plumeButtonLabel); the icon tells the state at a glance.
import { PlumeStatus } from '@/domain/plume';

export type PlumeIcon = 'generate' | 'working' | 'done' | 'retry';

export function plumeIcon(status: number | null): PlumeIcon {
  if (status === null) return 'generate';
  switch (PlumeStatus.key(status)) {
    case 'InProgress':
      return 'working';
    case 'Failed':
      return 'retry';
    default:
      return 'done';
  }
}

/** SVG path data on a 16-unit square, drawn as strokes. */
export const PLUME_ICON_PATHS: Record<Exclude<PlumeIcon, 'working'>, string> = {
  // Smoke rising from a point, with a plus: make a plume.
  generate: 'M4 14c0-3 3-3 3-6s-2-3-1-6 M9 14c0-2 2-2 2-4 M12 3v4 M10 5h4',
  // A tick: the plume is there (play it with the map's Simulated plumes layer).
  done: 'M3 8.5l3.2 3.2L13 4.5',
  // A circling arrow: try again.
  retry: 'M12.5 5.5A5 5 0 1 0 13 9 M12.5 2v3.5H9',
};
