// The search drawer's lists: one query over names, aliases, sites and groups, the detail lines, and a device's menu
// with why an entry is disabled.
import { describe, expect, it } from 'vitest';
import {
  deviceDetail,
  deviceMenu,
  matchingDevices,
  matchingSites,
  siteDetail,
  type SiteSearchRow,
} from '@/app/shell/search-drawer-lists';
import type { DeviceSearchRow } from '@/contracts/device';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';

const site = (over: Partial<SiteSearchRow> = {}): SiteSearchRow => ({
  id: 1,
  name: 'Juniper Pad',
  alias: null,
  organizationId: 1,
  organizationName: 'Acme',
  siteGroupNames: [],
  location: { lat: 31.9, lng: -102.1 },
  ...over,
});

const device = (over: Partial<DeviceSearchRow> = {}): DeviceSearchRow => ({
  id: 5,
  name: 'A-1301',
  deviceType: 'Qube',
  organizationId: 1,
  organizationName: 'Acme',
  currentInstallationId: 9,
  currentSiteName: 'Juniper Pad',
  siteGroupNames: ['North'],
  latestAzimuth: null,
  latestHeight: null,
  latestLocationLatLng: null,
  latestSiteId: 1,
  deviceInstallationType: 1,
  quarantinedAt: null,
  quarantineNotes: null,
  ...over,
});

describe('search drawer lists', () => {
  it('matches sites by name, alias or group, ignoring case and spaces around the query', () => {
    const rows = [
      site(),
      site({ id: 2, name: 'Oak', alias: 'Tank Farm' }),
      site({ id: 3, name: 'Elm', siteGroupNames: ['Permian'] }),
    ];
    expect(matchingSites(rows, '  tank ').map((s) => s.id)).toEqual([2]);
    expect(matchingSites(rows, 'PERM').map((s) => s.id)).toEqual([3]);
    expect(matchingSites(rows, '')).toHaveLength(3);
  });

  it('matches devices by name, site or group', () => {
    const rows = [device(), device({ id: 6, name: 'B-2', currentSiteName: null, siteGroupNames: [] })];
    expect(matchingDevices(rows, 'juniper').map((d) => d.id)).toEqual([5]);
    expect(matchingDevices(rows, 'b-2').map((d) => d.id)).toEqual([6]);
  });

  it('names the organization on the detail lines only with Show All', () => {
    expect(siteDetail(site(), false)).toBe('—');
    expect(siteDetail(site({ alias: 'JP', siteGroupNames: ['N', 'S'] }), true)).toBe('JP · N, S · Acme');
    expect(deviceDetail(device({ currentSiteName: null, siteGroupNames: [] }), false)).toBe('Not installed');
  });

  it('offers an installed Qube’s actions with the permissions, and says why one is disabled', () => {
    const all = deviceMenu(device(), { organizationId: 1, canInstall: true, canCloud: true });
    expect(all.map((m) => [m.label, m.disabledWhy])).toEqual([
      ['End Installation', null],
      ['Change Quarantine State', null],
      ['Cloud Functions', null],
      ['Create Support Ticket', null],
    ]);
    const bare = deviceMenu(device({ currentInstallationId: null }), {
      organizationId: 1,
      canInstall: false,
      canCloud: false,
    });
    expect(bare.map((m) => m.label)).toEqual(['Change Quarantine State', 'Create Support Ticket']);
    expect(bare[1]!.disabledWhy).toBe(NOT_INSTALLED_FOR_TICKET);
    expect(bare[0]!.disabledWhy).not.toBeNull();
  });

  it('disables every change of a device of another organization', () => {
    const menu = deviceMenu(device({ organizationId: 2, organizationName: 'Other' }), {
      organizationId: 1,
      canInstall: true,
      canCloud: true,
    });
    expect(new Set(menu.map((m) => m.disabledWhy))).toEqual(new Set(['Switch to Other to change this device']));
  });
});
