// Add Site / Edit Site: SiteAdd per organization (global role joined with the role there) and the organizations a
// site may be put in.
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/contracts/current-user';
import { Permission } from '@/domain/permissions';
import { DEFAULT_UNIT_CONFIGURATION } from '@/domain/units';
import { canAddSiteIn, siteOrganizations } from '@/entities/site/site-dialog-access';

const org = (id: number, roleId: number, deleted = false) => ({ id, name: `Org ${id}`, roleId, deleted, sites: [] });

const user = (globalRoleId: number | null): CurrentUser => ({
  userDetails: { isQubeUser: globalRoleId !== null, roleId: globalRoleId, userEmail: 'a@example.com', userId: 1 },
  userOrganizations: [org(1, 10), org(2, 11), org(3, 10, true)],
  roles: [
    { id: 10, name: 'Site admin', permissions: [Permission.SiteAdd] },
    { id: 11, name: 'Viewer', permissions: [] },
    { id: 20, name: 'Staff', permissions: [Permission.SiteAdd] },
  ],
  userSettings: {
    limits: { ch4MaxVolumePerDay: null, maxWindSpeed: null },
    unitLabels: {},
    unitConfiguration: DEFAULT_UNIT_CONFIGURATION,
    ianaTimezoneId: 'UTC',
    timeFormat: '24-hr',
    gridColumnVisibility: {},
  },
});

describe('site dialog access', () => {
  it('grants SiteAdd through the role in the organization or the global role', () => {
    expect(canAddSiteIn(user(null), 1)).toBe(true);
    expect(canAddSiteIn(user(null), 2)).toBe(false);
    expect(canAddSiteIn(user(null), 99)).toBe(false);
    expect(canAddSiteIn(user(20), 2)).toBe(true);
  });

  it('offers live organizations where sites may be added, and the site’s own', () => {
    expect(siteOrganizations(user(null), undefined).map((o) => o.id)).toEqual([1]);
    expect(siteOrganizations(user(null), 2).map((o) => o.id)).toEqual([1, 2]);
    expect(siteOrganizations(user(20), 3).map((o) => o.id)).toEqual([1, 2]);
  });
});
