import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASEMAP_MESSAGES, chooseBasemapFiles } from '@/domain/basemap';
import { MAX_LATITUDE } from '@/domain/coordinates';
import { checkCsvUpload } from '@/domain/csv-upload';
import { readGeoTiffBasemap } from '../../src/codec/geotiff-basemap';
import { parseBasemapFiles } from '../../src/codec/basemap';
import { parseCsvBytes } from '../../src/codec/csv-parse';
import { nodeImageOps } from '../helpers/node-image-ops';

const fixtures = new URL('../fixtures/', import.meta.url);
const bytes = (path: string) => new Uint8Array(readFileSync(new URL(path, fixtures)));

/** GDAL's own reading: the WGS 84 extent from `gdalinfo -json`, committed by scripts/make-gdal-fixtures.sh. */
function gdalExtent(name: string): { south: number; west: number; north: number; east: number } | null {
  const info = JSON.parse(readFileSync(new URL(`gdal/${name}.json`, fixtures), 'utf8')) as {
    wgs84Extent?: { coordinates: number[][][] };
  };
  const ring = info.wgs84Extent?.coordinates[0];
  if (!ring) return null;
  const lons = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  return { south: Math.min(...lats), west: Math.min(...lons), north: Math.max(...lats), east: Math.max(...lons) };
}

const KNOWN_TO_US_NOT = new Set(['byte_epsg2056_unknown.tif']);

describe('GeoTIFF basemaps against gdalinfo -json', () => {
  for (const dir of ['real-world/geotiff/', 'generated/']) {
    for (const name of readdirSync(new URL(dir, fixtures)).filter((n) => n.endsWith('.tif'))) {
      if (name === 'huge_200000_sparse.tif') continue;
      it(`${dir}${name}`, async () => {
        const parsed = await readGeoTiffBasemap(bytes(dir + name), nodeImageOps());
        const expected = gdalExtent(name);
        expect(parsed.image.mime).toBe('image/png');
        if (!expected || KNOWN_TO_US_NOT.has(name)) {
          expect(parsed.northEast).toBeNull();
          expect(parsed.warnings).toContain(BASEMAP_MESSAGES.unknownGeoTiffCrs);
          return;
        }
        // NAD27 needs a grid shift PROJ's grids give GDAL and proj4 lacks: about 80 m here.
        const tolerance = name.includes('26711') ? 0.002 : 1e-5;
        // Whole-world rasters reach ±90°; the basemap form takes ±85° (MAX_LATITUDE), so they are clamped with a warning.
        const clamped = expected.north > MAX_LATITUDE || expected.south < -MAX_LATITUDE;
        expected.north = Math.min(expected.north, MAX_LATITUDE);
        expected.south = Math.max(expected.south, -MAX_LATITUDE);
        expect(parsed.southWest!.lat).toBeCloseTo(expected.south, 0);
        expect(Math.abs(parsed.southWest!.lat - expected.south)).toBeLessThan(tolerance);
        expect(Math.abs(parsed.southWest!.lng - expected.west)).toBeLessThan(tolerance);
        expect(Math.abs(parsed.northEast!.lat - expected.north)).toBeLessThan(tolerance);
        expect(Math.abs(parsed.northEast!.lng - expected.east)).toBeLessThan(tolerance);
        expect(parsed.warnings).toEqual(
          clamped ? [expect.stringMatching(/^The image reaches latitude .*; its corners? (was|were) set to 85°/)] : [],
        );
      });
    }
  }

  it('refuses a header declaring 200000 x 200000 pixels before decoding anything', async () => {
    await expect(readGeoTiffBasemap(bytes('generated/huge_200000_sparse.tif'), nodeImageOps())).rejects.toThrow(
      /too large to use as a basemap \(200000 × 200000 pixels/,
    );
  });

  it('reads a TIFF whose IFD points to itself without walking the chain forever', async () => {
    const tif = bytes('real-world/geotiff/rasterio_byte_epsg26711.tif');
    const view = new DataView(tif.buffer, tif.byteOffset, tif.byteLength);
    const ifd = view.getUint32(4, true);
    const entries = view.getUint16(ifd, true);
    view.setUint32(ifd + 2 + entries * 12, ifd, true);
    const parsed = await readGeoTiffBasemap(tif, nodeImageOps(), { limits: { maxSourcePixels: 400 } });
    expect(parsed.image.width).toBe(20);
    await expect(readGeoTiffBasemap(tif, nodeImageOps(), { limits: { maxSourcePixels: 10 } })).rejects.toThrow(
      /too large/,
    );
  });
});

describe('basemap file selection (spec 3 §5)', () => {
  const f = (name: string, type = '') => ({ name, type });
  it('applies the count, type and KML pairing rules word for word', () => {
    expect(chooseBasemapFiles([f('a.png'), f('b.kml'), f('c.jpg')])).toEqual({
      ok: false,
      message: 'Please select only up to 2 files',
    });
    expect(chooseBasemapFiles([f('a.gif', 'image/gif')])).toEqual({
      ok: false,
      message: 'gif is not a configured basemap file type.',
    });
    expect(chooseBasemapFiles([f('a.kml')])).toEqual({ ok: false, message: BASEMAP_MESSAGES.kmlPairing });
    expect(chooseBasemapFiles([f('a.png'), f('b.jpg')])).toEqual({ ok: false, message: BASEMAP_MESSAGES.kmlPairing });
    expect(chooseBasemapFiles([])).toEqual({ ok: false, message: 'An image file is required to create a new basemap' });
    expect(chooseBasemapFiles([f('x.KMZ')])).toMatchObject({ ok: true, plan: { kind: 'kmz' } });
  });

  it('reads the Etna KMZ with the same box GDAL reads, widened for its rotation', async () => {
    const parsed = await parseBasemapFiles(
      [{ name: 'etna.kmz', type: '', bytes: bytes('real-world/kmz/giscore_etna_groundoverlay.kmz') }],
      nodeImageOps(),
    );
    const gdal = JSON.parse(readFileSync(new URL('gdal/giscore_etna_groundoverlay.kmz.json', fixtures), 'utf8')) as {
      cornerCoordinates: { upperLeft: number[]; lowerRight: number[] };
    };
    const [west, north] = gdal.cornerCoordinates.upperLeft as [number, number];
    const [east, south] = gdal.cornerCoordinates.lowerRight as [number, number];
    expect(parsed.northEast!.lat).toBeGreaterThanOrEqual(north);
    expect(parsed.northEast!.lng).toBeGreaterThanOrEqual(east);
    expect(parsed.southWest!.lat).toBeLessThanOrEqual(south);
    expect(parsed.southWest!.lng).toBeLessThanOrEqual(west);
    expect(parsed.northEast!.lat - north).toBeLessThan(0.002);
    expect(parsed.warnings.some((w) => w.includes('rotated'))).toBe(true);
  });

  it('gives the spec messages for KML and KMZ without overlays', async () => {
    const kml = { name: 'p.kml', type: '', bytes: bytes('real-world/kml/togeojson_polygon.kml') };
    const png = {
      name: 'i.png',
      type: 'image/png',
      bytes: new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1,
      ]),
    };
    await expect(parseBasemapFiles([kml, png], nodeImageOps())).rejects.toThrow(
      'No valid ground overlays found in the KML file',
    );
    await expect(
      parseBasemapFiles(
        [{ name: 'i.kmz', type: '', bytes: bytes('real-world/kmz/openlayers_iceland.kmz') }],
        nodeImageOps(),
      ),
    ).rejects.toThrow('No valid ground overlays found in the KMZ file.');
    const truncated = { name: 't.kml', type: '', bytes: bytes('real-world/kml/gdal_truncated.kml') };
    await expect(parseBasemapFiles([truncated, png], nodeImageOps())).rejects.toThrow(
      /^The KML file ends early, at line 34, inside <coordinates>/,
    );
  });
});

describe('CSV uploads', () => {
  it('requires a non-empty file with a CSV or Excel-CSV MIME type', () => {
    expect(checkCsvUpload(null)).toBe('A CSV file is required');
    expect(checkCsvUpload({ name: 'a.csv', type: 'text/csv', size: 0 })).toBe('A CSV file is required');
    expect(checkCsvUpload({ name: 'a.txt', type: 'text/plain', size: 5 })).toBe('The file must be in CSV file format');
    expect(checkCsvUpload({ name: 'a.csv', type: 'application/vnd.ms-excel', size: 5 })).toBeNull();
  });

  const columns = [
    { key: 'a', header: 'a', required: true },
    { key: 'b', header: 'b' },
    { key: 'c', header: 'c' },
  ] as const;
  it('reads quoted newlines, CRLF and a BOM', () => {
    const r = parseCsvBytes(bytes('real-world/csv/csv-spectrum_newlines_crlf.csv'), columns);
    expect(r.rows.map((x) => x.values.a)).toEqual(['1', 'Once upon \r\na time', '7']);
    expect(
      parseCsvBytes(bytes('real-world/csv/papaparse_utf-8-bom-sample.csv'), [{ key: 'A', header: 'A', required: true }])
        .rows[0]!.values.A,
    ).toBe('X');
  });
  it('reports ragged rows and an unclosed quote by row number', () => {
    const ragged = parseCsvBytes(new TextEncoder().encode('a,b,c\n1,2\n3,4,5\n'), columns);
    expect(ragged.errors).toEqual([{ row: 2, message: 'Row 2: expected 3 values, found 2.' }]);
    expect(ragged.rows).toHaveLength(1);
    const unclosed = parseCsvBytes(bytes('real-world/csv/gdal_unbalanced_double_quotes.csv'), [
      { key: 'id', header: 'id' },
      { key: 'txt', header: 'txt' },
    ]);
    expect(unclosed.errors).toEqual([{ row: 2, message: 'Row 2: a quoted value is never closed.' }]);
    const mixed = parseCsvBytes(new TextEncoder().encode('a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,"11,12\n'), columns);
    expect(mixed.rows.map((r) => r.row)).toEqual([2]);
    expect(mixed.errors.map((e) => e.message)).toEqual([
      'Row 3: expected 3 values, found 2.',
      'Row 4: expected 3 values, found 4.',
      'Row 5: a quoted value is never closed.',
    ]);
  });
});
