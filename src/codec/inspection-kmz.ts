// 'Load Aerial KMZ': every ground overlay becomes an Aerial inspection draft with its corners and image, located
// by a placemark inside it when there is one (else its centre); placemarks outside every overlay become drafts too.
import {
  INSPECTION_TYPE_AERIAL,
  NOTHING_IN_INSPECTION_KMZ,
  type InspectionDraft,
  type ParseSummary,
} from '../domain/inspection-kmz';
import { CancelledError, FileParseError, throwIfAborted, type ProgressCallback } from './file-errors';
import type { ImageOps } from './image-ops';
import type { KmlPlacemark } from './kml';
import { clampLatitudes, rotatedOverlay, type Bounds } from './overlay-geometry';
import { fitImageToLimit } from './recompress';
import { readKmz } from './basemap';

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const inside = (b: Bounds, p: KmlPlacemark) =>
  p.lat <= b.north && p.lat >= b.south && p.lng <= b.east && p.lng >= b.west;

/** KML descriptions are often HTML tables; an inspection's description is plain text. */
export function plainText(html: string): string {
  if (!/<[a-z!/]/i.test(html)) return html.trim();
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/\s+/g, ' ')
    .replace(/<(script|style|head)\b.*?<\/\1\s*>/gi, ' ')
    .replace(/<\/t[dh]>\s*<t[dh]\b[^>]*>/gi, ': ')
    .replace(/<(br|\/p|\/tr|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, e: string) => entities[e]!)
    .replace(/ *\n\s*/g, '\n')
    .trim();
}

function kmlTimeToIso(when: string | null): string | null {
  if (!when) return null;
  const t = Date.parse(when);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

export async function readInspectionKmz(
  bytes: Uint8Array,
  ops: ImageOps,
  options: { signal?: AbortSignal; onProgress?: ProgressCallback } = {},
): Promise<{ inspections: InspectionDraft[]; parseSummary: ParseSummary }> {
  const summary: ParseSummary = { errorMessages: [], warningMessages: [], infoMessages: [] };
  try {
    options.onProgress?.(0.05, 'Opening KMZ');
    const kmz = await readKmz(bytes, options);
    if (kmz.overlays.length === 0 && kmz.placemarks.length === 0) throw new FileParseError(NOTHING_IN_INSPECTION_KMZ);
    const used = new Set<KmlPlacemark>();
    const inspections: InspectionDraft[] = [];
    for (const [i, { overlay, image }] of kmz.overlays.entries()) {
      throwIfAborted(options.signal);
      const rotated = rotatedOverlay(overlay.box, image.width, image.height);
      const plan = rotated.plan;
      // The inspection form takes corners within ±85° like the basemap form.
      const clampWarnings: string[] = [];
      const bounds = clampLatitudes(rotated.bounds, clampWarnings);
      summary.warningMessages.push(...clampWarnings.map((w) => `${overlay.name || `Overlay ${i + 1}`}: ${w}`));
      const placed = plan ? await ops.rotate(image, plan) : image;
      const fitted = await fitImageToLimit(placed, ops, { signal: options.signal });
      const marker = kmz.placemarks.find((p) => !used.has(p) && inside(bounds, p));
      if (marker) used.add(marker);
      inspections.push({
        sourceName: overlay.name || `Overlay ${i + 1}`,
        type: INSPECTION_TYPE_AERIAL,
        time: kmlTimeToIso(overlay.when) ?? kmlTimeToIso(marker?.when ?? null),
        detectionFound: true,
        description: [overlay.description, marker?.description ?? ''].map(plainText).filter(Boolean).join('\n'),
        location: marker
          ? { lat: round6(marker.lat), lng: round6(marker.lng) }
          : { lat: round6((bounds.north + bounds.south) / 2), lng: round6((bounds.east + bounds.west) / 2) },
        northEastCorner: { lat: round6(bounds.north), lng: round6(bounds.east) },
        southWestCorner: { lat: round6(bounds.south), lng: round6(bounds.west) },
        image: { bytes: fitted.bytes, mime: fitted.mime, width: fitted.width, height: fitted.height },
      });
      options.onProgress?.(0.1 + (0.8 * (i + 1)) / kmz.overlays.length, 'Reading overlays');
    }
    for (const p of kmz.placemarks) {
      if (used.has(p)) continue;
      inspections.push({
        sourceName: p.name || 'Placemark',
        type: INSPECTION_TYPE_AERIAL,
        time: kmlTimeToIso(p.when),
        detectionFound: true,
        description: plainText(p.description),
        location: { lat: round6(p.lat), lng: round6(p.lng) },
        northEastCorner: null,
        southWestCorner: null,
        image: null,
      });
    }
    if (kmz.skipped.length > 0)
      summary.warningMessages.push(
        `${kmz.skipped.length} overlay image(s) were not found in the KMZ file: ${kmz.skipped.slice(0, 5).join(', ')}`,
      );
    if (kmz.invalidOverlays > 0)
      summary.warningMessages.push(
        `${kmz.invalidOverlays} ground overlay(s) have no image or no valid LatLonBox and were skipped: ${kmz.problems.slice(0, 3).join(' ')}`,
      );
    const withoutTime = inspections.filter((d) => d.time === null).length;
    if (withoutTime > 0)
      summary.infoMessages.push(`${withoutTime} inspection(s) have no date in the file; please enter it.`);
    summary.infoMessages.push(`${kmz.overlays.length} overlay(s) and ${kmz.placemarks.length} placemark(s) read.`);
    options.onProgress?.(1, 'Done');
    return { inspections, parseSummary: summary };
  } catch (e) {
    if (e instanceof CancelledError) throw e;
    const message =
      e instanceof FileParseError
        ? e.message
        : `The KMZ file could not be read: ${e instanceof Error ? e.message : String(e)}`;
    return { inspections: [], parseSummary: { ...summary, errorMessages: [message] } };
  }
}
