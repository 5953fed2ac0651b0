// Site add/edit, access details and site groups (spec 3 §5 'Site form', spec 1 §4 group tri-state, §5 group name):
// one set of rules for the dialogs and the server.
import { z } from 'zod';
import { idOrNewSchema, idSchema } from '@/contracts/bounds';
import { INVALID_COORDINATES, parseLatLng } from './coordinates';

import { LARGE_TEXT_MAX, MEDIUM_TEXT_MAX } from './text-limits';

export const SITE_TEXT_MAX = MEDIUM_TEXT_MAX;

/** Spec 1 §8: the confirmation before a site is deleted. */
export const SITE_DELETE_WARNING =
  'Deleting a site will remove it and any associated information from the dashboard. Emission volumes from this site will no longer appear in emission totals, the API, or CSV exports.';
export const ACCESS_NOTES_MAX = LARGE_TEXT_MAX;
export const SITE_LOCATION_PLACEHOLDER = 'e.g. 11.123,-111.123';

const optionalId = idSchema.nullable();
const optionalText = z.string().trim().max(SITE_TEXT_MAX, `Must be at most ${SITE_TEXT_MAX} characters`).nullable();

/** The dialog's fields; locationLatLng is typed as 'lat,lng'. */
export const siteFormSchema = z.object({
  id: idOrNewSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(SITE_TEXT_MAX, `Name must be at most ${SITE_TEXT_MAX} characters`),
  organizationId: z.number({ error: 'Organization is required' }).int().positive('Organization is required'),
  locationLatLng: z
    .string()
    .trim()
    .min(1, 'Location is required')
    .refine((v) => parseLatLng(v) !== null, INVALID_COORDINATES),
  alias: optionalText,
  siteGroupIds: z.array(idSchema).max(500),
  businessUnit: optionalText,
  assetArea: optionalText,
  countryId: optionalId,
  stateProvinceId: optionalId,
  regulationId: optionalId,
  regulatorySiteTypeId: optionalId,
  genericSiteTypeId: optionalId,
  basinId: optionalId,
  industrySegmentId: optionalId,
  fluidTypeId: optionalId,
});
export type SiteForm = z.infer<typeof siteFormSchema>;

/** Fields only SiteAdd may change on an existing site (spec 3 §5). */
export const SITE_ADD_ONLY_FIELDS = [
  'name',
  'organizationId',
  'locationLatLng',
  'countryId',
  'stateProvinceId',
  'regulationId',
  'regulatorySiteTypeId',
] as const satisfies readonly (keyof SiteForm)[];

/** What a change of one field clears (spec 3 §5): organization → asset area, business unit, groups; country → state, regulation, regulatory type. */
export function clearedByChange(field: 'organizationId' | 'countryId' | 'regulationId'): (keyof SiteForm)[] {
  if (field === 'organizationId') return ['assetArea', 'businessUnit', 'siteGroupIds'];
  if (field === 'countryId') return ['stateProvinceId', 'regulationId', 'regulatorySiteTypeId'];
  return ['regulatorySiteTypeId'];
}

export const MOVE_SITE_CONFIRMATION = (from: string, to: string) =>
  `This moves the site from ${from} to ${to}. Its asset area, business unit and groups are cleared, and users of ${from} lose access to it. Continue?`;

export const accessNotesSchema = z
  .string()
  .max(ACCESS_NOTES_MAX, `Access notes must be at most ${ACCESS_NOTES_MAX} characters`);

export const siteAccessSchema = z.object({
  siteId: idSchema,
  organizationId: idSchema,
  accessNotes: accessNotesSchema.nullable(),
  notificationRequired: z.boolean(),
  specialTicketsRequired: z.boolean(),
  workPermitRequired: z.boolean(),
});
export type SiteAccess = z.infer<typeof siteAccessSchema>;

export const SITE_GROUP_COMMA = 'Site Group cannot contain ","';
export const siteGroupNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(SITE_TEXT_MAX, `Name must be at most ${SITE_TEXT_MAX} characters`)
  .refine((v) => !v.includes(','), SITE_GROUP_COMMA);

// Group tri-state (spec 1 §4).
export type GroupCheck = 'checked' | 'indeterminate' | 'unchecked';

/** Checked when every selected site has the group, indeterminate when some do, unchecked when none do. */
export function initialGroupCheck(groupId: number, sites: readonly { siteGroupIds: readonly number[] }[]): GroupCheck {
  const having = sites.filter((s) => s.siteGroupIds.includes(groupId)).length;
  if (sites.length > 0 && having === sites.length) return 'checked';
  return having > 0 ? 'indeterminate' : 'unchecked';
}

/** A click: groups only some sites had cycle indeterminate → checked → unchecked → indeterminate; others toggle. */
export function nextGroupCheck(current: GroupCheck, initial: GroupCheck): GroupCheck {
  if (initial === 'indeterminate')
    return current === 'indeterminate' ? 'checked' : current === 'checked' ? 'unchecked' : 'indeterminate';
  return current === 'checked' ? 'unchecked' : 'checked';
}

/** Per site, its indeterminate groups that were kept plus the checked groups (what Apply sends). */
export function groupsAfterApply(
  sites: readonly { id: number; siteGroupIds: readonly number[] }[],
  checks: ReadonlyMap<number, GroupCheck>,
): Record<number, number[]> {
  const out: Record<number, number[]> = {};
  for (const site of sites) {
    const groups = new Set<number>();
    for (const [groupId, check] of checks) {
      if (check === 'checked' || (check === 'indeterminate' && site.siteGroupIds.includes(groupId)))
        groups.add(groupId);
    }
    // Groups outside the list (none in practice) stay as they were.
    for (const g of site.siteGroupIds) if (!checks.has(g)) groups.add(g);
    out[site.id] = [...groups].sort((a, b) => a - b);
  }
  return out;
}

export const GROUPS_HINT_NONE = 'Select one or more sites to edit their groups';
export const GROUPS_HINT_SOME = 'Edit the groups for the selected sites';
export const updatedSitesToast = (n: number) => `Updated ${n} Sites`;

/** The warning before deleting a group (spec 1 §8), from its counts. */
export function deleteGroupWarning(g: {
  name: string;
  siteCount: number;
  notificationSubscriptionCount: number;
  apiKeyCount: number;
  integrationCount: number;
}): string {
  return (
    `Deleting '${g.name}' removes it from ${g.siteCount} site(s), ${g.notificationSubscriptionCount} notification subscription(s), ` +
    `${g.apiKeyCount} API key(s) and ${g.integrationCount} push integration(s). ` +
    'Subscriptions, API keys or push integrations left without group filters will be disabled.'
  );
}
