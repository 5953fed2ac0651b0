// Source rules (spec 3 §3 'Source', §5 'Source', §9): the form's fields and messages, checked by the Sources tab and
// by the server alike.
import { z } from 'zod';
import { idOrNewSchema, idSchema } from '@/contracts/bounds';
import { INVALID_COORDINATES, parseLatLng } from './coordinates';
import { MEDIUM_TEXT_MAX } from './text-limits';

export const RelativeImportance = { Ignore: 0, Low: 1, Medium: 2, High: 3 } as const;
export type RelativeImportance = (typeof RelativeImportance)[keyof typeof RelativeImportance];
export const RELATIVE_IMPORTANCE_OPTIONS: readonly { value: RelativeImportance; label: string }[] = [
  { value: 0, label: 'Ignore' },
  { value: 1, label: 'Low' },
  { value: 2, label: 'Medium' },
  { value: 3, label: 'High' },
];
export const DEFAULT_RELATIVE_IMPORTANCE: RelativeImportance = RelativeImportance.Medium;
export const DEFAULT_SOURCE_HEIGHT = 2;
export const SOURCE_GROUP_NAME_MAX = 100;
export const SOURCE_NAME_MAX = MEDIUM_TEXT_MAX;
export const COORDINATES_PLACEHOLDER = 'e.g. 11.123,-111.123';

export const SOURCE_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${SOURCE_NAME_MAX} characters`,
  location: INVALID_COORDINATES,
  heightMin: 'Height must be 0 or more',
  importanceRequired: 'Relative importance is required',
  categoryRequired: 'Category is required',
  groupMax: 'Source Group name must be less than 100 characters',
  notFound: 'Source not found',
} as const;

export interface SourceRuleValues {
  name: string;
  locationLatLng: string;
  height: number | null;
  relativeImportance: number | null;
  sourceCategoryId: number | null;
  sourceGroupName: string;
}
export type SourceField = keyof SourceRuleValues;

export function sourceProblems(v: SourceRuleValues): Partial<Record<SourceField, string>> {
  const p: Partial<Record<SourceField, string>> = {};
  if (!v.name.trim()) p.name = SOURCE_MESSAGES.nameRequired;
  else if (v.name.length > SOURCE_NAME_MAX) p.name = SOURCE_MESSAGES.nameMax;
  if (!parseLatLng(v.locationLatLng)) p.locationLatLng = SOURCE_MESSAGES.location;
  if (v.height !== null && !(Number.isFinite(v.height) && v.height >= 0)) p.height = SOURCE_MESSAGES.heightMin;
  if (v.relativeImportance === null || !RELATIVE_IMPORTANCE_OPTIONS.some((o) => o.value === v.relativeImportance))
    p.relativeImportance = SOURCE_MESSAGES.importanceRequired;
  if (v.sourceCategoryId === null) p.sourceCategoryId = SOURCE_MESSAGES.categoryRequired;
  if (v.sourceGroupName.trim().length > SOURCE_GROUP_NAME_MAX) p.sourceGroupName = SOURCE_MESSAGES.groupMax;
  return p;
}

/** What the form sends: an empty group name leaves the group out (spec 3 §5). */
export function sourcePayloadGroup(groupName: string): { sourceGroup?: { name: string } } {
  const name = groupName.trim();
  return name ? { sourceGroup: { name } } : {};
}

/** The save call's body (POST /api/source/sourceEdit): no id or 0 creates. */
export const sourceEditBodySchema = z
  .object({
    organizationId: idSchema,
    id: idOrNewSchema.optional(),
    siteId: idSchema,
    name: z.string(),
    locationLatLng: z.string(),
    height: z.number().nullable(),
    relativeImportance: z.number().int().nullable(),
    sourceCategoryId: idSchema.nullable(),
    sourceGroup: z.object({ name: z.string() }).optional(),
  })
  .superRefine((value, ctx) => {
    const problems = sourceProblems({ ...value, sourceGroupName: value.sourceGroup?.name ?? '' });
    for (const [field, message] of Object.entries(problems))
      ctx.addIssue({ code: 'custom', path: [field === 'sourceGroupName' ? 'sourceGroup.name' : field], message });
  });
export type SourceEditBody = z.infer<typeof sourceEditBodySchema>;
