// 'Load Aerial KMZ' (spec 3 §5 Inspection): the file rule and what a parsed KMZ offers as inspection drafts.
import type { LatLng } from './coordinates';

export const KMZ_FILE_REQUIRED = 'A file is required';
export const NOTHING_IN_INSPECTION_KMZ = 'No ground overlays or placemarks found in the KMZ file.';

/** Inspection types (spec 3 §3): Aerial = 1, Survey = 2. */
export const INSPECTION_TYPE_AERIAL = 1;

export interface InspectionDraft {
  /** Where the draft came from in the KMZ, shown to the user. */
  sourceName: string;
  type: typeof INSPECTION_TYPE_AERIAL;
  /** ISO time from the KML TimeStamp or TimeSpan; null when the file gives none. */
  time: string | null;
  detectionFound: true;
  description: string;
  location: LatLng | null;
  northEastCorner: LatLng | null;
  southWestCorner: LatLng | null;
  image: { bytes: Uint8Array; mime: 'image/png' | 'image/jpeg'; width: number; height: number } | null;
}

export interface ParseSummary {
  errorMessages: string[];
  warningMessages: string[];
  infoMessages: string[];
}
