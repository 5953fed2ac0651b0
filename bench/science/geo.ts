// Metres east/north of a site origin → latitude/longitude on a local tangent plane (sites span < 1 km, so the
// spherical-Earth plane is far more precise than the 6-decimal positions the console stores).
const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

export function toLatLng(
  origin: { latitude: number; longitude: number },
  east: number,
  north: number,
): { lat: number; lng: number } {
  return {
    lat: origin.latitude + north / EARTH_RADIUS_M / DEG,
    lng: origin.longitude + east / (EARTH_RADIUS_M * Math.cos(origin.latitude * DEG)) / DEG,
  };
}

/** The console's 'lat,lng' text with the 6 decimals it stores (≈ 0.1 m). */
export const latLngText = (p: { lat: number; lng: number }): string => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
