// Inspections on the site map (spec 3 §2 'Map: inspection images', §4 pinned inspections): where each inspection of
// the range is drawn. An aerial image lies between its south-west and north-east corners; any other inspection stands
// at its own location, else at its source, else at the site (the data may have none; the popup says which).
import { parseLatLng } from '@/domain/coordinates';
import type { InspectionListItem } from '@/contracts/inspection';

type LatLng = { lat: number; lng: number };

export type InspectionPlace = 'inspection' | 'image' | 'source' | 'site';

export const INSPECTION_PLACE_NOTE: Record<InspectionPlace, string | null> = {
  inspection: null,
  image: 'Placed at the middle of its image (it has no location of its own).',
  source: 'Placed at its source (it has no location of its own).',
  site: 'Placed at the site (it has no location or source of its own).',
};

export interface InspectionMark {
  inspection: InspectionListItem;
  lat: number;
  lng: number;
  place: InspectionPlace;
  /** [west, south, east, north] of an image laid on the ground, or null. */
  imageBounds: [number, number, number, number] | null;
}

/** The bounds of an image with two valid corners, south-west below and left of north-east; else null. */
export function imageBounds(i: {
  southWestCornerLocationLatLng: string;
  northEastCornerLocationLatLng: string;
}): [number, number, number, number] | null {
  const sw = parseLatLng(i.southWestCornerLocationLatLng);
  const ne = parseLatLng(i.northEastCornerLocationLatLng);
  if (!sw || !ne || !(ne.lat > sw.lat) || !(ne.lng > sw.lng)) return null;
  return [sw.lng, sw.lat, ne.lng, ne.lat];
}

export function inspectionMark(
  inspection: InspectionListItem,
  sourceAt: ReadonlyMap<number, LatLng>,
  site: LatLng,
): InspectionMark {
  const bounds = inspection.hasImage ? imageBounds(inspection) : null;
  const own = parseLatLng(inspection.locationLatLng);
  const source = inspection.sourceId === null ? undefined : sourceAt.get(inspection.sourceId);
  const [place, at]: [InspectionPlace, LatLng] = own
    ? ['inspection', own]
    : bounds
      ? ['image', { lng: (bounds[0] + bounds[2]) / 2, lat: (bounds[1] + bounds[3]) / 2 }]
      : source
        ? ['source', source]
        : ['site', site];
  return { inspection, lat: at.lat, lng: at.lng, place, imageBounds: bounds };
}
