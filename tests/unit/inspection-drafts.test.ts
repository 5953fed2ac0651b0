// Create Inspections' drafts: a KMZ draft as an Aerial inspection to complete, each draft's problems labelled by field
// (the server's 400 over the domain's rules), the line naming a draft, the selection, and a 400 placed on the drafts.
import { describe, expect, it } from 'vitest';
import type { InspectionSites } from '@/contracts/inspection';
import { InspectionType } from '@/domain/inspection';
import type { InspectionDraft } from '@/domain/inspection-kmz';
import {
  draftInput,
  draftLabel,
  draftProblems,
  draftSelection,
  withServerErrors,
  type Draft,
} from '@/entities/inspection/inspection-drafts';

const kmz: InspectionDraft = {
  sourceName: 'Overlay 1',
  type: InspectionType.Aerial,
  time: '2026-03-01T10:00:00Z',
  detectionFound: true,
  description: 'Plume over the tanks',
  location: { lat: 31.5, lng: -102.25 },
  northEastCorner: { lat: 31.6, lng: -102.2 },
  southWestCorner: null,
  image: { bytes: new Uint8Array([1, 2, 3]), mime: 'image/png', width: 1, height: 1 },
};

const complete = { ...draftInput(kmz), siteId: 4 };
const draft = (key: number, o: Partial<Draft> = {}): Draft => ({
  key,
  origin: `draft ${key}`,
  input: complete,
  selected: true,
  serverErrors: {},
  ...o,
});
const sites: InspectionSites = {
  sites: [{ id: 4, name: 'Juniper Pad', locationLatLng: '31.5,-102.25', sources: [] }],
  inspectors: [],
};

describe('inspection drafts', () => {
  it('reads a KMZ draft as an Aerial inspection with a detection found, its place, corners, image and text', () => {
    expect(draftInput(kmz)).toEqual({
      id: null,
      siteId: null,
      type: InspectionType.Aerial,
      time: '2026-03-01T10:00:00Z',
      detectionFound: true,
      emissionRate: null,
      emissionConcentration: null,
      locationLatLng: '31.5,-102.25',
      sourceId: null,
      surveyType: null,
      inspectedByUserId: null,
      thirdPartyInspectionId: '',
      description: 'Plume over the tanks',
      northEastCornerLocationLatLng: '31.6,-102.2',
      southWestCornerLocationLatLng: '',
      image: { mimeType: 'image/png', content: 'AQID' },
    });
    expect(draftInput({ ...kmz, location: null, image: null })).toMatchObject({ locationLatLng: '', image: null });
  });

  it("labels each problem with its field, the server's messages over the rules' until the draft is edited", () => {
    expect(draftProblems(draft(1))).toEqual([]);
    expect(draftProblems(draft(1, { input: draftInput(kmz) }))).toEqual([expect.stringMatching(/^Site: /)]);
    expect(
      draftProblems(draft(1, { input: draftInput(kmz), serverErrors: { siteId: 'No such site', '': 'Duplicate' } })),
    ).toEqual(['Site: No such site', 'Inspection: Duplicate']);
    expect(draftProblems(draft(1, { serverErrors: { somethingElse: 'Odd' } }))).toEqual(['somethingElse: Odd']);
  });

  it('names a draft by type, site and date, or says what is missing', () => {
    expect(draftLabel(complete, sites, 'UTC', '24-hr')).toMatch(/^Aerial · Juniper Pad · .*2026.*10:00/);
    expect(draftLabel({ ...complete, siteId: null, time: null }, sites, 'UTC', '24-hr')).toBe(
      'Aerial · No site · No date',
    );
    expect(draftLabel({ ...complete, type: null }, undefined, 'UTC', '24-hr')).toMatch(/^Survey · No site · /);
  });

  it('counts the selected drafts and whether one of them is invalid', () => {
    const invalid = draft(2, { input: { ...complete, siteId: null } });
    expect(draftSelection([])).toEqual({ rows: [], selected: [], someInvalid: false, allSelected: false });
    const some = draftSelection([draft(1), { ...invalid, selected: false }]);
    expect(some.selected.map((r) => r.draft.key)).toEqual([1]);
    expect(some).toMatchObject({ someInvalid: false, allSelected: false });
    expect(some.rows[1]?.problems).toHaveLength(1);
    expect(draftSelection([draft(1), invalid])).toMatchObject({ someInvalid: true, allSelected: true });
  });

  it("puts a 400's inspections[n] messages on the n-th draft sent, leaving the others", () => {
    const all = [draft(1), draft(2, { selected: false }), draft(3)];
    const sent = [all[0]!, all[2]!];
    const after = withServerErrors(all, sent, new Map([[1, { time: 'Too early' }]]));
    expect(after.map((d) => d.serverErrors)).toEqual([{}, {}, { time: 'Too early' }]);
    expect(after[0]).toBe(all[0]);
  });
});
