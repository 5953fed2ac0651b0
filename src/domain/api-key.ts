// Pull API keys (spec 3 §2 'Integrations', §3 'Api key', §5 'Api key', §6, §8): the rules of the key form (the
// dialog and the server check the same ones), the texts, the key's format and the limits of the Pull API.
import { z } from 'zod';
import { idOrNewSchema, idSchema } from '@/contracts/bounds';
import { API_ENDPOINT_CATEGORIES } from './enums';
import { MEDIUM_TEXT_MAX } from './text-limits';
import {
  DEFAULT_UNIT_CONFIGURATION,
  UNIT_GROUPS,
  UNITS,
  unitById,
  type UnitConfiguration,
  type UnitGroupName,
} from './units';

export type ApiEndpointCategory = (typeof API_ENDPOINT_CATEGORIES)[number];
export const API_KEY_NAME_MAX = MEDIUM_TEXT_MAX;

/** The header a Pull API call carries its key in. */
export const API_KEY_HEADER = 'X-Api-Key';
/** Every key starts with this, so a leaked key is recognisable in logs and by secret scanners. */
export const API_KEY_PREFIX = 'emk_';
/** How many characters of a key the list shows (the prefix and a few random ones). */
export const API_KEY_VISIBLE_CHARS = 10;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${API_KEY_NAME_MAX} characters`,
  endpointRequired: 'At least one API endpoint must be selected',
  rateUnitRequired: 'CH4 Rate Unit is required',
  volumeUnitRequired: 'CH4 Volume Unit is required',
  speedUnitRequired: 'Speed Unit is required',
  unitNotOffered: 'Choose one of the units offered',
  siteGroupsRequired: "'Site Group(s)' must be specified if 'All Current and Future Sites' is not selected",
  siteGroupNotInOrganization: 'A site group does not belong to this organization',
  highFrequencyPermission: 'Only Qube administrators can change access to High Frequency Data',
  notFound: 'API key not found',
  created: 'API key created',
  edited: 'API key edited',
  deleted: 'API key deleted',
  deleteConfirm: (name: string) => `Are you sure you want to delete '${name}'?`,
  shownOnce: 'Copy this key now. It will not be shown again.',
  noKeys: 'There are no API keys yet.',
} as const;

/** What the Pull API answers when a key cannot be used (spec 1 §4: a deleted organization stops its keys). */
export const PULL_API_MESSAGES = {
  missingKey: `An API key is required in the ${API_KEY_HEADER} header`,
  unknownKey: 'The API key is not valid',
  disabledKey: 'The API key is disabled',
  organizationDeleted: "The API key's organization has been deleted",
  categoryNotAllowed: (category: ApiEndpointCategory) => `The API key does not allow the '${category}' endpoints`,
  siteNotFound: 'Site not found',
  rangeOrder: 'startTime must be before endTime',
  rangeTooLong: (days: number) => `The time range can be at most ${days} days`,
  tooManyRows: (max: number) => `The answer would hold more than ${max} rows; ask for a shorter time range`,
} as const;

/** The longest time range a Pull API call may ask for, by kind of data. */
export const PULL_API_MAX_DAYS = { events: 366, series: 31, rawSeries: 7 } as const;
/** The most rows one Pull API answer holds. */
export const PULL_API_MAX_ROWS = 100_000;
/** Measurements and wind for keys without High Frequency Data: 15-minute averages. */
export const PULL_API_SAMPLE_MINUTES = 15;
/** lastUsedAt is written at most this often per key, so busy keys do not write on every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The key's three unit choices and the group each comes from. */
export const API_KEY_UNIT_FIELDS = [
  {
    field: 'ch4RateDisplayUnitId',
    group: 'ch4Rate',
    label: 'CH4 Rate Unit',
    required: API_KEY_MESSAGES.rateUnitRequired,
  },
  {
    field: 'ch4VolumeDisplayUnitId',
    group: 'ch4Volume',
    label: 'CH4 Volume Unit',
    required: API_KEY_MESSAGES.volumeUnitRequired,
  },
  { field: 'speedDisplayUnitId', group: 'speed', label: 'Speed Unit', required: API_KEY_MESSAGES.speedUnitRequired },
] as const satisfies readonly { field: string; group: UnitGroupName; label: string; required: string }[];

export const unitOptions = (group: UnitGroupName) =>
  UNITS.filter((u) => u.unitGroupId === UNIT_GROUPS[group]).map((u) => ({
    value: u.id,
    label: `${u.name} (${u.label})`,
  }));

const endpointSchema = z.enum(API_ENDPOINT_CATEGORIES, { error: 'Choose one of the API endpoints offered' });
const unitSchema = (message: string) => z.number({ error: message }).int();

const apiKeyFormObject = z.object({
  /** 0 creates a key. */
  id: idOrNewSchema,
  organizationId: idSchema,
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameMax),
  enabled: z.boolean(),
  apiEndpoints: z.array(endpointSchema).max(API_ENDPOINT_CATEGORIES.length).min(1, API_KEY_MESSAGES.endpointRequired),
  canAccessAllSites: z.boolean(),
  siteGroupIds: z.array(idSchema).max(1000),
  canAccessHighFrequencyData: z.boolean(),
  ch4RateDisplayUnitId: unitSchema(API_KEY_MESSAGES.rateUnitRequired),
  ch4VolumeDisplayUnitId: unitSchema(API_KEY_MESSAGES.volumeUnitRequired),
  speedDisplayUnitId: unitSchema(API_KEY_MESSAGES.speedUnitRequired),
});
const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;

// The cross-field rules run even while other fields are wrong (`when`), so a first Save shows every message at once.
export const apiKeyFormSchema = API_KEY_UNIT_FIELDS.reduce(
  (schema, u) =>
    schema.refine((f) => unitById(f[u.field])?.unitGroupId === UNIT_GROUPS[u.group], {
      path: [u.field],
      message: API_KEY_MESSAGES.unitNotOffered,
      when: (p) => typeof field(p.value, u.field) === 'number',
    }),
  apiKeyFormObject.refine((f) => f.canAccessAllSites || f.siteGroupIds.length > 0, {
    path: ['siteGroupIds'],
    message: API_KEY_MESSAGES.siteGroupsRequired,
    when: (p) => field(p.value, 'canAccessAllSites') !== true && Array.isArray(field(p.value, 'siteGroupIds')),
  }),
);
export type ApiKeyForm = z.infer<typeof apiKeyFormSchema>;

/** Ticking 'All Current and Future Sites' clears the site groups (spec 3 §5); endpoints are kept in the spec's order, once. */
export function normalizeApiKeyForm(f: ApiKeyForm): ApiKeyForm {
  return {
    ...f,
    name: f.name.trim(),
    apiEndpoints: API_ENDPOINT_CATEGORIES.filter((c) => f.apiEndpoints.includes(c)),
    siteGroupIds: f.canAccessAllSites ? [] : [...new Set(f.siteGroupIds)].sort((a, b) => a - b),
  };
}

/** A key's units as a full unit configuration (the others stay at the stored units), for the shared converters. */
export function apiKeyUnitConfiguration(k: {
  ch4RateDisplayUnitId: number;
  ch4VolumeDisplayUnitId: number;
  speedDisplayUnitId: number;
}): UnitConfiguration {
  return {
    ...DEFAULT_UNIT_CONFIGURATION,
    ch4RateDisplayUnitId: k.ch4RateDisplayUnitId,
    ch4VolumeDisplayUnitId: k.ch4VolumeDisplayUnitId,
    speedDisplayUnitId: k.speedDisplayUnitId,
  };
}

/** 'All' or the groups' names, as the list shows a key's sites. */
export function apiKeySitesLabel(k: { canAccessAllSites: boolean; siteGroups: readonly { name: string }[] }): string {
  return k.canAccessAllSites ? 'All' : k.siteGroups.map((g) => g.name).join(', ');
}

export const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
