// Map rules (spec 1 §9, spec 2 §2 'Device Health' map, §9): site colours per overlay, device markers only above zoom
// 15, the trip-planning radius, and distances.
import type { LatLng } from './coordinates';

export const DEFAULT_MAP_CENTER: LatLng = { lat: 51.05, lng: -114.05 };
export const DEFAULT_MAP_ZOOM = 17;
/** Device markers appear above this zoom. */
export const DEVICE_MARKER_ZOOM = 15;
export const showDeviceMarkers = (zoom: number) => zoom > DEVICE_MARKER_ZOOM;

export const TRIP_RADIUS_LABEL = 'Radius (max 1,000 km)';
export const TRIP_RADIUS_DEFAULT_KM = 100;
export const TRIP_RADIUS_MAX_KM = 1000;
/** A typed radius: values above 1,000 km (and anything not a positive number) are ignored, keeping the previous one. */
export function nextTripRadius(text: string, previous: number): number {
  const v = Number(text);
  return Number.isFinite(v) && v > 0 && v <= TRIP_RADIUS_MAX_KM ? v : previous;
}

const EARTH_KM = 6371.0088;
/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const MAP_OVERLAYS = ['Device Status', 'Model Status', 'Quarantine Status'] as const;
export type MapOverlay = (typeof MAP_OVERLAYS)[number];
export type MarkerTone = 'green' | 'amber' | 'grey' | 'red' | 'blue';
export const TONE_RGBA: Record<MarkerTone, readonly [number, number, number, number]> = {
  green: [34, 139, 74, 255],
  amber: [217, 150, 20, 255],
  grey: [130, 138, 150, 255],
  red: [200, 45, 45, 255],
  blue: [37, 110, 200, 255],
};

export interface SiteMarkerFacts {
  devices: readonly { particleOnlineStatus: boolean | null; deviceInstallationType: number }[];
  modellingPipelineOn: boolean;
}

/** Green when all devices are online, amber when some are offline, grey when unknown (no devices or no reports). */
export function deviceStatusTone(devices: SiteMarkerFacts['devices']): MarkerTone {
  if (devices.some((d) => d.particleOnlineStatus === false)) return 'amber';
  if (devices.length > 0 && devices.every((d) => d.particleOnlineStatus === true)) return 'green';
  return 'grey';
}

export function siteTone(site: SiteMarkerFacts, overlay: MapOverlay): MarkerTone {
  switch (overlay) {
    case 'Device Status':
      return deviceStatusTone(site.devices);
    case 'Model Status':
      return site.modellingPipelineOn ? 'green' : 'red';
    case 'Quarantine Status':
      // Full quarantine is a warning, wind-only quarantine the info colour (spec 2 §4).
      if (site.devices.some((d) => d.deviceInstallationType === 1)) return 'amber';
      if (site.devices.some((d) => d.deviceInstallationType === 2)) return 'blue';
      return site.devices.length ? 'green' : 'grey';
  }
}

export interface DeviceMarkerFacts {
  particleOnlineStatus: boolean | null;
  deviceInstallationType: number | null;
  quarantinedAt: string | null;
}

export function deviceTone(d: DeviceMarkerFacts, overlay: MapOverlay): MarkerTone {
  if (overlay === 'Quarantine Status')
    return d.quarantinedAt === null ? 'green' : d.deviceInstallationType === 2 ? 'blue' : 'amber';
  return d.particleOnlineStatus === true ? 'green' : d.particleOnlineStatus === false ? 'amber' : 'grey';
}

/** A centre and zoom that show every point (a world view when there are none). */
export function viewOf(points: readonly LatLng[]): { center: LatLng; zoom: number } {
  if (points.length === 0) return { center: { lat: 39, lng: -98 }, zoom: 3 };
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const span = Math.max(maxLat - minLat, (maxLng - minLng) / 1.6, 0.01);
  return {
    center: { lat: (minLat + maxLat) / 2, lng: (minLng + maxLng) / 2 },
    zoom: Math.max(2, Math.min(13, Math.log2(180 / span) - 0.3)),
  };
}
