// The Device Health map's pure parts: filters, fitted view, trip contents, picks and layers
// (src/features/device-health/device-map-model.ts).
import { describe, expect, it } from 'vitest';
import type { DeviceHealthRow, SiteMarker } from '@/contracts/device';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@/domain/map';
import {
  deviceMapLayers,
  deviceMarkers,
  fitView,
  pickedItem,
  tripContents,
  visibleSites,
} from '@/features/device-health/device-map-model';

const site = (id: number, lat: number, lng: number, over: Partial<SiteMarker> = {}): SiteMarker => ({
  id,
  name: `Site ${id}`,
  organizationId: 1,
  organization: 'Org',
  providerOwn: false,
  location: { lat, lng },
  devices: [{ particleOnlineStatus: true, deviceInstallationType: 0, hasFreshDeskTicket: false }],
  modellingPipelineOn: true,
  ...over,
});
const row = (id: number, siteId: number | null, latLng: string | null) =>
  ({ id, name: `D${id}`, currentSiteId: siteId, latestLocationLatLng: latLng }) as DeviceHealthRow;

const a = site(1, 31.9, -102.1);
const b = site(2, 32.0, -102.0, {
  providerOwn: true,
  devices: [{ particleOnlineStatus: false, deviceInstallationType: 0, hasFreshDeskTicket: true }],
});
const far = site(3, 40, -80);

describe('device map model', () => {
  it('filters sites by tickets and the provider’s own sites', () => {
    expect(visibleSites([a, b], { onlyTickets: false, providerSites: true })).toEqual([a, b]);
    expect(visibleSites([a, b], { onlyTickets: true, providerSites: true })).toEqual([b]);
    expect(visibleSites([a, b], { onlyTickets: false, providerSites: false })).toEqual([a]);
  });

  it('places devices with a location at a shown site only', () => {
    const rows = [row(1, 1, '31.9,-102.1'), row(2, 2, '32,-102'), row(3, 1, null), row(4, null, '31,-100')];
    expect(deviceMarkers(rows, [a]).map((d) => [d.row.id, d.at])).toEqual([[1, { lat: 31.9, lng: -102.1 }]]);
  });

  it('fits the view to the sites, or the default view without any', () => {
    expect(fitView([])).toEqual({ center: DEFAULT_MAP_CENTER, zoom: DEFAULT_MAP_ZOOM });
    const v = fitView([a.location, far.location]);
    expect(v.center.lat).toBeCloseTo((31.9 + 40) / 2);
    expect(v.center.lng).toBeCloseTo((-102.1 + -80) / 2);
    expect(v.zoom).toBeGreaterThanOrEqual(2);
    expect(fitView([a.location]).zoom).toBe(14);
  });

  it('lists the sites inside the trip nearest first, and its devices', () => {
    const devices = deviceMarkers([row(1, 1, '31.9,-102.1'), row(2, 3, '40,-80')], [a, far]);
    const trip = tripContents({ lat: 32.0, lng: -102.0 }, 50, [far, a, b], devices);
    expect(trip.sites.map((s) => s.site.id)).toEqual([2, 1]);
    expect(trip.sites[0]!.km).toBeCloseTo(0);
    expect(trip.devices.map((d) => d.row.id)).toEqual([1]);
  });

  it('names the site or device a pick hits, nothing for other layers', () => {
    const devices = deviceMarkers([row(1, 1, '31.9,-102.1')], [a]);
    expect(pickedItem({ layerId: 'sites', index: 1 }, [a, b], devices)).toEqual({ kind: 'site', site: b });
    expect(pickedItem({ layerId: 'devices', index: 0 }, [a], devices)?.kind).toBe('device');
    expect(pickedItem({ layerId: 'trip', index: 0 }, [a], devices)).toBeNull();
    expect(pickedItem({ layerId: 'sites', index: 5 }, [a], devices)).toBeNull();
    expect(pickedItem(null, [a], devices)).toBeNull();
  });

  it('draws the trip circle, sites, devices past zoom 15 and names past zoom 12', () => {
    const args = { sites: [a], devices: [], overlay: 'Device Status' as const, trip: { center: null, radius: 10 } };
    const near = deviceMapLayers({ ...args, zoom: 16, trip: { center: a.location, radius: 10 } });
    expect(near.map((l) => l.id)).toEqual(['trip', 'sites', 'devices', 'site-names']);
    expect(near.map((l) => l.props.visible)).toEqual([true, true, true, true]);
    const wide = deviceMapLayers({ ...args, zoom: 5 });
    expect(wide.map((l) => l.id)).toEqual(['sites', 'devices', 'site-names']);
    expect(wide.map((l) => l.props.visible)).toEqual([true, false, false]);
  });
});
