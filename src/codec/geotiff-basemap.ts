// A GeoTIFF as a basemap: bounds from the geokeys reprojected to WGS 84, pixels of any depth and band count
// rendered to 8-bit RGBA, refusing declared sizes that cannot be decoded before reading a single tile.
import { fromArrayBuffer, type GeoTIFF, type GeoTIFFImage, type TypedArray } from 'geotiff';
import proj4 from 'proj4';
import { BASEMAP_MESSAGES, type ParsedBasemap } from '../domain/basemap';
import { FileParseError, throwIfAborted, type ProgressCallback } from './file-errors';
import { resolveCrs, type CrsResolution } from './geotiff-crs';
import type { ImageOps } from './image-ops';
import { georeferenced, type Bounds } from './overlay-geometry';

export const GEOTIFF_LIMITS = {
  /** Most pixels of the image we decode (an overview is used for bigger ones). */
  maxSourcePixels: 64 * 1024 * 1024,
  maxSourceBytes: 512 * 1024 * 1024,
  /** The basemap image is at most this many pixels on a side. */
  maxOutputSide: 4096,
  /** IFDs visited looking for an overview; a file whose IFD chain loops would otherwise be walked forever. */
  maxImages: 8,
};

interface Limits {
  maxSourcePixels: number;
  maxSourceBytes: number;
  maxOutputSide: number;
  maxImages: number;
}

const decodedBytes = (im: GeoTIFFImage) =>
  im.getWidth() * im.getHeight() * im.getSamplesPerPixel() * Math.max(1, Math.ceil(im.getBitsPerSample() / 8));
const fits = (im: GeoTIFFImage, l: Limits) =>
  im.getWidth() * im.getHeight() <= l.maxSourcePixels && decodedBytes(im) <= l.maxSourceBytes;

async function pickImage(tiff: GeoTIFF, first: GeoTIFFImage, limits: Limits): Promise<GeoTIFFImage> {
  if (fits(first, limits)) return first;
  let best: GeoTIFFImage | null = null;
  for (let i = 1; i < limits.maxImages; i++) {
    let candidate: GeoTIFFImage;
    try {
      candidate = await tiff.getImage(i);
    } catch {
      break;
    }
    if (candidate.getWidth() >= first.getWidth() || !fits(candidate, limits)) continue;
    if (!best || candidate.getWidth() > best.getWidth()) best = candidate;
  }
  if (best) return best;
  throw new FileParseError(
    `The GeoTIFF is too large to use as a basemap (${first.getWidth()} × ${first.getHeight()} pixels, ${first.getSamplesPerPixel()} band${first.getSamplesPerPixel() === 1 ? '' : 's'}). ` +
      `Please reduce it to at most ${limits.maxSourcePixels / 1048576} million pixels or add overviews.`,
  );
}

/**
 * Samples the rectangle's edges (corners included) so curved projected edges are enclosed, then takes the WGS 84
 * bounding box; an image that contains a pole (a polar stereographic one) reaches that pole at every longitude,
 * which no edge sample shows.
 */
export function boundsToWgs84(bbox: readonly number[], crs: CrsResolution): Bounds | null {
  const [minX, minY, maxX, maxY] = bbox as [number, number, number, number];
  if (crs.kind === 'unknown') return null;
  if (crs.kind === 'lonlat' && crs.def === null) return { west: minX, south: minY, east: maxX, north: maxY };
  const convert = proj4(crs.def!, 'WGS84');
  const n = 16;
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    for (const [x, y] of [
      [minX + (maxX - minX) * t, minY],
      [minX + (maxX - minX) * t, maxY],
      [minX, minY + (maxY - minY) * t],
      [maxX, minY + (maxY - minY) * t],
    ] as const) {
      const [lon, lat] = convert.forward([x, y]) as [number, number];
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  for (const poleLat of [90, -90]) {
    let at: [number, number];
    try {
      at = convert.inverse([0, poleLat]) as [number, number];
    } catch {
      continue;
    }
    const [x, y] = at;
    if (!(Number.isFinite(x) && Number.isFinite(y) && x >= minX && x <= maxX && y >= minY && y <= maxY)) continue;
    if (poleLat > 0) north = 90;
    else south = -90;
    west = -180;
    east = 180;
  }
  return { west, south, east, north };
}

/** Low and high cut for a stretch to 0..255: 2nd and 98th percentiles of a sample of valid values. */
function stretchRange(bands: TypedArray[], noData: number | null, fullRange: number | null): [number, number] {
  const total = bands[0]!.length;
  const stride = Math.max(1, Math.floor((total * bands.length) / 500_000));
  const sample: number[] = [];
  for (const band of bands) {
    for (let i = 0; i < total; i += stride) {
      const v = band[i]!;
      if (Number.isFinite(v) && v !== noData) sample.push(v);
    }
  }
  if (sample.length === 0) return [0, 1];
  const sorted = Float64Array.from(sample).sort();
  const lo = sorted[Math.floor(sorted.length * 0.02)]!;
  const hi = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.98))]!;
  if (hi > lo) return [lo, hi];
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  if (max > min) return [min, max];
  // A constant raster has no range to stretch: place it where it sits in its type's range (unsigned), else mid grey.
  return fullRange === null ? [min - 1, min + 1] : [0, fullRange];
}

export interface RenderInput {
  bands: TypedArray[];
  width: number;
  height: number;
  bitsPerSample: number;
  /** 1 unsigned, 2 signed, 3 float. */
  sampleFormat: number;
  photometric: number | null;
  /** ExtraSamples: 1 or 2 mark that extra band as alpha. */
  extraSamples: number[];
  /** Per-band colour interpretation GDAL wrote in its metadata tag (lower case), when present. */
  colorInterp?: readonly (string | undefined)[] | null;
  colorMap: ArrayLike<number> | null;
  noData: number | null;
}

/** Which bands hold the colour (1 grey or 3 RGB) and which the alpha (-1 for none). */
export function bandLayout(input: Pick<RenderInput, 'bands' | 'photometric' | 'extraSamples' | 'colorInterp'>): {
  colour: number[];
  alpha: number;
} {
  const count = input.bands.length;
  const roles = input.colorInterp ?? [];
  const red = roles.indexOf('red');
  const green = roles.indexOf('green');
  const blue = roles.indexOf('blue');
  // GDAL's own record of the bands wins: it is how GDAL itself shows a file whose TIFF tags say less.
  if (red >= 0 && green >= 0 && blue >= 0) return { colour: [red, green, blue], alpha: roles.indexOf('alpha') };
  const colourCount = input.photometric === 2 || (input.photometric === null && count >= 3) ? Math.min(3, count) : 1;
  const firstExtra = count - input.extraSamples.length;
  const declared = input.extraSamples.findIndex((e) => e === 1 || e === 2);
  let alpha = declared >= 0 && firstExtra + declared >= colourCount ? firstExtra + declared : roles.indexOf('alpha');
  // Four bands with no tags at all are RGBA by convention.
  if (alpha < 0 && colourCount === 3 && count === 4 && input.extraSamples.length === 0) alpha = 3;
  return { colour: colourCount === 3 ? [0, 1, 2] : [0], alpha };
}

function maxOf(values: TypedArray): number {
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  return max;
}

/** 8-bit RGBA from any band layout: palette, grey (+alpha), RGB (+alpha); no-data pixels become transparent. */
export function renderRgba(input: RenderInput): Uint8ClampedArray {
  const { bands, width, height, noData } = input;
  const n = width * height;
  const out = new Uint8ClampedArray(n * 4);
  const layout = bandLayout(input);
  const colourBands = layout.colour.length;
  const colour = layout.colour.map((i) => bands[i]!);
  const is8bitUnsigned = input.bitsPerSample <= 8 && input.sampleFormat === 1;
  const palette = input.photometric === 3 && input.colorMap && colourBands === 1 ? input.colorMap : null;
  const [lo, hi] =
    is8bitUnsigned || palette
      ? [0, 255]
      : stretchRange(colour, noData, input.sampleFormat === 1 ? 2 ** Math.min(32, input.bitsPerSample) - 1 : null);
  const scale = 255 / (hi - lo);
  const invert = input.photometric === 0;
  const alpha = layout.alpha >= 0 ? (bands[layout.alpha] ?? null) : null;
  // Wide alpha bands often hold 0..255 anyway (rasterio writes them so): scale by the type only when values exceed 255.
  const alphaScale = alpha && maxOf(alpha) > 255 ? 255 / (2 ** Math.min(32, input.bitsPerSample) - 1) : 1;
  const paletteSize = palette ? palette.length / 3 : 0;
  const b0 = colour[0]!;
  const b1 = colourBands === 3 ? colour[1]! : b0;
  const b2 = colourBands === 3 ? colour[2]! : b0;
  const noDataValue = noData ?? Number.NaN;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const v0 = b0[i]!;
    const v1 = b1[i]!;
    const v2 = b2[i]!;
    if (palette) {
      const idx = Math.max(0, Math.min(paletteSize - 1, v0));
      out[o] = palette[idx]! / 257;
      out[o + 1] = palette[paletteSize + idx]! / 257;
      out[o + 2] = palette[2 * paletteSize + idx]! / 257;
    } else if (colourBands === 3) {
      out[o] = (v0 - lo) * scale;
      out[o + 1] = (v1 - lo) * scale;
      out[o + 2] = (v2 - lo) * scale;
    } else {
      const g = (v0 - lo) * scale;
      out[o] = out[o + 1] = out[o + 2] = invert ? 255 - g : g;
    }
    // v !== v is NaN; Infinity minus itself is NaN too, so one test covers every non-finite sample.
    const transparent =
      v0 - v0 !== 0 ||
      v1 - v1 !== 0 ||
      v2 - v2 !== 0 ||
      (v0 === noDataValue && v1 === noDataValue && v2 === noDataValue);
    out[o + 3] = transparent ? 0 : alpha ? alpha[i]! * alphaScale : 255;
  }
  return out;
}

function tagNumbers(image: GeoTIFFImage, tag: 'ExtraSamples' | 'PhotometricInterpretation'): number[] | null {
  const dir = image.getFileDirectory();
  if (!dir.hasTag(tag)) return null;
  try {
    const v: unknown = dir.getValue(tag);
    if (typeof v === 'number') return [v];
    if (v && typeof v === 'object' && 'length' in v) return Array.from(v as ArrayLike<number>);
  } catch {
    // Deferred (large) tags are loaded on demand below.
  }
  return null;
}

/** Band roles from the GDAL_METADATA tag (`<Item name="COLORINTERP" sample="0" role="colorinterp">Red</Item>`). */
async function loadColorInterp(image: GeoTIFFImage): Promise<(string | undefined)[] | null> {
  const dir = image.getFileDirectory();
  if (!dir.hasTag('GDAL_METADATA')) return null;
  const v: unknown = await dir.loadValue('GDAL_METADATA');
  if (typeof v !== 'string' || v.length > 1_000_000) return null;
  const roles: (string | undefined)[] = [];
  for (const m of v.matchAll(/<Item\s+name="COLORINTERP"\s+sample="(\d{1,3})"[^>]*>([A-Za-z]{1,20})<\/Item>/g))
    roles[Number(m[1])] = m[2]!.toLowerCase();
  return roles.length > 0 ? roles : null;
}

async function loadColorMap(image: GeoTIFFImage): Promise<number[] | null> {
  const dir = image.getFileDirectory();
  if (!dir.hasTag('ColorMap')) return null;
  const v: unknown = await dir.loadValue('ColorMap');
  return v && typeof v === 'object' && 'length' in v ? Array.from(v as ArrayLike<number>) : null;
}

export interface GeoTiffOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  limits?: Partial<Limits>;
}

export async function readGeoTiffBasemap(
  bytes: Uint8Array,
  ops: ImageOps,
  options: GeoTiffOptions = {},
): Promise<ParsedBasemap> {
  const limits = { ...GEOTIFF_LIMITS, ...options.limits };
  const progress = options.onProgress ?? (() => undefined);
  if (bytes.length === 0) throw new FileParseError('The GeoTIFF file is empty.');
  progress(0.05, 'Reading GeoTIFF');
  let tiff: GeoTIFF;
  let first: GeoTIFFImage;
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    tiff = await fromArrayBuffer(buffer, options.signal);
    first = await tiff.getImage(0);
  } catch (e) {
    throw new FileParseError(`The file is not a readable GeoTIFF (${e instanceof Error ? e.message : String(e)}).`);
  }
  const width = first.getWidth();
  const height = first.getHeight();
  if (!(width > 0 && height > 0)) throw new FileParseError('The GeoTIFF has no pixels.');
  const warnings: string[] = [];
  const crs = resolveCrs(first.getGeoKeys());
  let bounds: Bounds | null = null;
  if (crs.kind !== 'unknown') {
    try {
      bounds = boundsToWgs84(first.getBoundingBox(), crs);
    } catch {
      bounds = null;
    }
  }
  if (!bounds) warnings.push(BASEMAP_MESSAGES.unknownGeoTiffCrs);

  const image = await pickImage(tiff, first, limits);
  throwIfAborted(options.signal);
  const side = Math.max(image.getWidth(), image.getHeight());
  const shrink = side > limits.maxOutputSide ? limits.maxOutputSide / side : 1;
  const outWidth = Math.max(1, Math.round(image.getWidth() * shrink));
  const outHeight = Math.max(1, Math.round(image.getHeight() * shrink));
  progress(0.2, 'Decoding pixels');
  const photometric = tagNumbers(image, 'PhotometricInterpretation')?.[0] ?? null;
  let rgba: Uint8ClampedArray;
  try {
    if (photometric === 5 || photometric === 6 || photometric === 8) {
      // CMYK, YCbCr and CIELab: geotiff converts these to RGB itself.
      const rgb = await image.readRGB({
        interleave: false,
        width: outWidth,
        height: outHeight,
        enableAlpha: true,
        signal: options.signal,
      });
      rgba = renderRgba({
        bands: Array.from(rgb),
        width: outWidth,
        height: outHeight,
        bitsPerSample: 8,
        sampleFormat: 1,
        photometric: 2,
        extraSamples: rgb.length > 3 ? [2] : [],
        colorMap: null,
        noData: null,
      });
    } else {
      const rasters = await image.readRasters({
        interleave: false,
        width: outWidth,
        height: outHeight,
        signal: options.signal,
      });
      progress(0.7, 'Rendering');
      rgba = renderRgba({
        bands: Array.from(rasters),
        width: outWidth,
        height: outHeight,
        bitsPerSample: image.getBitsPerSample(),
        sampleFormat: image.getSampleFormat(),
        photometric,
        extraSamples: tagNumbers(image, 'ExtraSamples') ?? [],
        colorInterp: await loadColorInterp(first).catch(() => null),
        colorMap: photometric === 3 ? await loadColorMap(image) : null,
        noData: first.getGDALNoData(),
      });
    }
  } catch (e) {
    if (options.signal?.aborted) throw e;
    throw new FileParseError(
      `The GeoTIFF's pixels could not be decoded (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  throwIfAborted(options.signal);
  progress(0.85, 'Encoding image');
  const encoded = await ops.encodePng(rgba, outWidth, outHeight);
  progress(1, 'Done');
  return georeferenced(encoded, bounds, warnings);
}
