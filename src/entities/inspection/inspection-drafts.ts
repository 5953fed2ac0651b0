// The drafts of Create Inspections (spec 3 §5 'Bulk create of inspections'): a KMZ draft as an inspection to complete,
// each draft's problems (the domain's rules, then the last create's 400) labelled by field, the line naming a draft,
// which drafts are selected and whether one of them is invalid, and a 400's messages placed on the drafts they name.
import type { InspectionSites } from '@/contracts/inspection';
import { formatDateTime } from '@/domain/format';
import { InspectionType, inputProblems, inspectionTypeLabel, type InspectionInput } from '@/domain/inspection';
import type { InspectionDraft } from '@/domain/inspection-kmz';
import { bytesToBase64 } from './use-inspection-form';

export interface Draft {
  key: number;
  origin: string;
  input: InspectionInput;
  selected: boolean;
  /** Messages of the last create's 400, until the draft is edited. */
  serverErrors: Record<string, string>;
}

/** A draft with its problems, each as 'Field: message'; none means it is valid. */
export interface DraftRow {
  draft: Draft;
  problems: string[];
}

const FIELD_LABELS: Record<string, string> = {
  siteId: 'Site',
  type: 'Type',
  time: 'Inspection Date',
  detectionFound: 'Detection Found',
  emissionRate: 'Emission Rate',
  emissionConcentration: 'Emission Concentration',
  locationLatLng: 'Location',
  sourceId: 'Source',
  surveyType: 'Survey Type',
  inspectedByUserId: 'Inspected By',
  thirdPartyInspectionId: 'Third Party Inspection Id',
  description: 'Description',
  northEastCornerLocationLatLng: 'North-East Corner',
  southWestCornerLocationLatLng: 'South-West Corner',
  image: 'Image',
  '': 'Inspection',
};

export function draftProblems(d: Draft): string[] {
  const all = { ...inputProblems(d.input), ...d.serverErrors };
  return Object.entries(all).map(([field, message]) => `${FIELD_LABELS[field] ?? field}: ${message}`);
}

const latLng = (p: { lat: number; lng: number } | null) => (p ? `${p.lat},${p.lng}` : '');

/** A KMZ draft as an inspection to complete: Aerial, detection found, its place, corners, image and description. */
export function draftInput(d: InspectionDraft): InspectionInput {
  return {
    id: null,
    siteId: null,
    type: InspectionType.Aerial,
    time: d.time,
    detectionFound: true,
    emissionRate: null,
    emissionConcentration: null,
    locationLatLng: latLng(d.location),
    sourceId: null,
    surveyType: null,
    inspectedByUserId: null,
    thirdPartyInspectionId: '',
    description: d.description,
    northEastCornerLocationLatLng: latLng(d.northEastCorner),
    southWestCornerLocationLatLng: latLng(d.southWestCorner),
    image: d.image ? { mimeType: d.image.mime, content: bytesToBase64(d.image.bytes) } : null,
  };
}

/** The line under a draft's origin: its type, site and date, or 'No site' / 'No date' while they are missing. */
export function draftLabel(
  input: InspectionInput,
  sites: InspectionSites | undefined,
  timeZone: string,
  timeFormat: '12-hr' | '24-hr',
): string {
  const site = sites?.sites.find((s) => s.id === input.siteId)?.name ?? '';
  const date = input.time ? formatDateTime(input.time, timeZone, timeFormat) : 'No date';
  return `${inspectionTypeLabel(input.type ?? InspectionType.Survey)} · ${site || 'No site'} · ${date}`;
}

/** Every draft with its problems, the selected ones, whether one selected is invalid and whether all are selected. */
export function draftSelection(drafts: Draft[]) {
  const rows: DraftRow[] = drafts.map((d) => ({ draft: d, problems: draftProblems(d) }));
  const selected = rows.filter((r) => r.draft.selected);
  return {
    rows,
    selected,
    someInvalid: selected.some((r) => r.problems.length > 0),
    allSelected: drafts.length > 0 && drafts.every((d) => d.selected),
  };
}

/** The drafts after a create's 400: the n-th draft sent gets the messages of inspections[n], the others stay. */
export function withServerErrors(
  drafts: Draft[],
  sent: Draft[],
  byIndex: Map<number, Record<string, string>>,
): Draft[] {
  return drafts.map((d) => {
    const index = sent.findIndex((c) => c.key === d.key);
    const errors = index >= 0 ? byIndex.get(index) : undefined;
    return errors ? { ...d, serverErrors: errors } : d;
  });
}
