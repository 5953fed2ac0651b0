import { describe, expect, it } from 'vitest';
import { plumeButtonLabel, PlumeStatus } from '@/domain/plume';
import { PLUME_ICON_PATHS, plumeIcon } from '@/features/site-dashboard/plume-icon';

describe('plume column icon', () => {
  it('tells each plume state by its own icon, the words staying the button name', () => {
    const states = [null, PlumeStatus.values.InProgress, PlumeStatus.values.Saved, PlumeStatus.values.Failed];
    expect(states.map(plumeIcon)).toEqual(['generate', 'working', 'done', 'retry']);
    expect(states.map(plumeButtonLabel)).toEqual([
      'Generate Plume',
      'Generating Plume...',
      'Plume Generated',
      'Error Generating Plume',
    ]);
    // Every drawn icon has a shape and no two share one.
    const paths = Object.values(PLUME_ICON_PATHS);
    expect(paths.every((d) => /^M[\d.]/.test(d))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
