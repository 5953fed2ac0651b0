// Adjacent site markers (spec 3 §2 'Map'): the organization's other sites within reach of the minimum zoom, nearest
// first, with name and alias for the hover.
import { describe, expect, it } from 'vitest';
import { ADJACENT_SITE_RADIUS_KM, ADJACENT_SITES_MAX, adjacentSites } from '@/domain/site-map';

const at = { lat: 31.9, lng: -102.1 };
/** A site `km` kilometres north of `at`. */
const north = (id: number, km: number, alias: string | null = null) => ({
  id,
  name: `Pad ${id}`,
  alias,
  location: { lat: at.lat + km / 111.195, lng: at.lng },
});

describe('adjacent sites', () => {
  it('keeps the other sites within the radius, nearest first, labelled with name and alias', () => {
    const near = adjacentSites({ id: 1, location: at }, [
      north(1, 0),
      north(2, 7.5, 'EAG-2'),
      north(3, 2),
      north(4, ADJACENT_SITE_RADIUS_KM + 0.5),
    ]);
    expect(near.map((s) => [s.id, s.label])).toEqual([
      [3, 'Pad 3'],
      [2, 'Pad 2 (EAG-2)'],
    ]);
    expect(near[1]!.distanceKm).toBeCloseTo(7.5, 2);
  });

  it('draws at most the nearest ADJACENT_SITES_MAX', () => {
    const many = Array.from({ length: ADJACENT_SITES_MAX + 10 }, (_, i) => north(i + 2, (i + 1) * 0.2));
    const near = adjacentSites({ id: 1, location: at }, many.reverse());
    expect(near).toHaveLength(ADJACENT_SITES_MAX);
    expect(near[0]!.id).toBe(2);
    expect(near.at(-1)!.id).toBe(ADJACENT_SITES_MAX + 1);
  });
});
