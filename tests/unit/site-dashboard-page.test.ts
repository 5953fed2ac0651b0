// The site dashboard page's pure parts (spec 3 §2): which stays are quarantined and which the charts draw, the
// quarantine notice, the widget chooser's groups, availability and selection, View Site Details' rows and the alarm
// panel's zoom.
import { describe, expect, it } from 'vitest';
import type { SiteDetail, SiteDeviceStay } from '@/contracts/site-dashboard';
import { measurementType } from '@/domain/measurement-type';
import { SITE_WIDGET_GROUPS } from '@/domain/site-dashboard';
import { alarmZoomRange } from '@/features/site-dashboard/alarm-param';
import { siteDetailRows } from '@/features/site-dashboard/site-details';
import { chartStays, quarantinedStays, quarantineNotice } from '@/features/site-dashboard/site-stays';
import {
  chooserGroups,
  shownWidgets,
  toggleWidget,
  widgetAvailability,
  widgetLabel,
} from '@/features/site-dashboard/site-widget-choice';

const HOUR = 3_600_000;
const ACTIVE = 0;
const QUARANTINE = 1;
const QUARANTINE_WIND = 2;

const stay = (deviceName: string, over: Partial<SiteDeviceStay> = {}): SiteDeviceStay => ({
  installationId: 1,
  deviceId: 1,
  deviceName,
  deviceType: 'Qube',
  location: { lat: 32, lng: -102 },
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: null,
  deviceInstallationType: ACTIVE,
  quarantinedAt: null,
  measurementTypeIds: [],
  ...over,
});
const quarantined = (deviceName: string, type: number) =>
  stay(deviceName, { deviceInstallationType: type, quarantinedAt: '2026-11-02T00:00:00.000Z' });

describe('site dashboard stays', () => {
  const active = stay('Q-1');
  const gasQuarantine = quarantined('Q-2', QUARANTINE);
  const windQuarantine = quarantined('Q-3', QUARANTINE_WIND);
  const stays = [active, gasQuarantine, windQuarantine];

  it('counts as quarantined a stay quarantined by something other than the active installation', () => {
    expect(quarantinedStays(stays)).toEqual([gasQuarantine, windQuarantine]);
    expect(quarantinedStays([stay('Q-4', { quarantinedAt: '2026-11-02T00:00:00.000Z' })])).toEqual([]);
  });

  it('leaves quarantined stays out of the charts unless asked; a wind quarantine only leaves the wind charts', () => {
    expect(chartStays(stays, false)).toEqual({ gasStays: [active, windQuarantine], windStays: [active] });
    const shown = chartStays(stays, true);
    expect(shown.gasStays).toBe(stays);
    expect(shown.windStays).toBe(stays);
  });

  it('names each quarantined device once and says what the charts do', () => {
    const again = quarantined('Q-2', QUARANTINE);
    expect(quarantineNotice([gasQuarantine, again, windQuarantine], false)).toBe(
      'Quarantined at this site: Q-2, Q-3. Their data is left out of the charts.',
    );
    expect(quarantineNotice([gasQuarantine], true)).toBe('Quarantined at this site: Q-2. Their data is shown.');
  });
});

describe('site dashboard widget choice', () => {
  const may = { isDeviceAdmin: true, canSeeDevices: true };
  const names = (groups: { name: string }[]) => groups.map((g) => g.name);

  it('offers the camera only where one stood, diagnostics to device administrators, measurements to device viewers', () => {
    expect(chooserGroups([stay('Q-1')], may)[0]!.widgets).not.toContain('camera');
    expect(chooserGroups([stay('C-1', { deviceType: 'QubeCamera' })], may)[0]!.widgets).toContain('camera');
    expect(names(chooserGroups([], may))).toEqual(SITE_WIDGET_GROUPS.map((g) => g.name));
    expect(names(chooserGroups([], { ...may, isDeviceAdmin: false }))).toEqual(['Site', 'Gases', 'Wind']);
    expect(names(chooserGroups([], { isDeviceAdmin: true, canSeeDevices: false }))).toEqual(['Site']);
  });

  it('makes a measurement widget available when a stay reports its type, content widgets always', () => {
    const available = widgetAvailability([stay('Q-1', { measurementTypeIds: [1, 15] }), stay('Q-2')]);
    expect((['map', 'camera', 'timeline', 1, 15] as const).every(available)).toBe(true);
    expect(available(2)).toBe(false);
    expect(available(16)).toBe(false);
  });

  it("shows the chosen available widgets in the chooser's order", () => {
    const groups = chooserGroups([], may);
    const available = widgetAvailability([stay('Q-1', { measurementTypeIds: [16, 1] })]);
    expect(shownWidgets(groups, [16, 2, 'rate', 1, 'map', 'camera'], available)).toEqual(['map', 'rate', 1, 16]);
    expect(shownWidgets(groups, [], available)).toEqual([]);
  });

  it('ticks a widget onto the end of the selection and unticks it', () => {
    expect(toggleWidget(['map', 1], 'rate', true)).toEqual(['map', 1, 'rate']);
    expect(toggleWidget(['map', 1, 'rate'], 1, false)).toEqual(['map', 'rate']);
  });

  it('labels a content widget by its name and a measurement widget by its type', () => {
    expect(widgetLabel('rate')).toBe('CH4 Emission Rate');
    expect(widgetLabel(1)).toBe(measurementType(1).label);
  });
});

describe('View Site Details and the alarm zoom', () => {
  const site: SiteDetail = {
    id: 7,
    name: 'Hawk Well 002',
    alias: null,
    location: { lat: 32.123456, lng: -102.5 },
    siteGroupNames: [],
    siteGroupIds: [],
    organizationId: 1,
    organization: 'Acme',
    businessUnit: 'North',
    assetArea: null,
    country: 'US',
    stateProvince: null,
    regulation: null,
    regulatorySiteType: null,
    genericSiteType: null,
    basin: 'Permian',
    industrySegment: null,
    fluidType: null,
    devices: ['Q-1', 'Q-2'],
    modellingPipelineIsOn: true,
    notificationRequired: false,
    specialTicketsRequired: false,
    workPermitRequired: false,
    accessNotes: null,
    deletedAt: null,
    modelProcessedUpTo: null,
  };

  it("lists the site's fields in the spec's order, a dash for an empty one", () => {
    expect(siteDetailRows(site)).toEqual([
      ['Name', 'Hawk Well 002'],
      ['Alias', '—'],
      ['Organization', 'Acme'],
      ['Location', '32.12346,-102.50000'],
      ['Site groups', '—'],
      ['Business unit', 'North'],
      ['Asset area', '—'],
      ['Country', 'US'],
      ['State / province', '—'],
      ['Regulation', '—'],
      ['Regulatory site type', '—'],
      ['Generic site type', '—'],
      ['Basin', 'Permian'],
      ['Devices installed', 'Q-1, Q-2'],
      ['Modelling pipeline', 'On'],
      ['Access notes', '—'],
    ]);
    expect(siteDetailRows({ ...site, siteGroupNames: ['A', 'B'], modellingPipelineIsOn: false })).toContainEqual([
      'Site groups',
      'A, B',
    ]);
  });

  it('zooms to the alarm, at least an hour from its start, an open alarm to its first hour', () => {
    const start = Date.UTC(2026, 10, 24, 12);
    const iso = (t: number) => new Date(t).toISOString();
    expect(alarmZoomRange({ startTime: iso(start), endTime: iso(start + 3 * HOUR) })).toEqual({
      start,
      end: start + 3 * HOUR,
    });
    expect(alarmZoomRange({ startTime: iso(start), endTime: iso(start + 60_000) })).toEqual({
      start,
      end: start + HOUR,
    });
    expect(alarmZoomRange({ startTime: iso(start), endTime: null })).toEqual({ start, end: start + HOUR });
  });
});
