// KML reading: ground overlays (LatLonBox with rotation, or gx:LatLonQuad) and point placemarks.
import { asArray, child, childText, findAll, isNode, parseXml, type XmlNode } from './safe-xml';

export interface LatLonBox {
  north: number;
  south: number;
  east: number;
  west: number;
  /** Degrees counter-clockwise about the centre, as KML defines it. */
  rotation: number;
}

export interface KmlGroundOverlay {
  name: string;
  description: string;
  href: string;
  /** Axis-aligned box the overlay's image is stretched to before rotation. */
  box: LatLonBox;
  /** True when the box came from a gx:LatLonQuad's bounding box rather than a LatLonBox. */
  fromQuad: boolean;
  when: string | null;
}

export interface KmlPlacemark {
  name: string;
  description: string;
  lat: number;
  lng: number;
  when: string | null;
}

export interface KmlContents {
  overlays: KmlGroundOverlay[];
  /** Ground overlays without an image link or usable bounds. */
  invalidOverlays: number;
  placemarks: KmlPlacemark[];
}

const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function readBox(node: XmlNode): LatLonBox | null {
  const north = num(childText(node, 'north'));
  const south = num(childText(node, 'south'));
  const east = num(childText(node, 'east'));
  const west = num(childText(node, 'west'));
  const rotationText = childText(node, 'rotation');
  const rotation = rotationText === '' ? 0 : num(rotationText);
  const box = { north, south, east, west, rotation };
  return isValidBox(box) ? box : null;
}

export function isValidBox(b: LatLonBox): boolean {
  return (
    [b.north, b.south, b.east, b.west, b.rotation].every(Number.isFinite) &&
    b.north <= 90 && b.south >= -90 && b.north > b.south &&
    b.west >= -180 && b.east <= 180 && b.east > b.west &&
    Math.abs(b.rotation) <= 360
  );
}

/** 'lon,lat[,alt]' tuples separated by whitespace. */
export function readCoordinates(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const tuple of text.trim().split(/\s+/)) {
    if (!tuple) continue;
    const [lon, lat] = tuple.split(',').map(num);
    if (lon !== undefined && lat !== undefined && Number.isFinite(lon) && Number.isFinite(lat)) out.push([lon, lat]);
  }
  return out;
}

function quadBox(node: XmlNode): LatLonBox | null {
  const corners = readCoordinates(childText(node, 'coordinates'));
  if (corners.length !== 4) return null;
  const lons = corners.map((c) => c[0]);
  const lats = corners.map((c) => c[1]);
  const box = { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lons), west: Math.min(...lons), rotation: 0 };
  return isValidBox(box) ? box : null;
}

function when(node: XmlNode): string | null {
  const stamp = child(node, 'TimeStamp');
  if (stamp) return childText(stamp, 'when') || null;
  const span = child(node, 'TimeSpan');
  if (span) return childText(span, 'begin') || childText(span, 'end') || null;
  return null;
}

function iconHref(node: XmlNode): string {
  const icon = child(node, 'Icon');
  return icon ? childText(icon, 'href').trim() : '';
}

export function readKml(text: string, what = 'The KML file'): KmlContents {
  const root = parseXml(text, what);
  const overlays: KmlGroundOverlay[] = [];
  let invalidOverlays = 0;
  for (const o of findAll(root, 'GroundOverlay')) {
    const latLonBox = child(o, 'LatLonBox');
    const quad = child(o, 'LatLonQuad');
    const box = latLonBox ? readBox(latLonBox) : quad ? quadBox(quad) : null;
    const href = iconHref(o);
    if (!box || !href) {
      invalidOverlays++;
      continue;
    }
    overlays.push({ name: childText(o, 'name'), description: childText(o, 'description'), href, box, fromQuad: !latLonBox, when: when(o) });
  }
  const placemarks: KmlPlacemark[] = [];
  for (const p of findAll(root, 'Placemark')) {
    const point = asArray(p['Point']).find(isNode) ?? null;
    if (!point) continue;
    const [first] = readCoordinates(childText(point, 'coordinates'));
    if (!first || Math.abs(first[1]) > 90 || Math.abs(first[0]) > 180) continue;
    placemarks.push({ name: childText(p, 'name'), description: childText(p, 'description'), lng: first[0], lat: first[1], when: when(p) });
  }
  return { overlays, invalidOverlays, placemarks };
}
