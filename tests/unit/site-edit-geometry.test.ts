import { describe, expect, it } from 'vitest';
import {
  circleFromDrag,
  CYLINDER_STEPS,
  duplicateStructure,
  eastNorthOf,
  footprintPolygon,
  generatedSourceName,
  isFootprintDrawable,
  normalizeRotation,
  nudge,
  offsetMeters,
  rectangleFromDrag,
} from '@/domain/site-edit';
import { sourcePayloadGroup, sourceProblems } from '@/domain/source';
import { structureProblems } from '@/domain/structure';
import { basemapProblems, BASEMAP_MESSAGES } from '@/domain/basemap';

const at = { lat: 31.9, lng: -102.1 };
const metres = (ring: [number, number][]) => ring.map(([lng, lat]) => eastNorthOf(at, { lng, lat }));

describe('structure footprints', () => {
  it('draws a box X wide and Y deep around its centre, closed', () => {
    const ring = footprintPolygon({
      location: at,
      footprintType: 'Box',
      footprintRotation: 0,
      footprintX: 10,
      footprintY: 4,
    })!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    const m = metres(ring);
    expect(m[0]!.east).toBeCloseTo(-5, 6);
    expect(m[0]!.north).toBeCloseTo(-2, 6);
    expect(m[2]!.east).toBeCloseTo(5, 6);
    expect(m[2]!.north).toBeCloseTo(2, 6);
  });

  it('turns the box clockwise by its rotation', () => {
    const m = metres(
      footprintPolygon({ location: at, footprintType: 'Box', footprintRotation: 90, footprintX: 10, footprintY: 4 })!,
    );
    // Turned a quarter clockwise, X runs north-south: the (-5, -2) corner goes to (-2, +5).
    expect(m[0]!.east).toBeCloseTo(-2, 6);
    expect(m[0]!.north).toBeCloseTo(5, 6);
    const spanNorth = Math.max(...m.map((p) => p.north)) - Math.min(...m.map((p) => p.north));
    expect(spanNorth).toBeCloseTo(10, 6);
  });

  it('draws a cylinder as a 32-step ring of the diameters', () => {
    const ring = footprintPolygon({
      location: at,
      footprintType: 'Cylinder',
      footprintRotation: 0,
      footprintX: 8,
      footprintY: 8,
    })!;
    expect(ring).toHaveLength(CYLINDER_STEPS + 1);
    for (const p of metres(ring)) expect(Math.hypot(p.east, p.north)).toBeCloseTo(4, 6);
  });

  it('is drawable only with a type, a finite rotation and positive X and Y', () => {
    const base = { location: at, footprintType: 'Box' as const, footprintRotation: 0, footprintX: 1, footprintY: 1 };
    expect(isFootprintDrawable(base)).toBe(true);
    expect(footprintPolygon({ ...base, footprintType: null })).toBeNull();
    expect(footprintPolygon({ ...base, footprintRotation: Number.NaN })).toBeNull();
    expect(footprintPolygon({ ...base, footprintX: 0 })).toBeNull();
    expect(footprintPolygon({ ...base, footprintY: null })).toBeNull();
  });

  it('keeps rotations in 0–359', () => {
    expect(normalizeRotation(360)).toBe(0);
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(45.4)).toBe(45);
  });
});

describe('moving and copying', () => {
  it('nudges by 0.5 m per arrow key', () => {
    const up = eastNorthOf(at, nudge(at, 'ArrowUp'));
    expect(up.north).toBeCloseTo(0.5, 6);
    expect(up.east).toBeCloseTo(0, 9);
    const left = eastNorthOf(at, nudge(at, 'ArrowLeft'));
    expect(left.east).toBeCloseTo(-0.5, 6);
    expect(eastNorthOf(at, nudge(at, 'ArrowDown')).north).toBeCloseTo(-0.5, 6);
    expect(eastNorthOf(at, nudge(at, 'ArrowRight')).east).toBeCloseTo(0.5, 6);
  });

  it("duplicates a structure as ' - copy', id 0, 5 m away at 90 degrees", () => {
    const copy = duplicateStructure({ id: 7, name: 'Shed', location: at, footprintType: 'Box' });
    expect(copy).toMatchObject({ id: 0, name: 'Shed - copy', footprintType: 'Box' });
    const d = eastNorthOf(at, copy.location);
    expect(d.east).toBeCloseTo(5, 6);
    expect(d.north).toBeCloseTo(0, 6);
    expect(eastNorthOf(at, offsetMeters(at, 0, 5)).north).toBeCloseTo(5, 6);
  });

  it('turns drags into footprints', () => {
    const r = rectangleFromDrag(at, offsetMeters(offsetMeters(at, 90, 12), 0, 6));
    expect(r.xMeters).toBeCloseTo(12, 4);
    expect(r.yMeters).toBeCloseTo(6, 4);
    expect(eastNorthOf(at, r.center).east).toBeCloseTo(6, 4);
    const c = circleFromDrag(at, offsetMeters(at, 45, 3));
    expect(c.xMeters).toBeCloseTo(6, 4);
    expect(c.yMeters).toBeCloseTo(6, 4);
  });

  it('names a new source after the ones there', () => {
    expect(generatedSourceName([])).toBe('Source 1');
    expect(generatedSourceName(['Tank', 'Source 2'])).toBe('Source 3');
    expect(generatedSourceName(['Source 2', 'x'])).toBe('Source 3');
  });
});

describe('form rules', () => {
  it('checks a source and leaves an empty group out', () => {
    expect(
      sourceProblems({
        name: 'A',
        locationLatLng: '11.123,-111.123',
        height: 0,
        relativeImportance: 2,
        sourceCategoryId: 1,
        sourceGroupName: '',
      }),
    ).toEqual({});
    expect(
      sourceProblems({
        name: 'A',
        locationLatLng: '11.123',
        height: null,
        relativeImportance: 2,
        sourceCategoryId: 1,
        sourceGroupName: 'g'.repeat(101),
      }),
    ).toEqual({
      locationLatLng: 'Please enter valid latitude and longitude coordinates.',
      sourceGroupName: 'Source Group name must be less than 100 characters',
    });
    // At most 100 characters (spec 3 §5), whatever the message says.
    expect(
      sourceProblems({
        name: 'A',
        locationLatLng: '1,1',
        height: null,
        relativeImportance: 0,
        sourceCategoryId: 1,
        sourceGroupName: 'g'.repeat(100),
      }),
    ).toEqual({});
    expect(sourcePayloadGroup('  ')).toEqual({});
    expect(sourcePayloadGroup(' Tanks ')).toEqual({ sourceGroup: { name: 'Tanks' } });
  });

  it('checks a structure: rotation 0–359, sizes 0–100, all required', () => {
    const ok = {
      name: 'S',
      locationLatLng: '1,1',
      footprintType: 'Cylinder',
      footprintRotation: 359,
      footprintX: 100,
      footprintY: 0,
      footprintZ: 5,
    };
    expect(structureProblems(ok)).toEqual({});
    expect(
      Object.keys(structureProblems({ ...ok, footprintRotation: 360, footprintZ: null, footprintType: null })),
    ).toEqual(['footprintType', 'footprintRotation', 'footprintZ']);
  });

  it('checks basemap corners and the image of a new basemap', () => {
    expect(
      basemapProblems({
        name: 'B',
        northEastCornerLatLng: '2,2',
        southWestCornerLatLng: '1,3',
        hasImage: false,
        isNew: true,
      }),
    ).toEqual({
      southWestCornerLatLng: BASEMAP_MESSAGES.cornerOrder,
      image: BASEMAP_MESSAGES.imageRequired,
    });
    expect(
      basemapProblems({
        name: 'B',
        northEastCornerLatLng: '2,2',
        southWestCornerLatLng: '1,1',
        hasImage: false,
        isNew: false,
      }),
    ).toEqual({});
  });
});
