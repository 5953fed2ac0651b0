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
  /** Why each invalid overlay was skipped, in document order (for messages when none is usable). */
  problems: string[];
  placemarks: KmlPlacemark[];
}

const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

type BoxReading = LatLonBox | { problem: string };

/** East less than west with both in range is KML's way of crossing the 180° meridian, which a basemap's two corners cannot express. */
const crossesAntimeridian = (b: LatLonBox) =>
  [b.east, b.west].every((v) => Number.isFinite(v) && Math.abs(v) <= 180) && b.east < b.west;
const antimeridianProblem = (west: number, east: number) =>
  `crosses the 180° meridian (west ${west}, east ${east}), which a basemap's corners cannot span; please split the image at the meridian`;

function readBox(node: XmlNode): BoxReading {
  const north = num(childText(node, 'north'));
  const south = num(childText(node, 'south'));
  const east = num(childText(node, 'east'));
  const west = num(childText(node, 'west'));
  const rotationText = childText(node, 'rotation');
  const rotation = rotationText === '' ? 0 : num(rotationText);
  const box = { north, south, east, west, rotation };
  if (isValidBox(box)) return box;
  if (crossesAntimeridian(box) && isValidBox({ ...box, west: -180, east: 180 }))
    return { problem: antimeridianProblem(west, east) };
  return { problem: 'has no valid LatLonBox (north above south, east of west, within ±90° and ±180°)' };
}

export function isValidBox(b: LatLonBox): boolean {
  return (
    [b.north, b.south, b.east, b.west, b.rotation].every(Number.isFinite) &&
    b.north <= 90 &&
    b.south >= -90 &&
    b.north > b.south &&
    b.west >= -180 &&
    b.east <= 180 &&
    b.east > b.west &&
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

function quadBox(node: XmlNode): BoxReading {
  const corners = readCoordinates(childText(node, 'coordinates'));
  if (corners.length !== 4) return { problem: 'has a gx:LatLonQuad without four corners' };
  const lons = corners.map((c) => c[0]);
  const lats = corners.map((c) => c[1]);
  const box = {
    north: Math.max(...lats),
    south: Math.min(...lats),
    east: Math.max(...lons),
    west: Math.min(...lons),
    rotation: 0,
  };
  // Corners more than half the world apart in longitude are a quad across the 180° meridian, not a box around the globe.
  if (box.east - box.west > 180)
    return {
      problem: antimeridianProblem(Math.min(...lons.filter((l) => l > 0)), Math.max(...lons.filter((l) => l < 0))),
    };
  return isValidBox(box) ? box : { problem: 'has a gx:LatLonQuad outside ±90° and ±180°' };
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
  const problems: string[] = [];
  for (const o of findAll(root, 'GroundOverlay')) {
    const latLonBox = child(o, 'LatLonBox');
    const quad = child(o, 'LatLonQuad');
    const box: BoxReading = latLonBox ? readBox(latLonBox) : quad ? quadBox(quad) : { problem: 'has no LatLonBox' };
    const href = iconHref(o);
    if ('problem' in box || !href) {
      invalidOverlays++;
      const name = childText(o, 'name').trim();
      problems.push(
        `The ground overlay${name ? ` '${name}'` : ''} ${'problem' in box ? box.problem : 'has no image link (Icon href)'}.`,
      );
      continue;
    }
    overlays.push({
      name: childText(o, 'name'),
      description: childText(o, 'description'),
      href,
      box,
      fromQuad: !latLonBox,
      when: when(o),
    });
  }
  const placemarks: KmlPlacemark[] = [];
  for (const p of findAll(root, 'Placemark')) {
    const point = asArray(p['Point']).find(isNode) ?? null;
    if (!point) continue;
    const [first] = readCoordinates(childText(point, 'coordinates'));
    if (!first || Math.abs(first[1]) > 90 || Math.abs(first[0]) > 180) continue;
    placemarks.push({
      name: childText(p, 'name'),
      description: childText(p, 'description'),
      lng: first[0],
      lat: first[1],
      when: when(p),
    });
  }
  return { overlays, invalidOverlays, problems, placemarks };
}
