// Structure rules (spec 3 §3 'Structure', §5 'Structure'): name, location and footprint type required; rotation 0 to
// 359; X, Y and Z each 0 to 100; all required. Checked by the Structures tab and by the server alike.
import { z } from 'zod';
import { idOrNewSchema, idSchema } from '@/contracts/bounds';
import { INVALID_COORDINATES, parseLatLng } from './coordinates';
import { FOOTPRINT_TYPES, type FootprintType } from './site-edit';
import { MEDIUM_TEXT_MAX } from './text-limits';

export const STRUCTURE_NAME_MAX = MEDIUM_TEXT_MAX;
export const FOOTPRINT_ROTATION_MAX = 359;
export const FOOTPRINT_SIZE_MAX = 100;

export const STRUCTURE_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${STRUCTURE_NAME_MAX} characters`,
  location: INVALID_COORDINATES,
  typeRequired: 'Footprint type is required',
  rotation: `Rotation must be a number from 0 to ${FOOTPRINT_ROTATION_MAX}`,
  size: (axis: 'X' | 'Y' | 'Z') => `${axis} must be a number from 0 to ${FOOTPRINT_SIZE_MAX}`,
  notFound: 'Structure not found',
} as const;

export interface StructureRuleValues {
  name: string;
  locationLatLng: string;
  footprintType: string | null;
  footprintRotation: number | null;
  footprintX: number | null;
  footprintY: number | null;
  footprintZ: number | null;
}
export type StructureField = keyof StructureRuleValues;

const inRange = (v: number | null, max: number): boolean => v !== null && Number.isFinite(v) && v >= 0 && v <= max;

export function structureProblems(v: StructureRuleValues): Partial<Record<StructureField, string>> {
  const p: Partial<Record<StructureField, string>> = {};
  if (!v.name.trim()) p.name = STRUCTURE_MESSAGES.nameRequired;
  else if (v.name.length > STRUCTURE_NAME_MAX) p.name = STRUCTURE_MESSAGES.nameMax;
  if (!parseLatLng(v.locationLatLng)) p.locationLatLng = STRUCTURE_MESSAGES.location;
  if (!v.footprintType || !FOOTPRINT_TYPES.includes(v.footprintType as FootprintType))
    p.footprintType = STRUCTURE_MESSAGES.typeRequired;
  if (!inRange(v.footprintRotation, FOOTPRINT_ROTATION_MAX)) p.footprintRotation = STRUCTURE_MESSAGES.rotation;
  if (!inRange(v.footprintX, FOOTPRINT_SIZE_MAX)) p.footprintX = STRUCTURE_MESSAGES.size('X');
  if (!inRange(v.footprintY, FOOTPRINT_SIZE_MAX)) p.footprintY = STRUCTURE_MESSAGES.size('Y');
  if (!inRange(v.footprintZ, FOOTPRINT_SIZE_MAX)) p.footprintZ = STRUCTURE_MESSAGES.size('Z');
  return p;
}

/** The save call's body (POST /api/structure/structureEdit): no id or 0 creates. */
export const structureEditBodySchema = z
  .object({
    organizationId: idSchema,
    id: idOrNewSchema.optional(),
    siteId: idSchema,
    name: z.string(),
    locationLatLng: z.string(),
    footprintType: z.string().nullable(),
    footprintRotation: z.number().nullable(),
    footprintX: z.number().nullable(),
    footprintY: z.number().nullable(),
    footprintZ: z.number().nullable(),
  })
  .superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(structureProblems(value)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type StructureEditBody = z.infer<typeof structureEditBodySchema>;
