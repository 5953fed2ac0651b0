// 'lat,lng' coordinates (spec 1 §5): latitude -85..85, longitude -180..180, 6 decimals stored, 5 shown.
export const INVALID_COORDINATES = 'Please enter valid latitude and longitude coordinates.';

/** The furthest latitude a coordinate may have (the web map's square world ends near 85.05°). */
export const MAX_LATITUDE = 85;

export interface LatLng {
  lat: number;
  lng: number;
}

export function isValidLatLng(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= -MAX_LATITUDE &&
    lat <= MAX_LATITUDE &&
    lng >= -180 &&
    lng <= 180
  );
}

/** Parses 'lat,lng' (spaces allowed); null when the text is not a valid coordinate pair. */
export function parseLatLng(text: string): LatLng | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => p.trim());
  if (!a || !b || !/^[-+]?\d+(\.\d+)?$/.test(a) || !/^[-+]?\d+(\.\d+)?$/.test(b)) return null;
  const lat = Number(a);
  const lng = Number(b);
  return isValidLatLng(lat, lng) ? { lat, lng } : null;
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

export const roundForStorage = (p: LatLng): LatLng => ({ lat: round(p.lat, 6), lng: round(p.lng, 6) });
export const formatLatLng = (p: LatLng): string => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
