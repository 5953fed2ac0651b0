// Inspections (spec 3 §3 'Inspection', §5 'Inspection form', 'Bulk create of inspections', 'Inspection', §8): the
// types, the rules every inspection meets (the form, the Create Inspections drafts and the server check the same
// ones), the form's field couplings and the texts.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';
import { INVALID_COORDINATES, parseLatLng } from './coordinates';
import { INSPECTION_TYPE_AERIAL } from './inspection-kmz';
import { LARGE_TEXT_MAX, MEDIUM_TEXT_MAX } from './text-limits';

export const InspectionType = { Aerial: INSPECTION_TYPE_AERIAL, Survey: 2 } as const;
export type InspectionType = (typeof InspectionType)[keyof typeof InspectionType];
export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = { 1: 'Aerial', 2: 'Survey' };

export const SurveyType = { OGI: 1, AVO: 2 } as const;
export type SurveyType = (typeof SurveyType)[keyof typeof SurveyType];
export const SURVEY_TYPE_LABELS: Record<SurveyType, string> = { 1: 'OGI', 2: 'AVO' };

export function inspectionTypeLabel(type: number): string {
  const label = INSPECTION_TYPE_LABELS[type as InspectionType];
  if (!label) throw new Error(`Unconfigured inspection type: ${type}`);
  return label;
}
export function surveyTypeLabel(type: number): string {
  const label = SURVEY_TYPE_LABELS[type as SurveyType];
  if (!label) throw new Error(`Unconfigured survey type: ${type}`);
  return label;
}

export const INSPECTION_DESCRIPTION_MAX = LARGE_TEXT_MAX;
export const INSPECTION_THIRD_PARTY_ID_MAX = MEDIUM_TEXT_MAX;
/** The image limit of spec 3 §9 (2 MB), for the bytes before base64. */
export const INSPECTION_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const INSPECTION_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type InspectionImageType = (typeof INSPECTION_IMAGE_TYPES)[number];
/** At most this many inspections in one bulk create. */
export const BULK_INSPECTIONS_MAX = 500;

export const INSPECTION_MESSAGES = {
  siteRequired: 'Site is required',
  timeRequired: 'Inspection Date is required',
  timeInvalid: 'Inspection Date is not a valid date',
  typeRequired: 'Type is required',
  detectionRequired: 'Detection Found is required',
  rateMin: 'Emission Rate must be a number of at least 0',
  concentrationMin: 'Emission Concentration must be a number of at least 0',
  locationRequired: 'Location is required',
  sourceRequired: 'Source is required',
  surveyTypeRequired: 'Survey Type is required',
  surveyTypeOnlySurvey: 'Survey Type is only for Survey inspections',
  invalidCoordinates: INVALID_COORDINATES,
  descriptionMax: `Description must be at most ${INSPECTION_DESCRIPTION_MAX} characters`,
  thirdPartyIdMax: `Third Party Inspection Id must be at most ${INSPECTION_THIRD_PARTY_ID_MAX} characters`,
  imageTooLarge: 'The image must be at most 2 MB',
  imageType: 'The image must be a PNG or JPEG',
  sourceNotAtSite: "The source is not one of the site's sources",
  inspectorNotMember: 'Inspected By must be a user of the organization',
  siteNotFound: 'Site not found',
  inspectionNotFound: 'Inspection not found',
  noneSelected: 'Select at least one valid inspection to create.',
  someInvalid: 'Some selected inspections are not valid. Please correct them or unselect them.',
  deleteConfirm: 'Are you sure you want to delete this inspection?',
  created: (n: number) => `${n} inspections created`,
  deleted: 'Inspection deleted',
  added: 'Inspection added',
  edited: 'Inspection edited',
  noInspections: 'No inspections for the selected time period',
} as const;

/** The fields an inspection carries in and out of the forms and the calls. */
export const INSPECTION_FIELDS = [
  'siteId',
  'type',
  'time',
  'detectionFound',
  'emissionRate',
  'emissionConcentration',
  'locationLatLng',
  'sourceId',
  'surveyType',
  'inspectedByUserId',
  'thirdPartyInspectionId',
  'description',
  'northEastCornerLocationLatLng',
  'southWestCornerLocationLatLng',
  'image',
] as const;
export type InspectionField = (typeof INSPECTION_FIELDS)[number];

/** What the rules look at; the form holds the time as typed, the calls as an ISO instant. */
export interface InspectionRuleValues {
  siteId: number | null;
  type: number | null;
  time: string | null;
  detectionFound: boolean | null;
  emissionRate: number | null;
  emissionConcentration: number | null;
  locationLatLng: string;
  sourceId: number | null;
  surveyType: number | null;
  thirdPartyInspectionId: string;
  description: string;
  northEastCornerLocationLatLng: string;
  southWestCornerLocationLatLng: string;
}

const badNumber = (v: number | null) => v !== null && (!Number.isFinite(v) || v < 0);

/** The spec's inspection rules (§5 'Inspection'): the first problem of each field. */
export function inspectionProblems(v: InspectionRuleValues): Partial<Record<InspectionField, string>> {
  const p: Partial<Record<InspectionField, string>> = {};
  if (v.siteId === null) p.siteId = INSPECTION_MESSAGES.siteRequired;
  if (v.type === null) p.type = INSPECTION_MESSAGES.typeRequired;
  if (!v.time) p.time = INSPECTION_MESSAGES.timeRequired;
  if (v.detectionFound === null) p.detectionFound = INSPECTION_MESSAGES.detectionRequired;
  if (badNumber(v.emissionRate)) p.emissionRate = INSPECTION_MESSAGES.rateMin;
  if (badNumber(v.emissionConcentration)) p.emissionConcentration = INSPECTION_MESSAGES.concentrationMin;
  const location = v.locationLatLng.trim();
  if (location && !parseLatLng(location)) p.locationLatLng = INSPECTION_MESSAGES.invalidCoordinates;
  for (const corner of ['northEastCornerLocationLatLng', 'southWestCornerLocationLatLng'] as const) {
    if (v[corner].trim() && !parseLatLng(v[corner])) p[corner] = INSPECTION_MESSAGES.invalidCoordinates;
  }
  if (v.type === InspectionType.Aerial) {
    if (!location) p.locationLatLng = INSPECTION_MESSAGES.locationRequired;
    if (v.surveyType !== null) p.surveyType = INSPECTION_MESSAGES.surveyTypeOnlySurvey;
  }
  if (v.type === InspectionType.Survey) {
    if (v.surveyType === null) p.surveyType = INSPECTION_MESSAGES.surveyTypeRequired;
    if (v.detectionFound && !location && v.sourceId === null) {
      p.locationLatLng ??= INSPECTION_MESSAGES.locationRequired;
      p.sourceId = INSPECTION_MESSAGES.sourceRequired;
    }
  }
  if (v.thirdPartyInspectionId.length > INSPECTION_THIRD_PARTY_ID_MAX)
    p.thirdPartyInspectionId = INSPECTION_MESSAGES.thirdPartyIdMax;
  if (v.description.length > INSPECTION_DESCRIPTION_MAX) p.description = INSPECTION_MESSAGES.descriptionMax;
  return p;
}

const nullableId = idSchema.nullable();
const ruleFields = {
  siteId: nullableId,
  type: z.union([z.literal(InspectionType.Aerial), z.literal(InspectionType.Survey)]).nullable(),
  detectionFound: z.boolean().nullable(),
  emissionRate: z.number().nullable(),
  emissionConcentration: z.number().nullable(),
  locationLatLng: z.string(),
  sourceId: nullableId,
  surveyType: z.union([z.literal(SurveyType.OGI), z.literal(SurveyType.AVO)]).nullable(),
  inspectedByUserId: nullableId,
  thirdPartyInspectionId: z.string(),
  description: z.string(),
  northEastCornerLocationLatLng: z.string(),
  southWestCornerLocationLatLng: z.string(),
};

function withRules<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape).superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(inspectionProblems(value as unknown as InspectionRuleValues)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
}

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
export const inspectionImageSchema = z.object({
  mimeType: z.enum(INSPECTION_IMAGE_TYPES, { error: INSPECTION_MESSAGES.imageType }),
  content: z.base64().max(base64Length(INSPECTION_IMAGE_MAX_BYTES), INSPECTION_MESSAGES.imageTooLarge),
});

/**
 * One inspection as the calls carry it. `image` absent keeps an edited inspection's image, null removes it.
 * The time is an ISO instant.
 */
export const inspectionInputSchema = withRules({
  ...ruleFields,
  id: nullableId.optional(),
  time: z.union([z.iso.datetime({ offset: true, error: INSPECTION_MESSAGES.timeInvalid }), z.null()]),
  image: inspectionImageSchema.nullable().optional(),
});
export type InspectionInput = z.infer<typeof inspectionInputSchema>;

/** The Add or Edit Inspection form: the time as typed ('YYYY-MM-DDTHH:mm' in the user's zone). */
export const inspectionFormSchema = withRules({
  ...ruleFields,
  time: z.string().nullable(),
  image: inspectionImageSchema.nullable().optional(),
});
export type InspectionFormValues = z.infer<typeof inspectionFormSchema>;

export const emptyInspectionForm = (type: InspectionType = InspectionType.Survey): InspectionFormValues => ({
  siteId: null,
  type,
  time: null,
  // Aerial inspections start with a detection found (spec 3 §5).
  detectionFound: type === InspectionType.Aerial,
  emissionRate: null,
  emissionConcentration: null,
  locationLatLng: '',
  sourceId: null,
  surveyType: null,
  inspectedByUserId: null,
  thirdPartyInspectionId: '',
  description: '',
  northEastCornerLocationLatLng: '',
  southWestCornerLocationLatLng: '',
});

/**
 * The form's couplings (spec 3 §5 'Inspection form'): what else a change to one field clears. Answers the fields to
 * set along with the change.
 */
export function inspectionFieldChange(
  field: 'detectionFound' | 'siteId' | 'locationLatLng' | 'sourceId' | 'type',
  value: unknown,
): Partial<InspectionFormValues> {
  switch (field) {
    case 'detectionFound':
      return value ? {} : { emissionRate: null, emissionConcentration: null, locationLatLng: '', sourceId: null };
    case 'siteId':
      return { sourceId: null };
    case 'locationLatLng':
      return typeof value === 'string' && value.trim() ? { sourceId: null } : {};
    case 'sourceId':
      return value !== null && value !== undefined ? { locationLatLng: '' } : {};
    case 'type':
      // The corners place an Aerial image; a Survey has none.
      return value === InspectionType.Aerial
        ? { detectionFound: true, surveyType: null }
        : { northEastCornerLocationLatLng: '', southWestCornerLocationLatLng: '' };
  }
}

/** 'YYYY-MM-DDTHH:mm' in the zone to an ISO instant; null when blank or malformed. */
export function inspectionLocalToIso(value: string | null, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  return new Date(
    new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), timeZone).getTime(),
  ).toISOString();
}
export const inspectionIsoToLocal = (iso: string | null, timeZone: string): string | null =>
  iso ? format(new TZDate(new Date(iso).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm") : null;

/** The problems of one inspection of a bulk create, by field (the drafts show them; the server keys them by index). */
export function inputProblems(value: unknown): Partial<Record<string, string>> {
  const result = inspectionInputSchema.safeParse(value);
  if (result.success) return {};
  const out: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/** The bulk create's error key of a field of the n-th inspection (spec 3 §7 behaviour notes). */
export const bulkErrorKey = (index: number, field: string) => `inspections[${index}].${field}`;

/** A bulk create's 400 error map back onto the inspections: index → field → message. */
export function bulkErrorsByIndex(errors: Record<string, readonly string[]>): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^inspections\[(\d+)\]\.?(.*)$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const row = out.get(index) ?? {};
    const field = m[2] || '';
    row[field] = [row[field], ...messages].filter(Boolean).join(' ');
    out.set(index, row);
  }
  return out;
}
