// The file workers in a real Chromium: module workers, OffscreenCanvas rotation and recompression, transfers back to
// the page, progress, cancellation by terminating the worker, and the time bound. The page is a test build of
// tests/e2e/file-workers-page over the real client (src/compute/file-jobs.ts); fixtures are served beside it.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_MESSAGES } from '../../src/domain/basemap';
import { fileTimedOut } from '../../src/compute/file-jobs';
import { launchBrowser, newPage, serveStatic } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/fixtures');
const gdal = (name: string) =>
  JSON.parse(readFileSync(path.join(fixtures, 'gdal', `${name}.json`), 'utf8')) as {
    wgs84Extent?: { coordinates: number[][][] };
  };

/** GDAL's WGS84 extent of a fixture as north/south/east/west. */
function gdalBox(name: string) {
  const ring = gdal(name).wgs84Extent!.coordinates[0]!;
  const lngs = ring.map((c) => c[0]!);
  const lats = ring.map((c) => c[1]!);
  return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
}

describe('file workers in Chromium', () => {
  let outDir = '';
  let server: Server;
  let browser: Browser;
  let page: Page;
  let problems: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'file-workers-page-'));
    await build({
      configFile: false,
      root: path.join(root, 'tests/e2e/file-workers-page'),
      logLevel: 'warn',
      worker: { format: 'es' },
      build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 4000 },
    });
    const served = await serveStatic(outDir, { '/fixtures/': fixtures });
    server = served.server;
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    ({ page, problems } = await newPage(context));
    await page.goto(served.origin);
    await page.waitForFunction(() => window.fileWorkersReady === true);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('reads a KMZ through the worker: bounds as GDAL reads them, image transferred back, progress reported', async () => {
    const r = await page.evaluate(() => window.fileWorkers.basemap(['real-world/kmz/giscore_etna_groundoverlay.kmz']));
    if (!r.ok) throw new Error(r.message);
    const box = gdalBox('giscore_etna_groundoverlay.kmz');
    // The overlay's rotation is -0.156°, so its rotated box is a little wider than GDAL's unrotated extent.
    expect(r.value.northEast!.lat).toBeGreaterThanOrEqual(box.north - 1e-6);
    expect(r.value.southWest!.lng).toBeLessThanOrEqual(box.west + 1e-6);
    expect(r.value.northEast!.lat - box.north).toBeLessThan(0.01);
    expect(r.value.image.mime).toBe('image/png');
    expect(r.value.image.opaqueShare).toBeGreaterThan(0.95);
    expect(r.value.image.meanGrey).toBeGreaterThan(40);
    expect(r.progress.length).toBeGreaterThan(1);
    expect(r.progress.at(-1)).toBe(1);
  });

  it('turns a KML overlay rotated by 30° on a transparent canvas and widens its box', async () => {
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><GroundOverlay><name>Rotated</name>
      <Icon><href>giscore_etna.jpg</href></Icon>
      <LatLonBox><north>37.9</north><south>37.5</south><east>15.4</east><west>14.6</west><rotation>30</rotation></LatLonBox>
      </GroundOverlay></kml>`;
    const r = await page.evaluate(
      (k) => window.fileWorkers.kmlWithImage(k, 'generated/giscore_etna.jpg', 'KML + JPG rotated 30°'),
      kml,
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.value.warnings.some((w) => w.includes('rotated by 30°'))).toBe(true);
    expect(r.value.image.mime).toBe('image/png');
    // The corners of the turned picture are empty: a share of the canvas stays transparent.
    expect(r.value.image.opaqueShare).toBeGreaterThan(0.4);
    expect(r.value.image.opaqueShare).toBeLessThan(0.8);
    expect(r.value.northEast!.lat).toBeGreaterThan(37.9);
    expect(r.value.southWest!.lng).toBeLessThan(14.6);
  });

  it('renders GeoTIFFs (3857 JPEG with alpha, 16-bit RGBA UTM) to PNG with GDAL bounds', async () => {
    // Share of pixels with a non-zero alpha sample in each file's alpha band: the warped 3857 tile is mostly empty.
    const opaque: [string, number][] = [
      ['rasterio_alpha_epsg3857_jpeg.tif', 0.0155],
      // Every colour sample is 10000 and alpha 0 or 255 in a UInt16 band: a flat grey at 10000/65535 where opaque.
      ['rasterio_RGBA_uint16_epsg32612.tif', 127316 / 260574],
    ];
    for (const [name, share] of opaque) {
      const r = await page.evaluate((p) => window.fileWorkers.basemap([p]), `real-world/geotiff/${name}`);
      if (!r.ok) throw new Error(`${name}: ${r.message}`);
      const box = gdalBox(name);
      expect(r.value.northEast!.lat).toBeCloseTo(box.north, 5);
      expect(r.value.northEast!.lng).toBeCloseTo(box.east, 5);
      expect(r.value.southWest!.lat).toBeCloseTo(box.south, 5);
      expect(r.value.southWest!.lng).toBeCloseTo(box.west, 5);
      expect(r.value.image.mime).toBe('image/png');
      expect(r.value.image.opaqueShare).toBeCloseTo(share, 3);
      expect(r.value.image.meanGrey).toBeGreaterThan(20);
    }
  });

  it('asks for a manual bounding box when a GeoTIFF has no coordinate system', async () => {
    const r = await page.evaluate(() => window.fileWorkers.basemap(['real-world/geotiff/rasterio_float_no_crs.tif']));
    if (!r.ok) throw new Error(r.message);
    expect(r.value.northEast).toBeNull();
    expect(r.value.warnings).toContain(BASEMAP_MESSAGES.unknownGeoTiffCrs);
  });

  it('recompresses a photo over 2 MB with OffscreenCanvas until it fits', async () => {
    const r = await page.evaluate(() => window.fileWorkers.photoBasemap(2600, 2000, 1, 40));
    if (!r.ok) throw new Error(r.message);
    expect(r.value.originalBytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(r.value.image.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(r.value.image.mime).toBe('image/jpeg');
    expect([r.value.image.width, r.value.image.height]).toEqual([2600, 2000]);
    expect(r.value.warnings.some((w) => /recompressed to fit the 2 MB limit \(\d+ steps?\)/.test(w))).toBe(true);
    expect(r.progress.length).toBeGreaterThan(2);
  });

  it("gives the spec's message when 50 steps cannot reach the limit", async () => {
    const r = await page.evaluate(() => window.fileWorkers.unreachableLimit());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe(BASEMAP_MESSAGES.notCompressible);
  });

  it('reads the inspection drafts of a KMZ with their images', async () => {
    const r = await page.evaluate(() => window.fileWorkers.inspection('real-world/kmz/giscore_etna_groundoverlay.kmz'));
    if (!r.ok) throw new Error(r.message);
    expect(r.value.parseSummary.errorMessages).toEqual([]);
    const withImage = r.value.drafts.filter((d) => d.image !== null);
    expect(withImage.length).toBeGreaterThan(0);
    expect(withImage[0]!.northEastCorner!.lat).toBeGreaterThan(withImage[0]!.southWestCorner!.lat);
    expect(r.value.images[0]!.opaqueShare).toBeGreaterThan(0.9);
  });

  it('gives the spec messages for files that cannot be a basemap', async () => {
    const cases: [string[], string][] = [
      [['real-world/kml/togeojson_linestring.kml', 'generated/giscore_etna.jpg'], BASEMAP_MESSAGES.noOverlayInKml],
      [['real-world/csv/csv-spectrum_utf8.csv'], 'csv is not a configured basemap file type.'],
      [['real-world/kml/togeojson_ground_overlay.kml'], BASEMAP_MESSAGES.kmlPairing],
      [
        [
          'real-world/kmz/giscore_usa_ca_sf_regions.kmz',
          'real-world/kmz/openlayers_iceland.kmz',
          'generated/giscore_etna.jpg',
        ],
        BASEMAP_MESSAGES.tooManyFiles,
      ],
    ];
    for (const [paths, message] of cases) {
      const r = await page.evaluate((p) => window.fileWorkers.basemap(p), paths);
      expect(r.ok ? 'parsed' : r.message).toBe(message);
      if (!r.ok) expect(r.name).toBe('FileParseError');
    }
  });

  it('parses CSV uploads in the worker with per-row errors', async () => {
    const r = await page.evaluate(() =>
      window.fileWorkers.csv('real-world/csv/csv-spectrum_quotes_and_newlines.csv', [
        { key: 'a', header: 'a', required: true },
        { key: 'b', header: 'b', required: true },
      ]),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.value.rows.map((x) => x.values)).toEqual([
      { a: '1', b: 'ha \n"ha" \nha' },
      { a: '3', b: '4' },
    ]);
    const bad = await page.evaluate(() =>
      window.fileWorkers.csv('real-world/csv/gdal_unbalanced_double_quotes.csv', [{ key: 'x', header: 'x' }]),
    );
    if (!bad.ok) throw new Error(bad.message);
    expect(bad.value.errors.length).toBeGreaterThan(0);
    expect(bad.value.errors[0]!.message).toMatch(/^Row \d+: /);
  });

  it('reports progress through a 40 MB CSV, and cancelling ends the worker at once', async () => {
    const full = await page.evaluate(() => window.fileWorkers.bigCsv(40));
    if (!full.ok) throw new Error(full.message);
    expect(full.value.errors).toBe(0);
    expect(full.value.rows).toBeGreaterThan(400_000);
    expect(full.progress.length).toBeGreaterThan(10);
    const cancelled = await page.evaluate(() => window.fileWorkers.bigCsv(40, 150));
    expect(cancelled.ok).toBe(false);
    if (cancelled.ok) return;
    expect(cancelled.name).toBe('CancelledError');
    expect(cancelled.ms).toBeLessThan(full.ms);
  });

  it('stops a worker that never answers at the time bound', async () => {
    const r = await page.evaluate(() => window.fileWorkers.hangingJob(1000));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe(fileTimedOut(1));
    expect(r.ms).toBeLessThan(5000);
  });

  it('shows every image it produced (screenshot) and logged no errors', async () => {
    await page.screenshot({ path: path.join(root, 'test-results/screenshots/file-workers.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
