// The rest of the site map: the wind trail's back-trajectory on known wind series, and the source icon atlas covering
// every source category of src/domain.
import { describe, expect, it } from 'vitest';
import { SOURCE_CATEGORIES } from '@/domain/source-category';
import { WIND_TRAIL_LENGTH } from '@/domain/wind-trail';
import { trailSegments, windTrail, type WindSample } from '@/entities/site/wind-trail';
import { imageBounds, inspectionMark } from '@/entities/site/inspection-marks';
import type { InspectionListItem } from '@/contracts/inspection';
import {
  atlasGlyphs,
  atlasMapping,
  categoriesPresent,
  CATEGORY_GLYPHS,
  glyphOf,
  sourceIconKey,
  UNCATEGORIZED_GLYPH,
  UNCATEGORIZED_ICON,
} from '@/entities/site/source-icons';

const MIN = 60_000;
const at = { lat: 32, lng: -102 };
const M_PER_DEG = 111_320;
/** Metres east and north of the device. */
const metres = ([lng, lat]: [number, number]) => [
  (lng - at.lng) * M_PER_DEG * Math.cos((at.lat * Math.PI) / 180),
  (lat - at.lat) * M_PER_DEG,
];
const series = (n: number, f: (i: number) => { windDirection: number; windSpeed: number }, t0 = 0): WindSample[] =>
  Array.from({ length: n }, (_, i) => ({ time: t0 + i * MIN, ...f(i) }));

describe('wind trail', () => {
  it('walks upwind: a steady 3.6 km/h north wind puts the air 60 m north per minute, 40 samples back', () => {
    const wind = series(60, () => ({ windDirection: 0, windSpeed: 3.6 }));
    const trail = windTrail(at, wind, 59 * MIN, MIN)!;
    expect(trail.path).toHaveLength(WIND_TRAIL_LENGTH + 1);
    expect(trail.path[0]).toEqual([at.lng, at.lat]);
    const [east, north] = metres(trail.path.at(-1)!);
    expect(east).toBeCloseTo(0, 6);
    expect(north).toBeCloseTo(40 * 60, 3);
    expect(metres(trail.path[1]!)[1]).toBeCloseTo(60, 6);
    expect(trail.headSpeedKmh).toBe(3.6);
    expect(trail.headTime).toBe(59 * MIN);
  });

  it('turns with the wind: east for the newest ten minutes, then south', () => {
    // Oldest 30 samples from the south (180°) at 7.2 km/h (2 m/s), newest 10 from the east (90°) at 3.6 km/h.
    const wind = series(40, (i) =>
      i < 30 ? { windDirection: 180, windSpeed: 7.2 } : { windDirection: 90, windSpeed: 3.6 },
    );
    const trail = windTrail(at, wind, 39 * MIN + 30_000, MIN)!;
    const [east10, north10] = metres(trail.path[10]!);
    expect(east10).toBeCloseTo(600, 3);
    expect(north10).toBeCloseTo(0, 6);
    const [east, north] = metres(trail.path.at(-1)!);
    expect(east).toBeCloseTo(600, 3);
    expect(north).toBeCloseTo(-30 * 120, 3);
  });

  it('uses only samples up to the focused time and stops at a gap', () => {
    const wind = [
      ...series(5, () => ({ windDirection: 270, windSpeed: 3.6 })),
      // Ten minutes missing, then five more samples.
      ...series(5, () => ({ windDirection: 270, windSpeed: 3.6 }), 15 * MIN),
      { time: 30 * MIN, windDirection: 0, windSpeed: 100 },
    ];
    const trail = windTrail(at, wind, 19 * MIN, MIN)!;
    // The five samples after the gap, the oldest of them held for one minute; nothing before the gap.
    expect(trail.path).toHaveLength(6);
    expect(metres(trail.path.at(-1)!)[0]).toBeCloseTo(-5 * 60 + 0, 3);
    expect(trail.headSpeedKmh).toBe(3.6);
  });

  it('has no trail without a recent sample or with only bad readings', () => {
    expect(windTrail(at, [], 0, MIN)).toBeNull();
    expect(
      windTrail(
        at,
        series(3, () => ({ windDirection: 0, windSpeed: 5 })),
        60 * MIN,
        MIN,
      ),
    ).toBeNull();
    expect(
      windTrail(
        at,
        series(3, () => ({ windDirection: Number.NaN, windSpeed: 5 })),
        2 * MIN,
        MIN,
      ),
    ).toBeNull();
  });

  it('cuts a trail into segments fading from the head (0) to the tail (1)', () => {
    const trail = windTrail(
      at,
      series(40, () => ({ windDirection: 0, windSpeed: 3.6 })),
      39 * MIN,
      MIN,
    )!;
    const segments = trailSegments(trail);
    expect(segments).toHaveLength(40);
    expect(segments[0]!.age).toBe(0);
    expect(segments.at(-1)!.age).toBe(1);
    expect(segments[0]!.path[0]).toEqual(trail.path[0]);
    expect(segments.at(-1)!.path[1]).toEqual(trail.path.at(-1));
  });
});

describe('source icon atlas', () => {
  it('has a distinct glyph for every source category of src/domain', () => {
    for (const c of SOURCE_CATEGORIES) {
      expect(CATEGORY_GLYPHS[c.id], c.name).toBeDefined();
      expect(glyphOf(c.id)).toBe(CATEGORY_GLYPHS[c.id]);
    }
    expect(Object.keys(CATEGORY_GLYPHS)).toHaveLength(SOURCE_CATEGORIES.length);
    const drawn = atlasGlyphs().map((g) => `${g.glyph.stroke}|${g.glyph.fill ?? ''}`);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(SOURCE_CATEGORIES.length).toBeGreaterThanOrEqual(28);
  });

  it('maps each category to its own atlas cell and an unknown one to the ring', () => {
    const mapping = atlasMapping(48, 8);
    const cells = new Set(Object.values(mapping).map((m) => `${m.x},${m.y}`));
    expect(cells.size).toBe(SOURCE_CATEGORIES.length + 1);
    for (const c of SOURCE_CATEGORIES) expect(mapping[sourceIconKey(c.id)]).toBeDefined();
    expect(mapping.uncategorized).toMatchObject({ x: (30 % 8) * 48, y: 3 * 48, mask: true });
    expect(sourceIconKey(null)).toBe(UNCATEGORIZED_ICON);
    expect(sourceIconKey(999)).toBe(UNCATEGORIZED_ICON);
    expect(glyphOf(999)).toBe(UNCATEGORIZED_GLYPH);
  });

  it('lists the categories present at a site for the legend, in id order, uncategorized last', () => {
    expect(
      categoriesPresent([
        { sourceCategoryId: 4 },
        { sourceCategoryId: null },
        { sourceCategoryId: 1 },
        { sourceCategoryId: 4 },
      ]),
    ).toEqual([
      { id: 1, name: 'Wellhead' },
      { id: 4, name: 'Compressor' },
      { id: null, name: 'Uncategorized' },
    ]);
  });
});

describe('inspection marks', () => {
  const base: InspectionListItem = {
    id: 1,
    type: 2,
    siteId: 1,
    siteName: 'Pad',
    time: '2026-06-01T00:00:00Z',
    detectionFound: false,
    emissionRate: null,
    emissionConcentration: null,
    locationLatLng: '',
    sourceId: null,
    sourceName: null,
    surveyType: 1,
    hasImage: false,
    northEastCornerLocationLatLng: '',
    southWestCornerLocationLatLng: '',
  };
  const site = { lat: 32, lng: -102 };
  const sources = new Map([[7, { lat: 32.001, lng: -102.001 }]]);

  it('stands at its own location, else its image, else its source, else the site', () => {
    expect(inspectionMark({ ...base, locationLatLng: '32.5,-102.5', sourceId: 7 }, sources, site)).toMatchObject({
      lat: 32.5,
      lng: -102.5,
      place: 'inspection',
      imageBounds: null,
    });
    const aerial = {
      ...base,
      type: 1,
      hasImage: true,
      southWestCornerLocationLatLng: '31.9,-102.1',
      northEastCornerLocationLatLng: '32.1,-101.9',
    };
    const m = inspectionMark(aerial, sources, site);
    expect(m.place).toBe('image');
    expect(m.lat).toBeCloseTo(32, 9);
    expect(m.lng).toBeCloseTo(-102, 9);
    expect(m.imageBounds).toEqual([-102.1, 31.9, -101.9, 32.1]);
    expect(inspectionMark({ ...base, sourceId: 7 }, sources, site)).toMatchObject({
      ...sources.get(7),
      place: 'source',
    });
    expect(inspectionMark({ ...base, sourceId: 99 }, sources, site)).toMatchObject({ ...site, place: 'site' });
  });

  it('lays an image only between two valid corners, south-west below and left of north-east', () => {
    expect(
      imageBounds({ southWestCornerLocationLatLng: '32.1,-101.9', northEastCornerLocationLatLng: '31.9,-102.1' }),
    ).toBeNull();
    expect(
      imageBounds({ southWestCornerLocationLatLng: 'x', northEastCornerLocationLatLng: '31.9,-102.1' }),
    ).toBeNull();
    // Corners without the image flag lay nothing.
    const noImage = {
      ...base,
      southWestCornerLocationLatLng: '31.9,-102.1',
      northEastCornerLocationLatLng: '32.1,-101.9',
    };
    expect(inspectionMark(noImage, sources, site).imageBounds).toBeNull();
  });
});
