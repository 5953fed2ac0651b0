// Site edit rules shared by the screen and the server (spec 3 §2 'Site edit', §4 'Site edit drawing', §8, §9): the
// footprint geometry of structures, the nudge and duplicate offsets, toasts and confirmations.
import { roundForStorage, type LatLng } from './coordinates';

/** Spec 3 §9 'Site edit and deployment plan' and 'Overview and map'. */
export const SITE_EDIT_MIN_ZOOM = 13;
export const NUDGE_STEP_METERS = 0.5;
export const DUPLICATE_OFFSET_METERS = 5;
/** The duplicate moves 'at 90 degrees': east, as a compass bearing. */
export const DUPLICATE_OFFSET_BEARING = 90;
export const CYLINDER_STEPS = 32;

export const SITE_EDIT_TOASTS = {
  basemapAdded: 'Basemap added',
  basemapEdited: 'Basemap edited',
  basemapDeleted: 'Basemap deleted',
  sourceAdded: 'Source added',
  sourceEdited: 'Source edited',
  sourceDeleted: 'Source deleted',
  sourceRestored: 'Source restored',
  structureAdded: 'Structure added',
  structureEdited: 'Structure edited',
  structureDeleted: 'Structure deleted',
} as const;

export const SITE_EDIT_CONFIRMATIONS = {
  deleteBasemap: "Are you sure you want to delete this basemap? This can't be undone.",
  deleteSource: 'Are you sure you want to delete this source?',
  deleteStructure: "Are you sure you want to delete this structure? This can't be undone.",
  saveChanges: 'Would you like to save your changes?',
} as const;

/** Tooltip of a tab that cannot be opened while another tab has unsaved changes. */
export const UNSAVED_CHANGES_TAB_TOOLTIP = 'Save or discard the changes in this tab first';
export const DELETED_SITE_TAB_TOOLTIP = 'Not available for a deleted site';

const EARTH_RADIUS_M = 6_378_137;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The point `meters` away along a compass bearing (0 north, 90 east); local flat-earth, exact enough over a site. */
export function offsetMeters(p: LatLng, bearingDegrees: number, meters: number): LatLng {
  const east = meters * Math.sin(rad(bearingDegrees));
  const north = meters * Math.cos(rad(bearingDegrees));
  return offsetEastNorth(p, east, north);
}

export function offsetEastNorth(p: LatLng, eastMeters: number, northMeters: number): LatLng {
  return {
    lat: p.lat + deg(northMeters / EARTH_RADIUS_M),
    lng: p.lng + deg(eastMeters / (EARTH_RADIUS_M * Math.cos(rad(p.lat)))),
  };
}

/** East and north metres from `origin` to `p` (the inverse of offsetEastNorth). */
export function eastNorthOf(origin: LatLng, p: LatLng): { east: number; north: number } {
  return {
    east: rad(p.lng - origin.lng) * EARTH_RADIUS_M * Math.cos(rad(origin.lat)),
    north: rad(p.lat - origin.lat) * EARTH_RADIUS_M,
  };
}

export type NudgeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
const NUDGE: Record<NudgeKey, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};
export const isNudgeKey = (key: string): key is NudgeKey => key in NUDGE;

/** The selected source or structure moved one nudge step by an arrow key. */
export function nudge(p: LatLng, key: NudgeKey): LatLng {
  const [e, n] = NUDGE[key];
  return offsetEastNorth(p, e * NUDGE_STEP_METERS, n * NUDGE_STEP_METERS);
}

export const FootprintType = { Box: 'Box', Cylinder: 'Cylinder' } as const;
export type FootprintType = (typeof FootprintType)[keyof typeof FootprintType];
export const FOOTPRINT_TYPES: readonly FootprintType[] = ['Box', 'Cylinder'];

export interface Footprint {
  location: LatLng;
  footprintType: FootprintType | null;
  /** Degrees clockwise from north for the Y axis (X points east when 0). */
  footprintRotation: number | null;
  footprintX: number | null;
  footprintY: number | null;
}

/** Spec 3 §5: drawable only with a finite rotation, a type, and positive X and Y. */
export function isFootprintDrawable(f: Footprint): f is Footprint & {
  footprintType: FootprintType;
  footprintRotation: number;
  footprintX: number;
  footprintY: number;
} {
  return (
    f.footprintType !== null &&
    typeof f.footprintRotation === 'number' &&
    Number.isFinite(f.footprintRotation) &&
    (f.footprintX ?? 0) > 0 &&
    (f.footprintY ?? 0) > 0
  );
}

/**
 * The footprint outline as a closed ring of [lng, lat]: a box X wide (east before rotation) and Y deep, or an ellipse
 * with diameters X and Y in 32 steps, turned clockwise by the rotation about its centre. Null when not drawable.
 */
export function footprintPolygon(f: Footprint): [number, number][] | null {
  if (!isFootprintDrawable(f)) return null;
  const hx = f.footprintX / 2;
  const hy = f.footprintY / 2;
  const local: [number, number][] =
    f.footprintType === 'Box'
      ? [
          [-hx, -hy],
          [hx, -hy],
          [hx, hy],
          [-hx, hy],
        ]
      : Array.from({ length: CYLINDER_STEPS }, (_, i) => {
          const a = (2 * Math.PI * i) / CYLINDER_STEPS;
          return [hx * Math.cos(a), hy * Math.sin(a)] as [number, number];
        });
  const r = rad(f.footprintRotation);
  const ring = local.map(([x, y]) => {
    // Clockwise on the map: east/north rotate by -r in the usual mathematical sense.
    const east = x * Math.cos(r) + y * Math.sin(r);
    const north = -x * Math.sin(r) + y * Math.cos(r);
    const p = offsetEastNorth(f.location, east, north);
    return [p.lng, p.lat] as [number, number];
  });
  ring.push(ring[0]!);
  return ring;
}

/** Rotation normalised to the form's 0–359 whole degrees. */
export const normalizeRotation = (degrees: number): number => ((Math.round(degrees) % 360) + 360) % 360;

/** Spec 3 §4: the copy is named ' - copy', has no id yet and stands 5 m away at 90 degrees. */
export function duplicateStructure<T extends { id: number; name: string; location: LatLng }>(s: T): T {
  return {
    ...s,
    id: 0,
    name: `${s.name} - copy`,
    location: offsetMeters(s.location, DUPLICATE_OFFSET_BEARING, DUPLICATE_OFFSET_METERS),
  };
}

/** 'Source N' with the first N no existing source (deleted ones included) uses. */
export function generatedSourceName(existing: readonly string[]): string {
  const taken = new Set(existing.map((n) => n.trim().toLowerCase()));
  for (let n = existing.length + 1; ; n++) {
    const name = `Source ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** Extent of a footprint drawn by a click without a drag, in metres. */
export const DEFAULT_DRAWN_EXTENT_METERS = 10;

/** A rectangle dragged from one corner to the other: its centre and extent, not rotated. */
export function rectangleFromDrag(start: LatLng, end: LatLng): { center: LatLng; xMeters: number; yMeters: number } {
  const { east, north } = eastNorthOf(start, end);
  return { center: offsetEastNorth(start, east / 2, north / 2), xMeters: Math.abs(east), yMeters: Math.abs(north) };
}

/** A circle dragged from its centre to its edge: the diameter both ways. */
export function circleFromDrag(center: LatLng, edge: LatLng): { center: LatLng; xMeters: number; yMeters: number } {
  const { east, north } = eastNorthOf(center, edge);
  const d = 2 * Math.hypot(east, north);
  return { center, xMeters: d, yMeters: d };
}

/** Footprint sizes go to the form with one decimal, inside the 0–100 m the rules allow. */
export const footprintSize = (meters: number): number => Math.min(100, Math.round(meters * 10) / 10);

/** The 'lat,lng' a save sends: the position at storage precision (6 decimals), while the form shows 5. */
export function storageLatLngText(p: LatLng): string {
  const r = roundForStorage(p);
  return `${r.lat},${r.lng}`;
}
