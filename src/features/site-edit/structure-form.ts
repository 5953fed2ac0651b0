// The Structures tab's form as pure functions (spec 3 §3 'Structure', §5 'Structure'): a saved structure as a form, a
// new one's draft, a drawn shape taken into the form, the checks and save request, and the map's footprints.
import type { Structure } from '@/contracts/site-edit';
import { parseLatLng, type LatLng } from '@/domain/coordinates';
import {
  footprintPolygon,
  footprintSize,
  normalizeRotation,
  storageLatLngText,
  type FootprintType,
} from '@/domain/site-edit';
import { structureProblems, type StructureEditBody, type StructureField } from '@/domain/structure';
import { shapeLayer, type Layer, type OutlinedShape } from '@/entities/site/site-edit-layers';
import type { DrawnGeometry } from './site-edit-context';
import { moved, placedAt } from './use-nudge';

export interface StructureForm {
  id: number;
  name: string;
  locationLatLng: string;
  /** Where the feature is, at full precision (nudges of 0.5 m would vanish in the 5 shown decimals). */
  position: LatLng | null;
  footprintType: FootprintType;
  footprintRotation: string;
  footprintX: string;
  footprintY: string;
  footprintZ: string;
}

export const structureToForm = (s: Structure): StructureForm => {
  return {
    id: s.id,
    name: s.name,
    ...placedAt(s.locationLatLng),
    footprintType: s.footprintType,
    footprintRotation: String(s.footprintRotation),
    footprintX: String(s.footprintX),
    footprintY: String(s.footprintY),
    footprintZ: String(s.footprintZ),
  };
};

const num = (t: string): number | null => (t.trim() === '' ? null : Number(t));

/** The footprint's ring where the structure stands, or null without a location. */
function ringOf(f: {
  position: LatLng | null;
  footprintType: FootprintType;
  footprintRotation: string | number;
  footprintX: string | number;
  footprintY: string | number;
}) {
  const at = f.position;
  if (!at) return null;
  const n = (v: string | number) => (typeof v === 'number' ? v : num(v));
  return footprintPolygon({
    location: at,
    footprintType: f.footprintType,
    footprintRotation: n(f.footprintRotation),
    footprintX: n(f.footprintX),
    footprintY: n(f.footprintY),
  });
}

/** The next 'Structure N' no structure uses. */
function generatedStructureName(names: readonly string[]): string {
  const taken = new Set(names.map((n) => n.toLowerCase()));
  for (let n = names.length + 1; ; n++) if (!taken.has(`structure ${n}`)) return `Structure ${n}`;
}

/** A new structure: the next generated name, a box of no size yet, to be drawn. */
export const newStructureDraft = (names: readonly string[]): StructureForm => ({
  id: 0,
  name: generatedStructureName(names),
  locationLatLng: '',
  position: null,
  footprintType: 'Box',
  footprintRotation: '0',
  footprintX: '',
  footprintY: '',
  footprintZ: '',
});

/** The form with a drawn rectangle or circle: its centre, shape, rotation and size. */
export function withDrawnShape(
  f: StructureForm,
  g: Extract<DrawnGeometry, { kind: 'rectangle' | 'circle' }>,
): StructureForm {
  return {
    ...moved(f, { lng: g.center[0], lat: g.center[1] }),
    footprintType: g.kind === 'rectangle' ? 'Box' : 'Cylinder',
    footprintRotation: String(normalizeRotation(g.rotation)),
    footprintX: String(footprintSize(g.xMeters)),
    footprintY: String(footprintSize(g.yMeters)),
  };
}

/** The form's problems before saving (its numbers read, its location as stored) and its save request. */
export function checkStructureForm(
  f: StructureForm,
  organizationId: number,
  siteId: number,
): { problems: Partial<Record<StructureField, string>>; body: StructureEditBody } {
  const values = {
    id: f.id,
    name: f.name,
    locationLatLng: f.position ? storageLatLngText(f.position) : f.locationLatLng,
    footprintType: f.footprintType,
    footprintRotation: num(f.footprintRotation),
    footprintX: num(f.footprintX),
    footprintY: num(f.footprintY),
    footprintZ: num(f.footprintZ),
  };
  const { id, ...fields } = values;
  return {
    problems: structureProblems(values),
    body: { organizationId, ...(id ? { id } : {}), siteId, ...fields },
  };
}

const SHAPE_COLORS: Record<'normal' | 'selected', Pick<OutlinedShape<number>, 'fill' | 'line'>> = {
  normal: { fill: [100, 116, 139, 90], line: [51, 65, 85, 255] },
  selected: { fill: [37, 99, 235, 70], line: [37, 99, 235, 255] },
};

/** The map's footprints: every structure, the one being edited where its form puts it, highlighted. */
export function structureShapes(all: readonly Structure[], form: StructureForm | null): OutlinedShape<number>[] {
  const shapes: OutlinedShape<number>[] = all
    .filter((s) => s.id !== form?.id)
    .flatMap((s) => {
      const ring = ringOf({ ...s, position: parseLatLng(s.locationLatLng) });
      return ring ? [{ datum: s.id, ring, ...SHAPE_COLORS.normal }] : [];
    });
  const ring = form ? ringOf(form) : null;
  if (form && ring) shapes.push({ datum: form.id, ring, ...SHAPE_COLORS.selected });
  return shapes;
}

export const structureLayers = (
  all: readonly Structure[],
  form: StructureForm | null,
  pick: (id: number) => void,
): Layer[] => [shapeLayer('site-edit-structures', structureShapes(all, form), pick)];
