// Device Uptime's scope (spec 2 §4): sites chosen, else the chosen groups' sites, else the organizations' every site.
import { describe, expect, it } from 'vitest';
import { sitesInGroups, uptimeSiteIds } from '@/features/device-uptime/uptime-scope';

const sites = [
  { id: 1, siteGroupIds: [10] },
  { id: 2, siteGroupIds: [10, 20] },
  { id: 3, siteGroupIds: [] },
];

describe('uptime scope', () => {
  it('offers the sites of the chosen groups, or all sites with no group chosen', () => {
    expect(sitesInGroups(sites, []).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(sitesInGroups(sites, [20]).map((s) => s.id)).toEqual([2]);
    expect(sitesInGroups(sites, [30])).toEqual([]);
  });

  it('sends the chosen sites, else the chosen groups’ sites, else none (every site)', () => {
    expect(uptimeSiteIds(sitesInGroups(sites, [10]), [10], [2])).toEqual({ siteIds: [2], empty: false });
    expect(uptimeSiteIds(sitesInGroups(sites, [10]), [10], [])).toEqual({ siteIds: [1, 2], empty: false });
    expect(uptimeSiteIds(sites, [], [])).toEqual({ siteIds: [], empty: false });
  });

  it('says nothing can match when the chosen groups hold no site', () => {
    expect(uptimeSiteIds(sitesInGroups(sites, [30]), [30], [])).toEqual({ siteIds: [], empty: true });
  });
});
