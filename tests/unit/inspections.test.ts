import { describe, expect, it } from 'vitest';
import { INVALID_COORDINATES } from '@/domain/coordinates';
import {
  bulkErrorKey,
  bulkErrorsByIndex,
  emptyInspectionForm,
  INSPECTION_MESSAGES,
  inspectionFieldChange,
  inspectionFormSchema,
  inspectionIsoToLocal,
  inspectionLocalToIso,
  inspectionProblems,
  inputProblems,
  inspectionTypeLabel,
  InspectionType,
  SurveyType,
  surveyTypeLabel,
} from '@/domain/inspection';

const survey = {
  ...emptyInspectionForm(InspectionType.Survey),
  siteId: 1,
  time: '2026-03-01T10:00:00Z',
  surveyType: SurveyType.OGI,
  detectionFound: false,
};

describe('inspection rules', () => {
  it('needs site, date, type and detection found', () => {
    expect(
      inspectionProblems({ ...survey, siteId: null, time: null, type: null, detectionFound: null, surveyType: null }),
    ).toEqual({
      siteId: INSPECTION_MESSAGES.siteRequired,
      time: INSPECTION_MESSAGES.timeRequired,
      type: INSPECTION_MESSAGES.typeRequired,
      detectionFound: INSPECTION_MESSAGES.detectionRequired,
    });
    expect(inspectionProblems(survey)).toEqual({});
  });

  it('needs a location on Aerial, and a location or a source on a Survey with a detection', () => {
    expect(
      inspectionProblems({ ...survey, type: InspectionType.Aerial, surveyType: null, detectionFound: true }),
    ).toEqual({ locationLatLng: INSPECTION_MESSAGES.locationRequired });
    expect(inspectionProblems({ ...survey, detectionFound: true })).toEqual({
      locationLatLng: INSPECTION_MESSAGES.locationRequired,
      sourceId: INSPECTION_MESSAGES.sourceRequired,
    });
    expect(inspectionProblems({ ...survey, detectionFound: true, sourceId: 4 })).toEqual({});
    expect(inspectionProblems({ ...survey, detectionFound: true, locationLatLng: '31.9,-102.1' })).toEqual({});
  });

  it('needs a survey type only on a Survey', () => {
    expect(inspectionProblems({ ...survey, surveyType: null }).surveyType).toBe(INSPECTION_MESSAGES.surveyTypeRequired);
    expect(inspectionProblems({ ...survey, type: InspectionType.Aerial, locationLatLng: '1,1' }).surveyType).toBe(
      INSPECTION_MESSAGES.surveyTypeOnlySurvey,
    );
  });

  it('checks numbers, coordinates and lengths', () => {
    expect(inspectionProblems({ ...survey, emissionRate: -1, emissionConcentration: Number.NaN })).toMatchObject({
      emissionRate: INSPECTION_MESSAGES.rateMin,
      emissionConcentration: INSPECTION_MESSAGES.concentrationMin,
    });
    expect(inspectionProblems({ ...survey, emissionRate: 0 })).toEqual({});
    expect(
      inspectionProblems({
        ...survey,
        locationLatLng: '91,0',
        northEastCornerLocationLatLng: 'x',
        southWestCornerLocationLatLng: '1,181',
      }),
    ).toEqual({
      locationLatLng: INVALID_COORDINATES,
      northEastCornerLocationLatLng: INVALID_COORDINATES,
      southWestCornerLocationLatLng: INVALID_COORDINATES,
    });
    expect(
      inspectionProblems({ ...survey, description: 'x'.repeat(4001), thirdPartyInspectionId: 'y'.repeat(257) }),
    ).toEqual({
      description: INSPECTION_MESSAGES.descriptionMax,
      thirdPartyInspectionId: INSPECTION_MESSAGES.thirdPartyIdMax,
    });
  });

  it('is the form schema and the call schema alike', () => {
    const form = inspectionFormSchema.safeParse({ ...survey, time: '' });
    expect(form.success).toBe(false);
    expect(form.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['time', INSPECTION_MESSAGES.timeRequired],
    ]);
    expect(inputProblems({ ...survey, time: 'soon' })).toEqual({ time: INSPECTION_MESSAGES.timeInvalid });
    expect(inputProblems({ ...survey, image: { mimeType: 'image/gif', content: 'AAAA' } })).toEqual({
      image: INSPECTION_MESSAGES.imageType,
    });
  });
});

describe('inspection form couplings', () => {
  it('clears the detection fields when no detection is found', () => {
    expect(inspectionFieldChange('detectionFound', false)).toEqual({
      emissionRate: null,
      emissionConcentration: null,
      locationLatLng: '',
      sourceId: null,
    });
    expect(inspectionFieldChange('detectionFound', true)).toEqual({});
  });
  it('clears the source on a new site, and coordinates and source each other', () => {
    expect(inspectionFieldChange('siteId', 3)).toEqual({ sourceId: null });
    expect(inspectionFieldChange('locationLatLng', '1,2')).toEqual({ sourceId: null });
    expect(inspectionFieldChange('locationLatLng', '')).toEqual({});
    expect(inspectionFieldChange('sourceId', 5)).toEqual({ locationLatLng: '' });
    expect(inspectionFieldChange('sourceId', null)).toEqual({});
  });
  it('starts Aerial inspections with a detection found and no survey type', () => {
    expect(emptyInspectionForm(InspectionType.Aerial).detectionFound).toBe(true);
    expect(emptyInspectionForm(InspectionType.Survey).detectionFound).toBe(false);
    expect(inspectionFieldChange('type', InspectionType.Aerial)).toEqual({ detectionFound: true, surveyType: null });
    expect(inspectionFieldChange('type', InspectionType.Survey)).toEqual({
      northEastCornerLocationLatLng: '',
      southWestCornerLocationLatLng: '',
    });
  });
});

describe('inspection helpers', () => {
  it('labels types and refuses unknown ones', () => {
    expect(inspectionTypeLabel(1)).toBe('Aerial');
    expect(surveyTypeLabel(2)).toBe('AVO');
    expect(() => inspectionTypeLabel(7)).toThrow('Unconfigured inspection type: 7');
  });
  it('reads the bulk 400 map back by index', () => {
    const errors = {
      [bulkErrorKey(0, 'siteId')]: ['Site is required'],
      'inspections[2].time': ['a', 'b'],
      other: ['x'],
    };
    expect([...bulkErrorsByIndex(errors)]).toEqual([
      [0, { siteId: 'Site is required' }],
      [2, { time: 'a b' }],
    ]);
  });
  it('converts the typed time in the user zone', () => {
    expect(inspectionLocalToIso('2026-03-01T10:00', 'America/Chicago')).toBe('2026-03-01T16:00:00.000Z');
    expect(inspectionLocalToIso('', 'UTC')).toBeNull();
    expect(inspectionIsoToLocal('2026-03-01T16:00:00.000Z', 'America/Chicago')).toBe('2026-03-01T10:00');
  });
});
