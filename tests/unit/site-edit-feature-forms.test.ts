// The Sources and Structures tabs' forms as pure functions: saved feature to form, drafts, checks and save requests,
// drawn shapes, and the points and footprints the map shows.
import { describe, expect, it } from 'vitest';
import type { SourceEdit, Structure } from '@/contracts/site-edit';
import { SOURCE_MESSAGES } from '@/domain/source';
import { STRUCTURE_MESSAGES } from '@/domain/structure';
import { checkSourceForm, newSourceDraft, sourcePoints, sourceToForm } from '@/features/site-edit/source-form';
import {
  checkStructureForm,
  newStructureDraft,
  structureShapes,
  structureToForm,
  withDrawnShape,
} from '@/features/site-edit/structure-form';

const source = (over: Partial<SourceEdit> = {}): SourceEdit => ({
  id: 4,
  siteId: 9,
  name: 'Tank 1',
  locationLatLng: '31.9000012,-102.1000049',
  height: 3,
  relativeImportance: 2,
  sourceCategoryId: 7,
  sourceCategoryName: 'Tank',
  sourceGroup: { id: 1, name: 'North pad' },
  deletedAt: null,
  ...over,
});

const structure = (over: Partial<Structure> = {}): Structure => ({
  id: 5,
  siteId: 9,
  name: 'Separator',
  locationLatLng: '31.9,-102.1',
  footprintType: 'Box',
  footprintRotation: 30,
  footprintX: 10,
  footprintY: 4,
  footprintZ: 3,
  ...over,
});

describe('source form', () => {
  it('shows a saved source at 5 decimals and keeps its full-precision position', () => {
    const f = sourceToForm(source());
    expect(f.locationLatLng).toBe('31.90000,-102.10000');
    expect(f.position).toEqual({ lat: 31.9000012, lng: -102.1000049 });
    expect(f).toMatchObject({ height: '3', sourceGroupName: 'North pad', sourceCategoryId: 7 });
  });

  it('names a draft after the sources there are (counting on from their number), with the defaults and the given category', () => {
    const draft = newSourceDraft(['Source 1', 'Source 3'], 7);
    expect(draft).toMatchObject({ id: 0, name: 'Source 4', position: null, sourceCategoryId: 7, sourceGroupName: '' });
  });

  it('saves at storage precision, a new source without id, a blank group left out', () => {
    const f = { ...sourceToForm(source()), id: 0, sourceGroupName: '  ' };
    const { problems, body } = checkSourceForm(f, 2, 9);
    expect(problems).toEqual({});
    expect(body).toEqual({
      organizationId: 2,
      siteId: 9,
      name: 'Tank 1',
      locationLatLng: '31.900001,-102.100005',
      height: 3,
      relativeImportance: 2,
      sourceCategoryId: 7,
    });
    expect(checkSourceForm(sourceToForm(source()), 2, 9).body).toMatchObject({
      id: 4,
      sourceGroup: { name: 'North pad' },
    });
  });

  it('finds the problems of a form before saving', () => {
    const f = { ...sourceToForm(source()), name: ' ', height: '-1', locationLatLng: 'north', position: null };
    expect(checkSourceForm(f, 2, 9).problems).toEqual({
      name: SOURCE_MESSAGES.nameRequired,
      height: SOURCE_MESSAGES.heightMin,
      locationLatLng: SOURCE_MESSAGES.location,
    });
    expect(checkSourceForm({ ...sourceToForm(source()), height: '' }, 2, 9).body.height).toBeNull();
  });

  it('puts live sources on the map, the edited one where its form is and highlighted', () => {
    const all = [source(), source({ id: 6, name: 'Gone', deletedAt: '2026-01-01T00:00:00Z' }), source({ id: 8 })];
    const form = { ...sourceToForm(source({ id: 8 })), position: { lat: 32, lng: -102 }, name: 'Moved' };
    const points = sourcePoints(all, form);
    expect(points.map((p) => [p.datum, p.label, p.lat])).toEqual([
      [4, 'Tank 1', 31.9000012],
      [8, 'Moved', 32],
    ]);
    expect(points[1]!.fill).not.toEqual(points[0]!.fill);
    expect(sourcePoints(all, null).map((p) => p.datum)).toEqual([4, 8]);
  });
});

describe('structure form', () => {
  it('names a draft after the structures there are, a box of no size yet', () => {
    expect(newStructureDraft(['Structure 2', 'Tank'])).toMatchObject({
      id: 0,
      name: 'Structure 3',
      footprintType: 'Box',
      footprintX: '',
    });
  });

  it('takes a drawn circle into the form: centre, shape, rotation within 0–359 and size', () => {
    const f = withDrawnShape(structureToForm(structure()), {
      kind: 'circle',
      center: [-102.2, 31.8],
      xMeters: 12.34,
      yMeters: 12.34,
      rotation: -90,
    });
    expect(f).toMatchObject({
      position: { lat: 31.8, lng: -102.2 },
      locationLatLng: '31.80000,-102.20000',
      footprintType: 'Cylinder',
      footprintRotation: '270',
    });
    expect(Number(f.footprintX)).toBeCloseTo(12.34, 1);
  });

  it('reads the numbers for the checks and the save request', () => {
    const { problems, body } = checkStructureForm({ ...structureToForm(structure()), footprintX: '' }, 2, 9);
    expect(problems).toEqual({ footprintX: STRUCTURE_MESSAGES.size('X') });
    expect(body).toEqual({
      organizationId: 2,
      id: 5,
      siteId: 9,
      name: 'Separator',
      locationLatLng: '31.9,-102.1',
      footprintType: 'Box',
      footprintRotation: 30,
      footprintX: null,
      footprintY: 4,
      footprintZ: 3,
    });
    expect(checkStructureForm({ ...structureToForm(structure()), id: 0 }, 2, 9).body).not.toHaveProperty('id');
  });

  it('outlines every footprint, the edited one from its form and highlighted, none without a location', () => {
    const all = [structure(), structure({ id: 6, locationLatLng: 'nowhere' }), structure({ id: 7 })];
    const form = { ...structureToForm(structure({ id: 7 })), footprintType: 'Cylinder' as const };
    const shapes = structureShapes(all, form);
    expect(shapes.map((s) => s.datum)).toEqual([5, 7]);
    expect(shapes[0]!.ring.length).toBe(5);
    expect(shapes[1]!.ring.length).toBeGreaterThan(5);
    expect(shapes[1]!.line).not.toEqual(shapes[0]!.line);
  });
});
