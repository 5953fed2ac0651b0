// Hostile and broken files: ZIP bombs, XML bombs and odd tag names, path-like entry names, non-UTF-8 and binary
// text, and fast-check mutations of every fixture. Each must end in a result or a clear FileParseError, quickly.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import JSZip from 'jszip';
import { DOMParser } from '@xmldom/xmldom';
import { kml as togeojsonKml } from '@tmcw/togeojson';
import { describe, expect, it } from 'vitest';
import { BASEMAP_MESSAGES } from '@/domain/basemap';
import { parseBasemapFiles, readKmz } from '../../src/codec/basemap';
import { parseCsvBytes } from '../../src/codec/csv-parse';
import type { CsvColumn } from '../../src/domain/csv-column';
import { FileParseError } from '../../src/codec/file-errors';
import { readInspectionKmz } from '../../src/codec/inspection-kmz';
import { readKml } from '../../src/codec/kml';
import { KMZ_LIMITS, SafeZip, ZipLimitError } from '../../src/codec/safe-zip';
import { nodeImageOps } from '../helpers/node-image-ops';

const fixtures = new URL('../fixtures/', import.meta.url);
const bytes = (path: string) => new Uint8Array(readFileSync(new URL(path, fixtures)));
const TINY_PNG = bytes('real-world/kmz/../../generated/giscore_etna.jpg');

async function zip(entries: Record<string, Uint8Array | string>, level = 9): Promise<Uint8Array> {
  const z = new JSZip();
  for (const [name, data] of Object.entries(entries)) z.file(name, data);
  return z.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level } });
}

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the promise to be rejected');
}

const OVERLAY_KML = (href: string) =>
  `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><GroundOverlay><name>x</name><Icon><href>${href}</href></Icon>` +
  '<LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay></kml>';

describe('ZIP bombs and hostile archives', () => {
  it('stops an entry that expands more than 200 times once past 1 MB', async () => {
    const bomb = await zip({ 'doc.kml': OVERLAY_KML('a.png'), 'a.png': new Uint8Array(16 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    const archive = await SafeZip.open(bomb, KMZ_LIMITS);
    const e = await rejection(archive.read(archive.entries.find((x) => x.name === 'a.png')!));
    expect(e).toBeInstanceOf(ZipLimitError);
    expect(e.message).toBe("'a.png' expands more than 200 times; it looks like a ZIP bomb.");
    // Through the basemap path the whole KMZ is refused with that message, not skipped.
    const parsed = await rejection(parseBasemapFiles([{ name: 'bomb.kmz', type: '', bytes: bomb }], nodeImageOps()));
    expect(parsed.message).toBe("'a.png' expands more than 200 times; it looks like a ZIP bomb.");
  });

  it('counts inflated bytes itself, even when the headers understate them', async () => {
    const bomb = await zip({ 'a.png': new Uint8Array(16 * 1024 * 1024) });
    // Rewrite every declared uncompressed size (local header offset 22, central directory offset 24) to 100 bytes.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let i = 0; i + 4 <= bomb.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 100, true);
      if (sig === 0x02014b50) view.setUint32(i + 24, 100, true);
    }
    const archive = await SafeZip.open(bomb, KMZ_LIMITS);
    expect(await rejection(archive.read(archive.entries[0]!))).toBeInstanceOf(ZipLimitError);
  });

  it('caps the total over many entries that each look harmless', async () => {
    const random = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24);
    const archive = await SafeZip.open(await zip({ a: random(400_000), b: random(400_000), c: random(400_000) }), {
      ...KMZ_LIMITS,
      maxTotalBytes: 1_000_000,
    });
    await archive.read(archive.entries[0]!);
    await archive.read(archive.entries[1]!);
    const e = await rejection(archive.read(archive.entries[2]!));
    expect(e).toBeInstanceOf(ZipLimitError);
    expect(e.message).toMatch(/^The archive inflates to more than/);
  });

  it('refuses too many entries before jszip reads the directory, and the ZIP64 count marker', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i <= KMZ_LIMITS.maxEntries; i++) many[`f${i}.txt`] = '';
    const e = await rejection(SafeZip.open(await zip(many), KMZ_LIMITS));
    expect(e.message).toBe('The KMZ file holds too many files (more than 2000).');
    const small = await zip({ 'doc.kml': OVERLAY_KML('a.png') });
    const view = new DataView(small.buffer, small.byteOffset, small.byteLength);
    const eocd = small.length - 22;
    expect(view.getUint32(eocd, true)).toBe(0x06054b50);
    view.setUint16(eocd + 10, 0xffff, true);
    expect((await rejection(SafeZip.open(small, KMZ_LIMITS))).message).toBe(
      'The KMZ file holds too many files (more than 2000).',
    );
  });

  it('never turns entry names into paths or object keys', async () => {
    const hostile = await zip({
      '../../evil.kml': OVERLAY_KML('../../../etc/passwd'),
      '/abs/x.kml': OVERLAY_KML('/etc/passwd'),
      toString: 'x',
      __proto__: 'y',
      constructor: 'z',
    });
    const kmz = await readKmz(hostile, {});
    expect(kmz.overlays).toEqual([]);
    expect(kmz.skipped).toEqual(['../../../etc/passwd']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const e = await rejection(parseBasemapFiles([{ name: 'x.kmz', type: '', bytes: hostile }], nodeImageOps()));
    expect(e.message).toBe(BASEMAP_MESSAGES.noOverlayInKmz);
  });

  it('explains empty, truncated and non-ZIP files', async () => {
    const etna = bytes('real-world/kmz/giscore_etna_groundoverlay.kmz');
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array(0), /^The KMZ file is empty\.$/],
      [etna.subarray(0, etna.length / 2), /^The KMZ file is not a valid ZIP archive/],
      [new TextEncoder().encode('<kml/>'), /^The KMZ file is not a valid ZIP archive/],
    ];
    for (const [data, message] of cases) {
      const e = await rejection(parseBasemapFiles([{ name: 'x.kmz', type: '', bytes: data }], nodeImageOps()));
      expect(e).toBeInstanceOf(FileParseError);
      expect(e.message).toMatch(message);
    }
  });
});

describe('hostile XML', () => {
  it('refuses entity declarations (billion laughs) without expanding them', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "lollollollol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><kml><Document><name>&j;</name></Document></kml>`;
    const started = performance.now();
    expect(() => readKml(lol)).toThrow('The KML file declares XML entities, which KML does not use; it was not read.');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('never reads a SYSTEM reference', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE kml SYSTEM "file:///etc/passwd"><kml><Document><name>n</name></Document></kml>';
    let outcome: string;
    try {
      outcome = JSON.stringify(readKml(text));
    } catch (e) {
      expect(e).toBeInstanceOf(FileParseError);
      outcome = (e as Error).message;
    }
    expect(outcome).not.toContain('root:');
  });

  it('bounds nesting depth', () => {
    const deep = `<kml>${'<Folder>'.repeat(5000)}${'</Folder>'.repeat(5000)}</kml>`;
    expect(() => readKml(deep)).toThrow(FileParseError);
  });

  it('keeps __proto__ and constructor tags away from prototypes', () => {
    for (const tag of ['__proto__', 'constructor']) {
      const text = `<kml><Placemark><${tag}><polluted>yes</polluted></${tag}><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;
      try {
        expect(readKml(text).placemarks).toHaveLength(1);
      } catch (e) {
        expect((e as Error).message).toBe(
          'The KML file uses a reserved tag name (such as __proto__) and was not read.',
        );
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    }
  });
});

describe('KMZ contents from other producers', () => {
  it('reads the overlays of a KMZ whose images sit in a subfolder (usa-ca-sf regions)', async () => {
    const kmz = await readKmz(bytes('real-world/kmz/giscore_usa_ca_sf_regions.kmz'), {});
    expect(kmz.overlays.map((o) => [o.overlay.name, o.overlay.href, o.image.mime])).toEqual([
      ['USA', 'pngs/usa.png', 'image/png'],
      ['California', 'pngs/california.png', 'image/png'],
      ['San Francisco', 'pngs/san-francisco.png', 'image/png'],
    ]);
    const basemap = await parseBasemapFiles(
      [{ name: 'sf.kmz', type: '', bytes: bytes('real-world/kmz/giscore_usa_ca_sf_regions.kmz') }],
      nodeImageOps(),
    );
    expect(basemap.warnings[0]).toBe("The file holds 3 ground overlays; the first one ('USA') is used.");
    expect(basemap.northEast).toEqual({ lat: 49.88917329870536, lng: -69.74604659554515 });
  });

  it('turns the placemarks of the Iceland KMZ into inspection drafts, as togeojson reads them', async () => {
    const data = bytes('real-world/kmz/openlayers_iceland.kmz');
    const { inspections, parseSummary } = await readInspectionKmz(data, nodeImageOps());
    expect(parseSummary.errorMessages).toEqual([]);
    // The independent reading: togeojson over xmldom on the same doc.kml.
    const docKml = await (await JSZip.loadAsync(data)).file('doc.kml')!.async('string');
    const peer = togeojsonKml(new DOMParser().parseFromString(docKml, 'text/xml') as unknown as Document);
    const points = peer.features.filter((f) => f.geometry?.type === 'Point');
    expect(inspections).toHaveLength(points.length);
    for (const [i, f] of points.entries()) {
      const [lng, lat] = (f.geometry as { coordinates: number[] }).coordinates;
      expect(inspections[i]!.sourceName).toBe(f.properties?.['name']);
      expect(inspections[i]!.location!.lat).toBeCloseTo(lat!, 6);
      expect(inspections[i]!.location!.lng).toBeCloseTo(lng!, 6);
      expect(inspections[i]!.image).toBeNull();
    }
    // HTML descriptions are kept as readable text, not markup.
    expect(inspections[0]!.description).not.toMatch(/<\/?(html|body|table|tr|td)\b/i);
    expect(inspections[0]!.description).toContain('Site_Name: Galtafell I Hrunamannahr\nLatitude: 64.09\n');
    expect(inspections[0]!.description).toContain('Reference: Flovenz&Saemundsson1991');
  });

  it('reports an inspection KMZ with nothing usable as an error summary', async () => {
    const empty = await zip({ 'doc.kml': '<kml><Document><name>n</name></Document></kml>' });
    const { inspections, parseSummary } = await readInspectionKmz(empty, nodeImageOps());
    expect(inspections).toEqual([]);
    expect(parseSummary.errorMessages).toEqual(['No ground overlays or placemarks found in the KMZ file.']);
  });
});

const COLUMNS: CsvColumn[] = [
  { key: 'name', header: 'Name', required: true },
  { key: 'area', header: 'Area' },
];

describe('CSV text that is not what it claims', () => {
  it('reads Windows-1252 with a warning', () => {
    const latin = Uint8Array.from([
      ...new TextEncoder().encode('Name,Area\n'),
      0x43,
      0x61,
      0x66,
      0xe9,
      0x2c,
      0x4e,
      0x0a,
    ]);
    const r = parseCsvBytes(latin, COLUMNS);
    expect(r.rows[0]!.values).toEqual({ name: 'Café', area: 'N' });
    expect(r.warnings).toContain('The file is not UTF-8; it was read as Windows-1252 (Western European).');
  });

  it('refuses empty, blank, header-only-missing and binary files with a message', () => {
    expect(() => parseCsvBytes(new Uint8Array(0), COLUMNS)).toThrow('The file is empty.');
    expect(() => parseCsvBytes(new TextEncoder().encode('\n\n  \n'), COLUMNS)).toThrow('The file is empty.');
    expect(() => parseCsvBytes(new TextEncoder().encode('Area\nx\n'), COLUMNS)).toThrow(
      "The file is missing the column 'Name'.",
    );
    expect(() => parseCsvBytes(bytes('generated/giscore_etna.jpg'), COLUMNS)).toThrow('The file is not a text file.');
  });
});

/** Byte-level mutations: flip, overwrite, truncate, splice random bytes. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('splice' as const),
    at: fc.nat(),
    data: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  }),
  fc.record({
    kind: fc.constant('overwrite' as const),
    at: fc.nat(),
    data: fc.uint8Array({ minLength: 1, maxLength: 16 }),
  }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(source: Uint8Array, changes: Mutation[]): Uint8Array {
  let out = source.slice();
  for (const m of changes) {
    const at = out.length === 0 ? 0 : m.at % out.length;
    if (m.kind === 'flip') out[at] = out[at]! ^ (1 << m.bit);
    else if (m.kind === 'truncate') out = out.slice(0, at);
    else if (m.kind === 'splice') out = Uint8Array.from([...out.subarray(0, at), ...m.data, ...out.subarray(at)]);
    else out.set(m.data.subarray(0, Math.max(0, out.length - at)), at);
  }
  return out;
}

/** A result or a FileParseError within the bound; anything else (a TypeError, a hang) fails the property. */
async function endsCleanly(run: () => Promise<unknown>, boundMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${boundMs} ms`)), boundMs)),
  );
  try {
    await Promise.race([run(), bound]);
  } catch (e) {
    if (!(e instanceof FileParseError)) throw e;
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzzing every parser with mutated fixtures', () => {
  const changes = fc.array(mutation, { minLength: 1, maxLength: 4 });
  const runs = { numRuns: 60, seed: 20261123 };
  const basemapCases: [string, string][] = [
    ['real-world/kmz/giscore_etna_groundoverlay.kmz', 'x.kmz'],
    ['real-world/kmz/giscore_usa_ca_sf_regions.kmz', 'x.kmz'],
    ['real-world/geotiff/rasterio_alpha_epsg3857_jpeg.tif', 'x.tif'],
    ['real-world/geotiff/rasterio_RGBA_uint16_epsg32612.tif', 'x.tif'],
    ['generated/world_big_endian.tif', 'x.tif'],
    ['generated/alpha_epsg3857_bigtiff.tif', 'x.tif'],
  ];
  for (const [path, name] of basemapCases) {
    it(`basemap: ${path}`, async () => {
      const source = bytes(path);
      await fc.assert(
        fc.asyncProperty(changes, (m) =>
          endsCleanly(() => parseBasemapFiles([{ name, type: '', bytes: mutate(source, m) }], nodeImageOps()), 5000),
        ),
        runs,
      );
    }, 120_000);
  }

  it('basemap: KML with its image', async () => {
    const kml = bytes('real-world/kml/togeojson_ground_overlay.kml');
    await fc.assert(
      fc.asyncProperty(changes, changes, (a, b) =>
        endsCleanly(
          () =>
            parseBasemapFiles(
              [
                { name: 'o.kml', type: '', bytes: mutate(kml, a) },
                { name: 'o.jpg', type: '', bytes: mutate(TINY_PNG, b) },
              ],
              nodeImageOps(),
            ),
          5000,
        ),
      ),
      runs,
    );
  }, 120_000);

  it('inspection KMZ: errors end in the summary, never thrown', async () => {
    const source = bytes('real-world/kmz/openlayers_iceland.kmz');
    await fc.assert(
      fc.asyncProperty(changes, async (m) => {
        const r = await readInspectionKmz(mutate(source, m), nodeImageOps());
        expect(
          r.inspections.length > 0 || r.parseSummary.errorMessages.length > 0 || r.parseSummary.infoMessages.length > 0,
        ).toBe(true);
      }),
      runs,
    );
  }, 120_000);

  it('CSV: every fixture', async () => {
    for (const name of [
      'csv-spectrum_quotes_and_newlines.csv',
      'papaparse_utf-8-bom-sample.csv',
      'gdal_unbalanced_double_quotes.csv',
      'csv-spectrum_newlines_crlf.csv',
    ]) {
      const source = bytes(`real-world/csv/${name}`);
      const header = new TextDecoder()
        .decode(source)
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0]!
        .split(',');
      const columns: CsvColumn[] = header.map((h) => ({ key: h, header: h }));
      await fc.assert(
        fc.asyncProperty(changes, (m) => endsCleanly(async () => parseCsvBytes(mutate(source, m), columns), 2000)),
        runs,
      );
    }
  }, 120_000);
});
