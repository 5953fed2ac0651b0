// The Device Health map's pure parts (spec 2 §2 'Map tab'): which sites and devices show under the filters, the view
// that fits them, what a trip circle holds, what a pick names, and the deck.gl layers drawn from them. The map
// component keeps only state and wiring.
import type { DeviceHealthRow, SiteMarker } from '@/contracts/device';
import { parseLatLng, type LatLng } from '@/domain/coordinates';
import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  deviceTone,
  distanceKm,
  showDeviceMarkers,
  siteTone,
  TONE_RGBA,
  type MapOverlay,
} from '@/domain/map';
import { circleLayer, labelLayer, pointLayer, pointSet } from '@/ui/map/map-layers';

export interface DeviceMarker {
  row: DeviceHealthRow;
  at: LatLng;
}

export type MapSelection = { kind: 'site'; site: SiteMarker } | { kind: 'device'; device: DeviceMarker };

/** Sites under the 'only with tickets' and provider's-own-sites filters. */
export function visibleSites(
  all: readonly SiteMarker[],
  { onlyTickets, providerSites }: { onlyTickets: boolean; providerSites: boolean },
): SiteMarker[] {
  return all.filter(
    (s) => (!onlyTickets || s.devices.some((d) => d.hasFreshDeskTicket)) && (providerSites || !s.providerOwn),
  );
}

/** Devices with a location, installed at one of the shown sites. */
export function deviceMarkers(rows: readonly DeviceHealthRow[], sites: readonly SiteMarker[]): DeviceMarker[] {
  const siteIds = new Set(sites.map((s) => s.id));
  return rows.flatMap((row) => {
    const at = row.currentSiteId !== null && row.latestLocationLatLng ? parseLatLng(row.latestLocationLatLng) : null;
    return at && siteIds.has(row.currentSiteId!) ? [{ row, at }] : [];
  });
}

/** A view that shows every site: the middle of their extent, zoomed to fit roughly. */
export function fitView(points: readonly LatLng[]): { center: LatLng; zoom: number } {
  if (points.length === 0) return { center: DEFAULT_MAP_CENTER, zoom: DEFAULT_MAP_ZOOM };
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const span = Math.max(Math.max(...lngs) - Math.min(...lngs), (Math.max(...lats) - Math.min(...lats)) * 1.5, 0.01);
  return {
    center: { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 },
    zoom: Math.max(2, Math.min(14, Math.log2(360 / span) - 0.3)),
  };
}

/** The sites (nearest first, with their distance) and devices inside the trip circle. */
export function tripContents(
  center: LatLng,
  radiusKm: number,
  sites: readonly SiteMarker[],
  devices: readonly DeviceMarker[],
): { sites: { site: SiteMarker; km: number }[]; devices: DeviceMarker[] } {
  return {
    sites: sites
      .map((site) => ({ site, km: distanceKm(center, site.location) }))
      .filter((x) => x.km <= radiusKm)
      .sort((a, b) => a.km - b.km),
    devices: devices.filter((x) => distanceKm(center, x.at) <= radiusKm),
  };
}

/** The site or device a pick on the map's layers names. */
export function pickedItem(
  pick: { layerId: string | null; index: number } | null,
  sites: readonly SiteMarker[],
  devices: readonly DeviceMarker[],
): MapSelection | null {
  if (!pick || pick.layerId === null) return null;
  if (pick.layerId === 'sites') return sites[pick.index] ? { kind: 'site', site: sites[pick.index]! } : null;
  if (pick.layerId === 'devices') return devices[pick.index] ? { kind: 'device', device: devices[pick.index]! } : null;
  return null;
}

/** The map's layers: the trip circle, site dots, device dots (past zoom 15) and site names (past zoom 12). */
export function deviceMapLayers({
  sites,
  devices,
  overlay,
  zoom,
  trip,
}: {
  sites: readonly SiteMarker[];
  devices: readonly DeviceMarker[];
  overlay: MapOverlay;
  zoom: number;
  trip: { center: LatLng | null; radius: number };
}) {
  const siteSet = pointSet(sites.map((s) => ({ ...s.location, rgba: TONE_RGBA[siteTone(s, overlay)] })));
  const deviceSet = pointSet(devices.map((d) => ({ ...d.at, rgba: TONE_RGBA[deviceTone(d.row, overlay)] })));
  return [
    ...(trip.center ? [circleLayer('trip', trip.center, trip.radius)] : []),
    pointLayer('sites', siteSet, { radiusPixels: 7 }),
    pointLayer('devices', deviceSet, { radiusPixels: 5, visible: showDeviceMarkers(zoom) }),
    labelLayer(
      'site-names',
      sites.map((s) => ({ ...s.location, text: s.name })),
      zoom >= 12,
    ),
  ];
}
