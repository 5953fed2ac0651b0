// Parsers on the inputs of the 'serving under hostile input' issue: polar and user-defined stereographic GeoTIFFs,
// whole-world and antimeridian overlays, truncated and oversized KML, CSVs with other delimiters and past the row cap.
// The GeoTIFFs are written here with geotiff.js's writer (no GDAL needed) and checked against proj4 directly.
import { readFileSync } from 'node:fs';
import { writeArrayBuffer } from 'geotiff';
import JSZip from 'jszip';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { parseBasemapFiles } from '../../src/codec/basemap';
import { parseCsvBytes } from '../../src/codec/csv-parse';
import { readInspectionKmz } from '../../src/codec/inspection-kmz';
import { boundsToWgs84, readGeoTiffBasemap } from '../../src/codec/geotiff-basemap';
import { resolveCrs } from '../../src/codec/geotiff-crs';
import { readKml } from '../../src/codec/kml';
import { parseXml } from '../../src/codec/safe-xml';
import { nodeImageOps } from '../helpers/node-image-ops';

const fixtures = new URL('../fixtures/', import.meta.url);
const encode = (text: string) => new TextEncoder().encode(text);

const GEOKEY_CODES: Readonly<Record<string, number>> = {
  GTModelTypeGeoKey: 1024,
  GTRasterTypeGeoKey: 1025,
  GeographicTypeGeoKey: 2048,
  GeogGeodeticDatumGeoKey: 2050,
  GeogLinearUnitsGeoKey: 2052,
  GeogEllipsoidGeoKey: 2056,
  GeogSemiMajorAxisGeoKey: 2057,
  GeogSemiMinorAxisGeoKey: 2058,
  ProjectedCSTypeGeoKey: 3072,
  ProjectionGeoKey: 3074,
  ProjCoordTransGeoKey: 3075,
  ProjLinearUnitsGeoKey: 3076,
  ProjNatOriginLongGeoKey: 3080,
  ProjNatOriginLatGeoKey: 3081,
  ProjFalseEastingGeoKey: 3082,
  ProjFalseNorthingGeoKey: 3083,
  ProjScaleAtNatOriginGeoKey: 3092,
};
const DOUBLE_KEYS = new Set([2057, 2058, 3080, 3081, 3082, 3083, 3092]);

/**
 * A 16 x 16 grey GeoTIFF whose pixels span [minX, maxX] x [minY, maxY] in the coordinate system the geokeys give.
 * The key directory is written here: geotiff.js's writer knows only a few keys by name.
 */
function geoTiff(extent: [number, number, number, number], geoKeys: Record<string, number>): Uint8Array {
  const [minX, minY, maxX, maxY] = extent;
  const size = 16;
  const keys = Object.entries({ GTRasterTypeGeoKey: 1, ...geoKeys })
    .map(([name, value]) => [GEOKEY_CODES[name]!, value] as const)
    .sort((x, y) => x[0] - y[0]);
  const doubles: number[] = [];
  const directory = [1, 1, 0, keys.length];
  for (const [code, value] of keys) {
    if (DOUBLE_KEYS.has(code)) directory.push(code, 34736, 1, doubles.push(value) - 1);
    else directory.push(code, 0, 1, value);
  }
  const buffer = writeArrayBuffer(
    Array.from({ length: size * size }, (_, i) => i % 256),
    {
      width: size,
      height: size,
      ModelPixelScale: [(maxX - minX) / size, (maxY - minY) / size, 0],
      ModelTiepoint: [0, 0, 0, minX, maxY, 0],
      GeoKeyDirectory: directory,
      GeoDoubleParams: doubles,
      // Without either key named the writer assumes a whole-world EPSG:4326 raster and replaces the tie point.
      ProjectedCSTypeGeoKey: geoKeys.ProjectedCSTypeGeoKey ?? 32767,
    } as Parameters<typeof writeArrayBuffer>[1],
  );
  return new Uint8Array(buffer);
}

/** A PNG header (1 x 1): the overlay tests never decode the picture. */
const PNG = {
  name: 'i.png',
  type: 'image/png',
  bytes: new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1,
  ]),
};
const overlayKml = (box: string, name = 'Overlay') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<GroundOverlay>\n<name>${name}</name>\n<Icon><href>i.png</href></Icon>\n<LatLonBox>${box}</LatLonBox>\n</GroundOverlay>\n</kml>\n`;
const kmlFile = (text: string) => ({ name: 'o.kml', type: '', bytes: encode(text) });

describe('stereographic GeoTIFFs', () => {
  const antarctic = { GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: 3031 };

  it('reaches the South Pole when a polar stereographic image (EPSG:3031) contains it', async () => {
    const extent: [number, number, number, number] = [-3_000_000, -3_000_000, 3_000_000, 3_000_000];
    const crs = resolveCrs({ ...antarctic });
    const bounds = boundsToWgs84(extent, crs)!;
    expect(bounds.south).toBe(-90);
    expect([bounds.west, bounds.east]).toEqual([-180, 180]);
    // The northern bound is a corner's latitude, the points furthest from the pole.
    const [, cornerLat] = proj4(crs.kind === 'projected' ? crs.def : '', 'WGS84').forward([3_000_000, 3_000_000]) as [
      number,
      number,
    ];
    expect(bounds.north).toBeCloseTo(cornerLat, 6);

    const parsed = await readGeoTiffBasemap(geoTiff(extent, antarctic), nodeImageOps());
    expect(parsed.southWest).toEqual({ lat: -85, lng: -180 });
    expect(parsed.northEast!.lat).toBeCloseTo(cornerLat, 6);
    expect(parsed.warnings).toEqual([
      'The image reaches latitude 90° south; its corner was set to 85°, the furthest a corner may be, so the picture is slightly squeezed there.',
    ]);
  });

  it('keeps edge-sampled bounds for a polar image away from the pole', () => {
    const bounds = boundsToWgs84([1_000_000, 1_000_000, 2_000_000, 2_000_000], resolveCrs({ ...antarctic }))!;
    expect(bounds.south).toBeGreaterThan(-80);
    expect(bounds.east - bounds.west).toBeLessThan(90);
  });

  const sphereKm = {
    GTModelTypeGeoKey: 1,
    ProjectedCSTypeGeoKey: 32767,
    ProjectionGeoKey: 32767,
    ProjLinearUnitsGeoKey: 9036,
    GeographicTypeGeoKey: 32767,
    GeogGeodeticDatumGeoKey: 32767,
    GeogEllipsoidGeoKey: 32767,
    GeogSemiMajorAxisGeoKey: 6371000,
    GeogSemiMinorAxisGeoKey: 6371000,
    ProjNatOriginLatGeoKey: 60,
    ProjNatOriginLongGeoKey: 10,
    ProjScaleAtNatOriginGeoKey: 1,
    ProjFalseEastingGeoKey: 0,
    ProjFalseNorthingGeoKey: 0,
  };

  it('reads a user-defined stereographic projection on a sphere in kilometres', async () => {
    const crs = resolveCrs({ ...sphereKm, ProjCoordTransGeoKey: 14 });
    expect(crs.kind).toBe('projected');
    const parsed = await readGeoTiffBasemap(
      geoTiff([-100, -100, 100, 100], { ...sphereKm, ProjCoordTransGeoKey: 14 }),
      nodeImageOps(),
    );
    const metres = proj4('+proj=stere +lat_0=60 +lon_0=10 +k=1 +a=6371000 +b=6371000 +units=m', 'WGS84');
    // Parallels curve toward the pole and meridians converge, so the box's extremes are its corners.
    const corners = [
      [-1, -1],
      [-1, 1],
      [1, -1],
      [1, 1],
    ].map(([x, y]) => metres.forward([x! * 100_000, y! * 100_000]) as [number, number]);
    const south = Math.min(...corners.map((c) => c[1]));
    const west = Math.min(...corners.map((c) => c[0]));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.southWest!.lat).toBeCloseTo(south, 6);
    expect(parsed.southWest!.lng).toBeCloseTo(west, 6);
    expect(parsed.northEast!.lng).toBeCloseTo(20 - west, 6);
  });

  it('reads the polar and oblique variants and a radius given in kilometres', () => {
    const polar = resolveCrs({
      ...sphereKm,
      ProjCoordTransGeoKey: 15,
      ProjNatOriginLatGeoKey: 90,
      GeogLinearUnitsGeoKey: 9036,
      GeogSemiMajorAxisGeoKey: 6371,
      GeogSemiMinorAxisGeoKey: 6371,
    });
    expect(polar).toMatchObject({ kind: 'projected', def: expect.stringContaining('+proj=stere +lat_0=90') });
    expect(polar.kind === 'projected' && polar.def).toContain('+a=6371000 +b=6371000');
    expect(boundsToWgs84([-500, -500, 500, 500], polar)!.north).toBe(90);
    expect(resolveCrs({ ...sphereKm, ProjCoordTransGeoKey: 16 })).toMatchObject({
      kind: 'projected',
      def: expect.stringContaining('+proj=sterea'),
    });
  });
});

describe('ground overlays the basemap form cannot take as they are', () => {
  it('clamps a whole-world overlay to ±85° with a warning', async () => {
    const parsed = await parseBasemapFiles(
      [kmlFile(overlayKml('<north>90</north><south>-90</south><east>180</east><west>-180</west>')), PNG],
      nodeImageOps(),
    );
    expect(parsed.northEast).toEqual({ lat: 85, lng: 180 });
    expect(parsed.southWest).toEqual({ lat: -85, lng: -180 });
    expect(parsed.warnings).toEqual([
      'The image reaches latitude 90° north and 90° south; its corners were set to 85°, the furthest a corner may be, so the picture is slightly squeezed there.',
    ]);
  });

  it('clamps an inspection KMZ overlay the same way, naming the overlay', async () => {
    const zip = new JSZip();
    zip.file('doc.kml', overlayKml('<north>90</north><south>10</south><east>20</east><west>10</west>', 'Arctic pass'));
    zip.file('i.png', PNG.bytes);
    const { inspections, parseSummary } = await readInspectionKmz(
      await zip.generateAsync({ type: 'uint8array' }),
      nodeImageOps(),
    );
    expect(parseSummary.errorMessages).toEqual([]);
    expect(inspections[0]!.northEastCorner).toEqual({ lat: 85, lng: 20 });
    expect(parseSummary.warningMessages).toEqual([
      'Arctic pass: The image reaches latitude 90° north; its corner was set to 85°, the furthest a corner may be, so the picture is slightly squeezed there.',
    ]);
  });

  it('says an overlay crosses the 180° meridian instead of a generic refusal', async () => {
    const across = kmlFile(overlayKml('<north>-15</north><south>-20</south><east>-170</east><west>170</west>', 'Fiji'));
    await expect(parseBasemapFiles([across, PNG], nodeImageOps())).rejects.toThrow(
      "No valid ground overlays found in the KML file. The ground overlay 'Fiji' crosses the 180° meridian (west 170, east -170), which a basemap's corners cannot span; please split the image at the meridian.",
    );
    const quad = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><GroundOverlay><Icon><href>i.png</href></Icon><gx:LatLonQuad><coordinates>179,-20 -179,-20 -179,-15 179,-15</coordinates></gx:LatLonQuad></GroundOverlay></kml>`;
    expect(readKml(quad).problems).toEqual([
      "The ground overlay crosses the 180° meridian (west 179, east -179), which a basemap's corners cannot span; please split the image at the meridian.",
    ]);
  });
});

describe('KML refused before a full parse', () => {
  it('names the line where a truncated file ends', async () => {
    const truncated = readFileSync(new URL('real-world/kml/gdal_truncated.kml', fixtures), 'utf8');
    const lastLine = truncated.trimEnd().split('\n').length;
    await expect(parseBasemapFiles([kmlFile(truncated), PNG], nodeImageOps())).rejects.toThrow(
      `The KML file ends early, at line ${lastLine}, inside <coordinates>: it seems to be cut off. Please choose the complete file.`,
    );
    const whole = overlayKml('<north>1</north><south>0</south><east>1</east><west>0</west>');
    for (const cut of [whole.length - 4, whole.indexOf('<west>') + 3]) {
      const text = whole.slice(0, cut);
      expect(() => parseXml(text, 'The KML file')).toThrow(
        `The KML file ends early, at line ${text.trimEnd().split('\n').length}`,
      );
    }
    // A mistake in the middle of a complete file keeps the validator's line.
    expect(() => parseXml('<kml>\n<a></b>\n<c/>\n</kml>\n', 'The KML file')).toThrow(/not valid XML \(line 2/);
  });

  it('refuses by size and element count quickly', () => {
    const started = performance.now();
    expect(() => parseXml(`<kml>${' '.repeat(17 * 1024 * 1024)}</kml>`, 'The KML file')).toThrow(
      'The KML file is too large to read (17.0 MB; at most 16 MB).',
    );
    const overlays = `<kml><Document>${'<GroundOverlay><Icon><href>a.png</href></Icon></GroundOverlay>'.repeat(40_000)}</Document></kml>`;
    expect(() => readKml(overlays)).toThrow(
      'The KML file has more than 100,000 XML elements, more than a basemap or inspection file needs; it was not read.',
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('CSV delimiters and the row cap', () => {
  const columns = [
    { key: 'name', header: 'Name', required: true },
    { key: 'lat', header: 'Latitude' },
  ] as const;

  it('reads tab- and semicolon-separated files and says so', () => {
    const tabs = parseCsvBytes(encode('Name\tLatitude\nPad, north\t31.5\n'), columns);
    expect(tabs.rows.map((r) => r.values)).toEqual([{ name: 'Pad, north', lat: '31.5' }]);
    expect(tabs.warnings).toEqual(["The file's values are separated by tabs, not commas; it was read that way."]);
    const semicolons = parseCsvBytes(encode('Name;Latitude\r\n"Pad; 2";31,5\r\n'), columns);
    expect(semicolons.rows.map((r) => r.values)).toEqual([{ name: 'Pad; 2', lat: '31,5' }]);
    expect(semicolons.warnings).toEqual([
      "The file's values are separated by semicolons, not commas; it was read that way.",
    ]);
    expect(parseCsvBytes(encode('Name,Latitude\nA;B,1\n'), columns).warnings).toEqual([]);
  });

  it('stops at the first row past the cap instead of reading the whole file', () => {
    const rows = (n: number) =>
      encode(`Name,Latitude\n${Array.from({ length: n }, (_, i) => `Pad ${i},31`).join('\n')}\n`);
    expect(parseCsvBytes(rows(100), columns, { maxRows: 100 }).rows).toHaveLength(100);
    expect(() => parseCsvBytes(rows(101), columns, { maxRows: 100 })).toThrow(
      'The file has more than 100 rows; please split it.',
    );
    let progressAt = 0;
    expect(() => parseCsvBytes(rows(500_000), columns, { maxRows: 100, onProgress: (f) => (progressAt = f) })).toThrow(
      'more than 100 rows',
    );
    expect(progressAt).toBeLessThan(0.01);
  });
});
