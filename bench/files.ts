// File-parser benchmarks (issue: file workers): each against a named peer on the same input, in the same run.
//  - CSV, ~50 MB with quoted commas, quoted newlines and CRLF: PapaParse (chosen) against uDSV, with a check that
//    both read the same rows, and the correctness probe that decided the choice (ragged rows, unclosed quotes).
//  - KML with 20,000 placemarks and 200 ground overlays: our reader against @tmcw/togeojson over @xmldom/xmldom.
//  - GeoTIFF decode of a 4096 x 4096 RGB raster to RGBA pixels against fast-png decoding a PNG of the same pixels.
import { kml as togeojsonKml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import { fromArrayBuffer, writeArrayBuffer } from 'geotiff';
import Papa from 'papaparse';
import { inferSchema, initParser } from 'udsv';
import { parseCsvText } from '../src/codec/csv-parse';
import type { CsvColumn } from '../src/domain/csv-column';
import { bandLayout, renderRgba } from '../src/codec/geotiff-basemap';
import { median } from '../src/compute/kernel-benchmarks';
import { readKml } from '../src/codec/kml';

export interface FileBenchResult {
  name: string;
  peer: string;
  medianMs: number;
  peerMedianMs: number;
  ratio: number;
  note: string;
}

function makeCsv(targetBytes: number): { text: string; rows: number } {
  const lines = ['name,area,latitude,longitude,notes,installed\r\n'];
  let size = lines[0]!.length;
  let rows = 0;
  while (size < targetBytes) {
    const i = rows++;
    const line = `Site-${i},"Permian, Block ${i % 97}",${(31 + (i % 1000) / 1e4).toFixed(6)},${(-102 - (i % 777) / 1e4).toFixed(6)},"${i % 5 === 0 ? 'valve ""A""\r\nchecked' : 'ok'}",2026-0${1 + (i % 9)}-1${i % 10}T00:00:00Z\r\n`;
    lines.push(line);
    size += line.length;
  }
  return { text: lines.join(''), rows };
}

function csvBenchmarks(): FileBenchResult[] {
  const { text, rows } = makeCsv(50 * 1024 * 1024);
  const papaRaw = () => Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy' }).data;
  const udsvRaw = () => {
    const parser = initParser(inferSchema(text));
    return parser.stringArrs(text);
  };
  // Both must read the same table before their times mean anything.
  const a = papaRaw();
  const b = udsvRaw();
  if (a.length - 1 !== rows || b.length !== rows)
    throw new Error(`CSV row counts differ: expected ${rows}, PapaParse ${a.length - 1}, uDSV ${b.length}`);
  // Every row, field by field.
  for (let i = 0; i < rows; i++) {
    const x = a[i + 1]!;
    const y = b[i]!;
    if (x.length !== y.length || x.some((f, k) => f !== y[k]))
      throw new Error(`CSV row ${i} differs: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
  }
  const columns: CsvColumn[] = ['name', 'area', 'latitude', 'longitude', 'notes', 'installed'].map((h) => ({
    key: h,
    header: h,
    required: true,
  }));
  // The upload parse keeps every row with the same values, and no errors.
  const full = parseCsvText(text, columns);
  if (full.rows.length !== rows || full.errors.length > 0)
    throw new Error(`CSV upload parse kept ${full.rows.length} of ${rows} rows with ${full.errors.length} errors`);
  for (let i = 0; i < rows; i++) {
    const y = b[i]!;
    const v = full.rows[i]!.values as Record<string, string>;
    if (columns.some((c, k) => v[c.key] !== y[k])) throw new Error(`CSV upload row ${i} differs from uDSV's`);
  }
  const papaMs = median(papaRaw, 3);
  const udsvMs = median(udsvRaw, 3);
  const fullMs = median(() => parseCsvText(text, columns), 3);

  // The probe that decided: a ragged row and an unclosed quote must be reported, not merged or dropped.
  const broken = 'a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,"11,12\n';
  const papaBroken = Papa.parse<string[]>(broken, { delimiter: ',', skipEmptyLines: 'greedy' });
  const udsvBroken = initParser(inferSchema(broken)).stringArrs(broken);
  const note = `same ${rows} rows, every field; ${(text.length / 1048576).toFixed(1)} MB. Broken-file probe: PapaParse ${papaBroken.data.length - 1} rows + ${papaBroken.errors.length} error(s); uDSV ${udsvBroken.length} rows, no errors (${JSON.stringify(udsvBroken)})`;
  return [
    {
      name: 'CSV tokenise, 50 MB (PapaParse, chosen)',
      peer: 'uDSV stringArrs',
      medianMs: papaMs,
      peerMedianMs: udsvMs,
      ratio: udsvMs / papaMs,
      note,
    },
    {
      name: 'CSV upload parse incl. header mapping and per-row checks, 50 MB',
      peer: 'uDSV stringArrs (tokenise only)',
      medianMs: fullMs,
      peerMedianMs: udsvMs,
      ratio: udsvMs / fullMs,
      note: `same ${rows} rows and fields as uDSV, no errors`,
    },
  ];
}

function makeKml(placemarks: number, overlays: number): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>bench</name>',
  ];
  for (let i = 0; i < overlays; i++) {
    const s = 30 + i / 100;
    parts.push(
      `<GroundOverlay><name>Overlay ${i}</name><Icon><href>files/o${i}.png</href></Icon><LatLonBox><north>${s + 0.01}</north><south>${s}</south><east>${-100 + 0.01}</east><west>-100</west><rotation>${i % 30}</rotation></LatLonBox></GroundOverlay>`,
    );
  }
  for (let i = 0; i < placemarks; i++) {
    parts.push(
      `<Placemark><name>Leak ${i}</name><description><![CDATA[<b>Rate</b> ${i % 50} kg/h]]></description><TimeStamp><when>2026-05-0${1 + (i % 9)}T10:00:00Z</when></TimeStamp><Point><coordinates>${(-100 - (i % 1000) / 1e3).toFixed(6)},${(30 + (i % 997) / 1e3).toFixed(6)},0</coordinates></Point></Placemark>`,
    );
  }
  parts.push('</Document></kml>');
  return parts.join('\n');
}

function kmlBenchmark(): FileBenchResult {
  // 10,000 placemarks: about 82,000 XML elements, under the 100,000 the reader accepts.
  const text = makeKml(10_000, 200);
  const ours = readKml(text);
  const peerRun = () => togeojsonKml(new DOMParser().parseFromString(text, 'text/xml') as unknown as Document);
  const peer = peerRun();
  const points = peer.features.filter((f) => f.geometry?.type === 'Point');
  if (ours.placemarks.length !== points.length || ours.overlays.length !== 200)
    throw new Error('KML readers disagree on the placemark count');
  // Every placemark: same name, same coordinates.
  for (let i = 0; i < points.length; i++) {
    const [lng, lat] = (points[i]!.geometry as { coordinates: number[] }).coordinates;
    const name = (points[i]!.properties as { name?: string } | null)?.name;
    if (
      ours.placemarks[i]!.name !== name ||
      Math.abs(ours.placemarks[i]!.lat - lat!) > 1e-9 ||
      Math.abs(ours.placemarks[i]!.lng - lng!) > 1e-9
    )
      throw new Error(`KML placemark ${i} differs`);
  }
  const oursMs = median(() => readKml(text), 5);
  const peerMs = median(peerRun, 3);
  return {
    name: 'KML read, 10,000 placemarks + 200 ground overlays',
    peer: '@tmcw/togeojson over @xmldom/xmldom',
    medianMs: oursMs,
    peerMedianMs: peerMs,
    ratio: peerMs / oursMs,
    note: `same 10,000 placemarks (names, coordinates) and 200 overlays; ${(text.length / 1048576).toFixed(1)} MB; ours validates the XML first (XMLValidator) and refuses entities`,
  };
}

async function geotiffBenchmark(): Promise<FileBenchResult> {
  const side = 4096;
  const rgb = new Uint8Array(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const o = (y * side + x) * 3;
      rgb[o] = (x >> 4) & 255;
      rgb[o + 1] = (y >> 4) & 255;
      rgb[o + 2] = (x ^ y) & 255;
    }
  }
  const tiff = writeArrayBuffer(rgb, {
    width: side,
    height: side,
    SamplesPerPixel: 3,
    BitsPerSample: [8, 8, 8],
    PhotometricInterpretation: 2,
    ModelPixelScale: [1e-4, 1e-4, 0],
    ModelTiepoint: [0, 0, 0, -100, 40, 0],
    GeographicTypeGeoKey: 4326,
    GTModelTypeGeoKey: 2,
  });
  const rgba = new Uint8Array(side * side * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgba[j] = rgb[i]!;
    rgba[j + 1] = rgb[i + 1]!;
    rgba[j + 2] = rgb[i + 2]!;
    rgba[j + 3] = 255;
  }
  const png = encodePng({ width: side, height: side, data: rgb, channels: 3, depth: 8 });
  const decodeTiff = async () => {
    const image = await (await fromArrayBuffer(tiff)).getImage();
    const bands = Array.from(await image.readRasters({ interleave: false }));
    const input = {
      bands,
      width: side,
      height: side,
      bitsPerSample: 8,
      sampleFormat: 1,
      photometric: 2,
      extraSamples: [],
      colorMap: null,
      noData: null,
    };
    if (bandLayout(input).colour.length !== 3) throw new Error('expected RGB');
    return renderRgba(input);
  };
  // Both read every pixel as written: ours to RGBA, the PNG peer to RGB.
  const out = await decodeTiff();
  if (out.length !== rgba.length) throw new Error(`GeoTIFF decoded ${out.length / 4} pixels, not ${side * side}`);
  for (let i = 0; i < out.length; i++) if (out[i] !== rgba[i]) throw new Error(`GeoTIFF pixel ${i >> 2} differs`);
  const decoded = decodePng(png);
  if (decoded.channels !== 3 || decoded.data.length !== rgb.length)
    throw new Error(`the PNG decoded ${decoded.channels} channels, ${decoded.data.length} bytes`);
  for (let i = 0; i < rgb.length; i++)
    if (decoded.data[i] !== rgb[i]) throw new Error(`PNG pixel ${(i / 3) | 0} differs`);
  const times: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    await decodeTiff();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const peerMs = median(() => decodePng(png), 3);
  return {
    name: 'GeoTIFF decode to RGBA, 4096 x 4096 RGB (uncompressed strips)',
    peer: 'fast-png decode of a PNG of the same pixels',
    medianMs: times[1]!,
    peerMedianMs: peerMs,
    ratio: peerMs / times[1]!,
    note: `same ${(side * side).toLocaleString('en-US')} pixels, exact; TIFF ${(tiff.byteLength / 1048576).toFixed(0)} MB, PNG ${(png.length / 1048576).toFixed(1)} MB`,
  };
}

export async function fileBenchmarks(): Promise<FileBenchResult[]> {
  return [...csvBenchmarks(), kmlBenchmark(), await geotiffBenchmark()];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await fileBenchmarks();
  console.table(
    results.map((r) => ({
      benchmark: r.name,
      peer: r.peer,
      'ours ms': r.medianMs.toFixed(1),
      'peer ms': r.peerMedianMs.toFixed(1),
      'peer/ours': r.ratio.toFixed(2),
    })),
  );
  for (const r of results) if (r.note) console.log(`${r.name}: ${r.note}`);
}
