// The site map's cameras (spec 3 §2 'Camera cones and markers are drawn', §9 camera constants): each camera's cone
// (field of view 100°, radius 20 m, dashed outline) and marker, and where its event popup is anchored (one of the 8
// compass directions by the camera's azimuth, in 45° sectors). Pure functions of their data.
import type { Layer } from '@deck.gl/core';
import { IconLayer, PathLayer, PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import { CAMERA_CONE_RADIUS_M, CAMERA_FIELD_OF_VIEW_DEG, compassSector, type CompassSector } from '@/domain/camera';
import { offsetLngLat } from '@/domain/site-map';

type LngLat = [number, number];

export interface MappedCamera {
  location: { lat: number; lng: number };
  /** Degrees clockwise from north; a camera without one draws a marker but no cone. */
  azimuth: number | null;
}

/** The cone as a closed ring of [lng, lat]: the camera, the arc of the field of view at the radius, the camera. */
export function cameraConeRing(
  camera: MappedCamera & { azimuth: number },
  fovDeg = CAMERA_FIELD_OF_VIEW_DEG,
  radiusM = CAMERA_CONE_RADIUS_M,
  arcSteps = 20,
): LngLat[] {
  const apex: LngLat = [camera.location.lng, camera.location.lat];
  const ring: LngLat[] = [apex];
  for (let i = 0; i <= arcSteps; i++) {
    const deg = camera.azimuth - fovDeg / 2 + (fovDeg * i) / arcSteps;
    const rad = (deg * Math.PI) / 180;
    ring.push(offsetLngLat(camera.location, radiusM * Math.sin(rad), radiusM * Math.cos(rad)));
  }
  ring.push(apex);
  return ring;
}

/**
 * A path cut into dashes of `dash` metres with `gap` metres between them (deck.gl draws solid paths only). The
 * pattern runs on along the whole outline, across corners.
 */
export function dashedPaths(path: readonly LngLat[], dash: number, gap: number): LngLat[][] {
  const out: LngLat[][] = [];
  let current: LngLat[] = [];
  // Where along the dash-gap pattern the walk is: [0, dash) draws, [dash, dash + gap) does not.
  let phase = 0;
  const eps = 1e-9;
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1]!, path[i]!];
    const kx = 111_320 * Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
    const length = Math.hypot((b[0] - a[0]) * kx, (b[1] - a[1]) * 111_320);
    const at = (d: number): LngLat => [a[0] + ((b[0] - a[0]) * d) / length, a[1] + ((b[1] - a[1]) * d) / length];
    let d = 0;
    while (length - d > eps) {
      if (phase < dash) {
        if (current.length === 0) current.push(at(d));
        const step = Math.min(dash - phase, length - d);
        d += step;
        phase += step;
        current.push(at(d));
        if (phase >= dash - eps) {
          out.push(current);
          current = [];
        }
      } else {
        const step = Math.min(dash + gap - phase, length - d);
        d += step;
        phase += step;
        if (phase >= dash + gap - eps) phase = 0;
      }
    }
  }
  if (current.length > 1) out.push(current);
  return out;
}

/** Cone dash and gap in metres: about 6 and 4 pixels at the dashboard's zoom 16. */
const CONE_DASH_M = 3;
const CONE_GAP_M = 2;
/**
 * Cameras' cyan (#22d3ee): the hue no other mark on the site map uses (devices' green/amber/grey, sources' red/blue,
 * adjacent sites' purple, the heatmap's plasma and the plume's yellow-red ramps, the dark teal wind arrows). Bright on
 * the satellite's greens and browns; on the street map's light ground the dark casing under the dashes and around the
 * marker carries it. The map key draws the same colours.
 */
export const CAMERA_RGB = [34, 211, 238] as const;
export const CAMERA_CASING_RGB = [15, 23, 42] as const;
const CAMERA_RGBA: [number, number, number, number] = [...CAMERA_RGB, 255];

/** The cones (a light fill and a dashed outline) and markers of the cameras. */
export function cameraLayers(idPrefix: string, cameras: readonly MappedCamera[]): Layer[] {
  const aimed = cameras.filter((c): c is MappedCamera & { azimuth: number } => c.azimuth !== null);
  const rings = aimed.map((c) => cameraConeRing(c));
  const dashes = rings.flatMap((r) => dashedPaths(r, CONE_DASH_M, CONE_GAP_M));
  return [
    new PolygonLayer<LngLat[]>({
      id: `${idPrefix}-cones`,
      data: rings,
      getPolygon: (r) => r,
      getFillColor: [...CAMERA_RGB, 56],
      stroked: false,
      filled: true,
      pickable: false,
    }),
    // A dark casing under each dash keeps the cyan readable on light ground.
    new PathLayer<LngLat[]>({
      id: `${idPrefix}-cone-casings`,
      data: dashes,
      getPath: (p) => p,
      getColor: [...CAMERA_CASING_RGB, 200],
      widthUnits: 'pixels',
      getWidth: 3.5,
      pickable: false,
    }),
    new PathLayer<LngLat[]>({
      id: `${idPrefix}-cone-outlines`,
      data: dashes,
      getPath: (p) => p,
      getColor: CAMERA_RGBA,
      widthUnits: 'pixels',
      getWidth: 1.5,
      pickable: false,
    }),
    new ScatterplotLayer<MappedCamera>({
      id: `${idPrefix}-markers`,
      data: cameras,
      getPosition: (c) => [c.location.lng, c.location.lat],
      getFillColor: CAMERA_RGBA,
      getLineColor: [...CAMERA_CASING_RGB, 255],
      radiusUnits: 'pixels',
      getRadius: 7,
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      pickable: true,
    }),
  ];
}

export type PopupAnchor =
  'top' | 'top-right' | 'right' | 'bottom-right' | 'bottom' | 'bottom-left' | 'left' | 'top-left';

/**
 * Where a camera's popup is anchored (the popup's edge or corner at the camera), by its azimuth's compass sector: on
 * the side away from where it looks, so the popup never covers its own cone. A camera looking north (N) hangs its
 * popup below itself (anchor 'top'); one looking east puts it to its left (anchor 'right').
 */
const ANCHOR_BY_SECTOR: Record<CompassSector, PopupAnchor> = {
  N: 'top',
  NE: 'top-right',
  E: 'right',
  SE: 'bottom-right',
  S: 'bottom',
  SW: 'bottom-left',
  W: 'left',
  NW: 'top-left',
};

export function cameraPopupAnchor(azimuth: number | null): { sector: CompassSector; anchor: PopupAnchor } {
  const sector = compassSector(azimuth ?? 0);
  return { sector, anchor: ANCHOR_BY_SECTOR[sector] };
}

/** The point of a popup image (width × height) that sits on the camera for an anchor: the edge's middle or the corner. */
export function anchorPoint(anchor: PopupAnchor, width: number, height: number): [number, number] {
  const x = anchor.endsWith('left') ? 0 : anchor.endsWith('right') ? width : width / 2;
  const y = anchor.startsWith('top') ? 0 : anchor.startsWith('bottom') ? height : height / 2;
  return [x, y];
}

export interface CameraPopup {
  location: { lat: number; lng: number };
  /** The composed popup (frame, picture, caption) as a data URL, with its size in pixels. */
  url: string;
  width: number;
  height: number;
  anchor: PopupAnchor;
}

/** The popups drawn at their cameras, each anchored by its azimuth's sector (the picture keeps its pixel size). */
export function cameraPopupLayer(id: string, popups: readonly CameraPopup[]): Layer {
  return new IconLayer<CameraPopup>({
    id,
    data: popups,
    getPosition: (p) => [p.location.lng, p.location.lat],
    getIcon: (p) => {
      const [anchorX, anchorY] = anchorPoint(p.anchor, p.width, p.height);
      return { id: p.url, url: p.url, width: p.width, height: p.height, anchorX, anchorY };
    },
    sizeUnits: 'pixels',
    getSize: (p) => p.height,
    pickable: false,
    // The popups are data URLs: decoded here, since the page's CSP lets no fetch() read data: URLs.
    loadOptions: { fetch: (url: string) => Promise.resolve(dataUrlResponse(url)) },
  });
}

/** A PNG data URL's bytes as a fetch Response. */
export function dataUrlResponse(url: string): Response {
  const match = /^data:(image\/png);base64,(.*)$/.exec(url);
  if (!match) throw new Error('A camera popup must be a PNG data URL');
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Response(bytes, { headers: { 'content-type': match[1]! } });
}
