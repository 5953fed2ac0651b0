// Basemap files to a georeferenced image (spec 3 §5 'Basemap'): a PNG/JPEG alone, a KML with its image, a KMZ,
// or a GeoTIFF; every image ends up within the 2 MB limit.
import { BASEMAP_MESSAGES, chooseBasemapFiles, unexpectedParseError, type ParsedBasemap } from '../domain/basemap';
import { CancelledError, FileParseError, throwIfAborted, type ProgressCallback } from './file-errors';
import { readGeoTiffBasemap } from './geotiff-basemap';
import { checkDecodable, readImageHeader } from './image-header';
import type { EncodedImage, ImageOps } from './image-ops';
import { readKml, type KmlGroundOverlay } from './kml';
import { georeferenced, rotatedOverlay } from './overlay-geometry';
import { fitImageToLimit } from './recompress';
import { KMZ_LIMITS, resolveArchivePath, SafeZip, ZipLimitError, type ZipEntry } from './safe-zip';
import { decodeXml } from './text-decode';

export interface InputFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface ParseOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

function asImage(bytes: Uint8Array, what: string): EncodedImage {
  const header = readImageHeader(bytes, what);
  checkDecodable(header, what);
  return { bytes, mime: header.mime, width: header.width, height: header.height };
}

/** Places an overlay's image on its box, rotating it when the KML says so. */
async function placeOverlay(
  overlay: KmlGroundOverlay,
  image: EncodedImage,
  ops: ImageOps,
  warnings: string[],
): Promise<{ image: EncodedImage; bounds: ReturnType<typeof rotatedOverlay>['bounds'] }> {
  if (overlay.fromQuad)
    warnings.push(
      'The overlay is placed by four corners (gx:LatLonQuad); the image is stretched to their bounding box.',
    );
  const { bounds, plan } = rotatedOverlay(overlay.box, image.width, image.height);
  if (!plan) return { image, bounds };
  warnings.push(
    `The overlay is rotated by ${overlay.box.rotation}°; the image was turned and its corners widened to the rotated box.`,
  );
  return { image: await ops.rotate(image, plan), bounds };
}

const moreOverlaysWarning = (count: number, chosen: KmlGroundOverlay) =>
  `The file holds ${count} ground overlays; the first one${chosen.name ? ` ('${chosen.name}')` : ''} is used.`;

function pickOverlay(overlays: KmlGroundOverlay[], warnings: string[]): KmlGroundOverlay {
  const chosen = overlays[0]!;
  if (overlays.length > 1) warnings.push(moreOverlaysWarning(overlays.length, chosen));
  return chosen;
}

/** The spec's 'no valid ground overlays' message, followed by why the first skipped overlay could not be used. */
function noOverlayMessage(message: string, problems: readonly string[]): string {
  if (problems.length === 0) return message;
  const more =
    problems.length > 1
      ? ` (${problems.length - 1} more overlay${problems.length > 2 ? 's' : ''} could not be used either.)`
      : '';
  return `${message.replace(/\.?$/, '.')} ${problems[0]}${more}`;
}

const normaliseEntry = (name: string) => name.replace(/\\/g, '/').replace(/^\.\//, '');

/** The KML a KMZ is read from: doc.kml at the root, else the first .kml at the root, else the first anywhere. */
export function findKmlEntry(entries: readonly ZipEntry[]): ZipEntry | null {
  const kmls = entries.filter((e) => normaliseEntry(e.name).toLowerCase().endsWith('.kml'));
  return (
    kmls.find((e) => normaliseEntry(e.name).toLowerCase() === 'doc.kml') ??
    kmls.find((e) => !normaliseEntry(e.name).includes('/')) ??
    kmls[0] ??
    null
  );
}

export function findEntry(entries: readonly ZipEntry[], path: string): ZipEntry | null {
  const wanted = path.toLowerCase();
  return entries.find((e) => normaliseEntry(e.name).toLowerCase() === wanted) ?? null;
}

export interface KmzOverlay {
  overlay: KmlGroundOverlay;
  image: EncodedImage;
}

/** Reads a KMZ's KML and the images its overlays reference (those that resolve inside the archive). */
export async function readKmz(bytes: Uint8Array, options: ParseOptions & { imageLimit?: number }) {
  const zip = await SafeZip.open(bytes, KMZ_LIMITS);
  const kmlEntry = findKmlEntry(zip.entries);
  if (!kmlEntry) throw new FileParseError(BASEMAP_MESSAGES.noKmlInKmz);
  const kml = readKml(
    decodeXml(await zip.read(kmlEntry, options.signal), 'The KML in the KMZ file'),
    'The KML in the KMZ file',
  );
  const overlays: KmzOverlay[] = [];
  const skipped: string[] = [];
  for (const overlay of kml.overlays) {
    throwIfAborted(options.signal);
    if (options.imageLimit !== undefined && overlays.length >= options.imageLimit) break;
    const path = resolveArchivePath(kmlEntry.name, overlay.href);
    const entry = path === null ? null : findEntry(zip.entries, path);
    if (!entry) {
      skipped.push(overlay.href);
      continue;
    }
    try {
      overlays.push({ overlay, image: asImage(await zip.read(entry, options.signal), `The image '${overlay.href}'`) });
    } catch (e) {
      if (!(e instanceof FileParseError) || e instanceof ZipLimitError) throw e;
      skipped.push(overlay.href);
    }
  }
  return {
    overlays,
    overlayCount: kml.overlays.length,
    placemarks: kml.placemarks,
    skipped,
    invalidOverlays: kml.invalidOverlays,
    problems: kml.problems,
  };
}

async function parsePlanned(files: readonly InputFile[], ops: ImageOps, options: ParseOptions): Promise<ParsedBasemap> {
  const progress = options.onProgress ?? (() => undefined);
  const selection = chooseBasemapFiles(files);
  if (!selection.ok) throw new FileParseError(selection.message);
  const plan = selection.plan;
  const warnings: string[] = [];
  let image: EncodedImage;
  let bounds: { north: number; south: number; east: number; west: number } | null = null;
  switch (plan.kind) {
    case 'geotiff': {
      const parsed = await readGeoTiffBasemap(plan.tiff.bytes, ops, {
        signal: options.signal,
        onProgress: (f, s) => progress(f * 0.8, s),
      });
      warnings.push(...parsed.warnings);
      image = parsed.image;
      if (parsed.northEast && parsed.southWest)
        bounds = {
          north: parsed.northEast.lat,
          east: parsed.northEast.lng,
          south: parsed.southWest.lat,
          west: parsed.southWest.lng,
        };
      break;
    }
    case 'image':
      image = asImage(plan.image.bytes, `'${plan.image.name}'`);
      break;
    case 'kml': {
      progress(0.1, 'Reading KML');
      const kml = readKml(decodeXml(plan.kml.bytes, 'The KML file'));
      if (kml.overlays.length === 0)
        throw new FileParseError(noOverlayMessage(BASEMAP_MESSAGES.noOverlayInKml, kml.problems));
      const placed = await placeOverlay(
        pickOverlay(kml.overlays, warnings),
        asImage(plan.image.bytes, `'${plan.image.name}'`),
        ops,
        warnings,
      );
      image = placed.image;
      bounds = placed.bounds;
      break;
    }
    case 'kmz': {
      progress(0.1, 'Opening KMZ');
      const kmz = await readKmz(plan.kmz.bytes, { ...options, imageLimit: 1 });
      if (kmz.overlays.length === 0)
        throw new FileParseError(noOverlayMessage(BASEMAP_MESSAGES.noOverlayInKmz, kmz.problems));
      const first = kmz.overlays[0]!;
      if (kmz.overlayCount > 1) warnings.push(moreOverlaysWarning(kmz.overlayCount, first.overlay));
      const placed = await placeOverlay(first.overlay, first.image, ops, warnings);
      image = placed.image;
      bounds = placed.bounds;
      break;
    }
  }
  progress(0.8, 'Checking image size');
  const fitted = await fitImageToLimit(image, ops, {
    signal: options.signal,
    onProgress: (f, s) => progress(0.8 + f * 0.2, s),
  });
  if (fitted.steps > 0)
    warnings.push(
      `The image was recompressed to fit the 2 MB limit (${fitted.steps} step${fitted.steps === 1 ? '' : 's'}).`,
    );
  progress(1, 'Done');
  return georeferenced(fitted, bounds, warnings);
}

/** Every failure is a FileParseError with the message to show (or CancelledError); unexpected ones use the spec's wrapper. */
export async function parseBasemapFiles(
  files: readonly InputFile[],
  ops: ImageOps,
  options: ParseOptions = {},
): Promise<ParsedBasemap> {
  try {
    return await parsePlanned(files, ops, options);
  } catch (e) {
    if (e instanceof FileParseError || e instanceof CancelledError) throw e;
    if (options.signal?.aborted) throw new CancelledError();
    throw new FileParseError(unexpectedParseError(e instanceof Error ? e.message : String(e)));
  }
}
