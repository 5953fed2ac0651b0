// A rotated KML overlay becomes an axis-aligned image: the picture is drawn rotated on a larger transparent canvas
// whose bounds are the rotated box's bounding box, since a basemap only stores a north-east and a south-west corner.
import { MAX_LATITUDE } from '../domain/coordinates';
import type { LatLonBox } from './kml';

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface RotationPlan {
  outWidth: number;
  outHeight: number;
  /** Canvas rotation in radians (clockwise on screen), the opposite of KML's counter-clockwise degrees. */
  canvasAngle: number;
  drawWidth: number;
  drawHeight: number;
}

export const MAX_IMAGE_SIDE = 8192;

export function rotatedOverlay(
  box: LatLonBox,
  imageWidth: number,
  imageHeight: number,
  maxSide = MAX_IMAGE_SIDE,
): { bounds: Bounds; plan: RotationPlan | null } {
  const theta = (box.rotation * Math.PI) / 180;
  if (Math.abs(Math.sin(theta)) < 1e-9 && Math.cos(theta) > 0) {
    return { bounds: { north: box.north, south: box.south, east: box.east, west: box.west }, plan: null };
  }
  const lat0 = (box.north + box.south) / 2;
  const lon0 = (box.east + box.west) / 2;
  const k = Math.cos((lat0 * Math.PI) / 180);
  // Half extents in degrees of latitude, so both axes share a unit on the ground.
  const w = ((box.east - box.west) / 2) * k;
  const h = (box.north - box.south) / 2;
  const c = Math.abs(Math.cos(theta));
  const s = Math.abs(Math.sin(theta));
  const halfW = w * c + h * s;
  const halfH = w * s + h * c;
  const bounds = {
    north: Math.min(90, lat0 + halfH),
    south: Math.max(-90, lat0 - halfH),
    east: Math.min(180, lon0 + halfW / k),
    west: Math.max(-180, lon0 - halfW / k),
  };
  let unit = Math.min((2 * w) / imageWidth, (2 * h) / imageHeight);
  const biggest = (2 * Math.max(halfW, halfH)) / unit;
  if (biggest > maxSide) unit *= biggest / maxSide;
  return {
    bounds,
    plan: {
      outWidth: Math.max(1, Math.round((2 * halfW) / unit)),
      outHeight: Math.max(1, Math.round((2 * halfH) / unit)),
      canvasAngle: -theta,
      drawWidth: (2 * w) / unit,
      drawHeight: (2 * h) / unit,
    },
  };
}

/**
 * Bounds the basemap form accepts: latitudes past ±85° (a whole-world overlay's ±90°, a polar image) are set to
 * ±85° with a warning; the picture is stretched to the clamped box, which the web map cannot show beyond anyway.
 */
export function clampLatitudes(bounds: Bounds, warnings: string[]): Bounds {
  if (bounds.north <= MAX_LATITUDE && bounds.south >= -MAX_LATITUDE) return bounds;
  const clamp = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const clamped = { ...bounds, north: clamp(bounds.north), south: clamp(bounds.south) };
  const reached = [
    bounds.north > MAX_LATITUDE ? `${+bounds.north.toFixed(6)}° north` : null,
    bounds.south < -MAX_LATITUDE ? `${-bounds.south.toFixed(6)}° south` : null,
  ].filter((r) => r !== null);
  warnings.push(
    `The image reaches latitude ${reached.join(' and ')}; its corner${reached.length > 1 ? 's were' : ' was'} set to ${MAX_LATITUDE}°, the furthest a corner may be, so the picture is slightly squeezed there.`,
  );
  return clamped;
}

/** The basemap result: the image as encoded, corners from the bounds (null when the file gave none). */
export function georeferenced(
  image: { bytes: Uint8Array; mime: 'image/png' | 'image/jpeg'; width: number; height: number },
  fileBounds: Bounds | null,
  warnings: string[],
) {
  const bounds = fileBounds && clampLatitudes(fileBounds, warnings);
  return {
    image: { bytes: image.bytes, mime: image.mime, width: image.width, height: image.height },
    northEast: bounds ? { lat: bounds.north, lng: bounds.east } : null,
    southWest: bounds ? { lat: bounds.south, lng: bounds.west } : null,
    warnings,
  };
}
