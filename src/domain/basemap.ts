// Basemap upload rules and messages (spec 3 §5 'Basemap', §8, §9): which files may be chosen together and how.
import { INVALID_COORDINATES, parseLatLng, type LatLng } from './coordinates';

export const BASEMAP_MESSAGES = {
  tooManyFiles: 'Please select only up to 2 files',
  kmlPairing:
    'When selecting two files or a kml file, please make sure a kml file and an image (jpg or png) are selected',
  imageRequired: 'An image file is required to create a new basemap',
  cornerOrder: 'The southwest corner must be both south and west of the northeast corner',
  noOverlayInKml: 'No valid ground overlays found in the KML file',
  noKmlInKmz: 'No KML found in the KMZ file.',
  noOverlayInKmz: 'No valid ground overlays found in the KMZ file.',
  notCompressible: 'Image could not be sufficiently compressed. Please select an image with a smaller file size',
  unknownGeoTiffCrs:
    'The GeoTIFF does not say which coordinate system it uses, or uses one this console does not know. Please enter the bounding box manually.',
} as const;

export const notConfiguredType = (type: string): string => `${type} is not a configured basemap file type.`;
export const unexpectedParseError = (message: string): string =>
  `An unexpected error occurred parsing the basemap files: ${message}`;

/** Spec 3 §9: image limit 2 MB, up to 50 recompression steps at 0.95 factor, at most 2 files. */
export const BASEMAP_IMAGE_LIMIT_BYTES = 2 * 1024 * 1024;
export const BASEMAP_RECOMPRESSION_STEPS = 50;
export const BASEMAP_RECOMPRESSION_FACTOR = 0.95;
export const BASEMAP_MAX_FILES = 2;

export type BasemapFileKind = 'png' | 'jpeg' | 'tiff' | 'kml' | 'kmz';

const KIND_BY_EXTENSION: ReadonlyMap<string, BasemapFileKind> = new Map([
  ['png', 'png'],
  ['jpg', 'jpeg'],
  ['jpeg', 'jpeg'],
  ['tif', 'tiff'],
  ['tiff', 'tiff'],
  ['kml', 'kml'],
  ['kmz', 'kmz'],
]);

const KIND_BY_MIME: ReadonlyMap<string, BasemapFileKind> = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
  ['image/tiff', 'tiff'],
  ['application/vnd.google-earth.kml+xml', 'kml'],
  ['application/vnd.google-earth.kmz', 'kmz'],
]);

export interface ChosenFile {
  name: string;
  type: string;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The extension decides (browsers often give KML/KMZ no MIME type); the MIME type only helps names without one. */
export function basemapFileKind(file: ChosenFile): BasemapFileKind | null {
  const ext = fileExtension(file.name);
  if (ext) return KIND_BY_EXTENSION.get(ext) ?? null;
  return KIND_BY_MIME.get(file.type.toLowerCase()) ?? null;
}

export type BasemapPlan<F extends ChosenFile> =
  | { kind: 'image'; image: F }
  | { kind: 'kml'; kml: F; image: F }
  | { kind: 'kmz'; kmz: F }
  | { kind: 'geotiff'; tiff: F };

export type BasemapSelection<F extends ChosenFile> =
  { ok: true; plan: BasemapPlan<F> } | { ok: false; message: string };

const isRasterImage = (k: BasemapFileKind | null) => k === 'png' || k === 'jpeg';

/** Applies the selection rules in the spec's order: count, types, then the KML pairing rule. */
export function chooseBasemapFiles<F extends ChosenFile>(files: readonly F[]): BasemapSelection<F> {
  if (files.length === 0) return { ok: false, message: BASEMAP_MESSAGES.imageRequired };
  if (files.length > BASEMAP_MAX_FILES) return { ok: false, message: BASEMAP_MESSAGES.tooManyFiles };
  const kinds = files.map(basemapFileKind);
  const unknown = files.findIndex((_, i) => kinds[i] === null);
  if (unknown >= 0) {
    const f = files[unknown]!;
    return { ok: false, message: notConfiguredType(fileExtension(f.name) || f.type || f.name) };
  }
  const kmlIndex = kinds.indexOf('kml');
  if (files.length === 2 || kmlIndex >= 0) {
    const imageIndex = kinds.findIndex(isRasterImage);
    if (files.length !== 2 || kmlIndex < 0 || imageIndex < 0)
      return { ok: false, message: BASEMAP_MESSAGES.kmlPairing };
    return { ok: true, plan: { kind: 'kml', kml: files[kmlIndex]!, image: files[imageIndex]! } };
  }
  const only = files[0]!;
  if (kinds[0] === 'kmz') return { ok: true, plan: { kind: 'kmz', kmz: only } };
  if (kinds[0] === 'tiff') return { ok: true, plan: { kind: 'geotiff', tiff: only } };
  return { ok: true, plan: { kind: 'image', image: only } };
}

/** Null when the corners are in order; the spec's message otherwise. */
export function checkBasemapCorners(northEast: LatLng, southWest: LatLng): string | null {
  return southWest.lat < northEast.lat && southWest.lng < northEast.lng ? null : BASEMAP_MESSAGES.cornerOrder;
}

/** A georeferenced image ready to save as a basemap; corners are null when the file gave none. */
export interface ParsedBasemap {
  image: { bytes: Uint8Array; mime: 'image/png' | 'image/jpeg'; width: number; height: number };
  northEast: LatLng | null;
  southWest: LatLng | null;
  warnings: string[];
}

/** The Basemaps tab's form (spec 3 §3 'Basemap', §5 'Basemap'), checked by the tab and by the server alike. */
export const BASEMAP_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 256 characters',
  notFound: 'Basemap not found',
  imageTooLarge: 'The image is larger than 2 MB. Please select an image with a smaller file size',
  imageType: 'The image must be a PNG or JPEG file',
} as const;
export const BASEMAP_NAME_MAX = 256;
export const BASEMAP_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type BasemapImageType = (typeof BASEMAP_IMAGE_TYPES)[number];

export interface BasemapRuleValues {
  name: string;
  northEastCornerLatLng: string;
  southWestCornerLatLng: string;
  /** Whether the save carries an image (a new basemap needs one). */
  hasImage: boolean;
  isNew: boolean;
}
export type BasemapField = 'name' | 'northEastCornerLatLng' | 'southWestCornerLatLng' | 'image';

export function basemapProblems(v: BasemapRuleValues): Partial<Record<BasemapField, string>> {
  const p: Partial<Record<BasemapField, string>> = {};
  if (!v.name.trim()) p.name = BASEMAP_FORM_MESSAGES.nameRequired;
  else if (v.name.length > BASEMAP_NAME_MAX) p.name = BASEMAP_FORM_MESSAGES.nameMax;
  const ne = parseLatLng(v.northEastCornerLatLng);
  const sw = parseLatLng(v.southWestCornerLatLng);
  if (!ne) p.northEastCornerLatLng = INVALID_COORDINATES;
  if (!sw) p.southWestCornerLatLng = INVALID_COORDINATES;
  if (ne && sw) {
    const order = checkBasemapCorners(ne, sw);
    if (order) p.southWestCornerLatLng = order;
  }
  if (v.isNew && !v.hasImage) p.image = BASEMAP_MESSAGES.imageRequired;
  return p;
}
