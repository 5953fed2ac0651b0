// Inspections on the site map (spec 3 §2 'Also shown: inspection images', §4 'pinned inspections'): the range's
// inspection images (aerial ones laid over their corners, others as thumbnails at their mark; a click opens the
// inspection) and the inspections pinned on the timeline as pins whose click shows a popup with the time, the
// findings and the notes. The images are read with the session's token, at most IMAGES_MAX of the newest.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callEndpointBytes } from '@/api/endpoint-client';
import { siteInspectionImageKey } from '@/api/local-keys';
import { inspectionImageEndpoint, type InspectionListItem } from '@/contracts/inspection';
import type { SiteSource } from '@/contracts/site-dashboard';
import { formatDateTime } from '@/domain/format';
import { inspectionTypeLabel, surveyTypeLabel } from '@/domain/inspection';
import {
  groundImageLayers,
  pinLayer,
  thumbnailLayer,
  type GroundImage,
  type Thumbnail,
} from '@/entities/site/inspection-layers';
import { INSPECTION_PLACE_NOTE, inspectionMark, type InspectionMark } from '@/entities/site/inspection-marks';
import { useInspection } from '@/entities/inspection/api';
import type { MapPick } from '@/ui/map/map-view';
import { useSession } from '@/ui/session-context';
import { useSiteInspections, type SiteWindow } from './api';

const IMAGES_MAX = 12;
const IMAGE_LAYER = 'site-inspection-image';
const THUMB_LAYER = 'site-inspection-thumbnails';
const PIN_LAYER = 'site-inspection-pins';

export interface InspectionPopupAt {
  mark: InspectionMark;
  x: number;
  y: number;
}

export function useInspectionMarks({
  w,
  site,
  sources,
  pins,
}: {
  w: SiteWindow;
  site: { location: { lat: number; lng: number } };
  sources: readonly SiteSource[];
  pins: readonly number[];
}) {
  const inspections = useSiteInspections(w);
  const marks = useMemo(() => {
    const sourceAt = new Map(sources.map((s) => [s.id, s.location]));
    // keepPreviousData answers the old range's list while the new one loads: only inspections inside the range.
    return (inspections.data ?? [])
      .filter((i) => Date.parse(i.time) >= w.range.start && Date.parse(i.time) <= w.range.end)
      .map((i) => inspectionMark(i, sourceAt, site.location));
  }, [inspections.data, sources, site.location, w.range.start, w.range.end]);
  const withImages = useMemo(
    () =>
      marks
        .filter((m) => m.inspection.hasImage)
        .sort((a, b) => Date.parse(b.inspection.time) - Date.parse(a.inspection.time))
        .slice(0, IMAGES_MAX),
    [marks],
  );
  const images = useQueries({
    queries: withImages.map((m) => ({
      queryKey: siteInspectionImageKey(w.organizationId, m.inspection.id),
      queryFn: async (): Promise<ImageBitmap> => {
        const bytes = await callEndpointBytes(inspectionImageEndpoint, {
          query: { organizationId: w.organizationId, inspectionId: m.inspection.id },
          accept: 'image/png, image/jpeg',
        });
        return createImageBitmap(new Blob([bytes]));
      },
      staleTime: 5 * 60_000,
    })),
  });
  const decoded = images.map((q) => q.data);
  const decodedKey = decoded.map((d) => (d ? 1 : 0)).join('');
  const ground: { mark: InspectionMark; image: GroundImage }[] = useMemo(
    () =>
      withImages.flatMap((m, k) => {
        const d = decoded[k];
        return d && m.imageBounds
          ? [{ mark: m, image: { key: String(m.inspection.id), image: d, bounds: m.imageBounds } }]
          : [];
      }),
    // decoded is described by decodedKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [withImages, decodedKey],
  );
  const thumbs: { mark: InspectionMark; thumb: Thumbnail }[] = useMemo(
    () =>
      withImages.flatMap((m, k) => {
        const d = decoded[k];
        return d && !m.imageBounds ? [{ mark: m, thumb: { lng: m.lng, lat: m.lat, image: d } }] : [];
      }),
    // decoded is described by decodedKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [withImages, decodedKey],
  );
  const pinned = useMemo(() => marks.filter((m) => pins.includes(m.inspection.id)), [marks, pins]);
  const imageLayers = useMemo(
    () =>
      groundImageLayers(
        IMAGE_LAYER,
        ground.map((g) => g.image),
      ),
    [ground],
  );
  const markLayers = useMemo(
    () => [
      thumbnailLayer(
        THUMB_LAYER,
        thumbs.map((t) => t.thumb),
      ),
      pinLayer(
        PIN_LAYER,
        pinned.map((m) => ({ lng: m.lng, lat: m.lat, detectionFound: m.inspection.detectionFound })),
      ),
    ],
    [thumbs, pinned],
  );

  /** The inspection of an image under the pointer, if any. */
  const imageAt = (pick: MapPick | null): InspectionMark | undefined => {
    if (!pick?.layerId) return undefined;
    if (pick.layerId === THUMB_LAYER) return thumbs[pick.index]?.mark;
    if (pick.layerId.startsWith(`${IMAGE_LAYER}-`))
      return ground.find((g) => `${IMAGE_LAYER}-${g.image.key}` === pick.layerId)?.mark;
    return undefined;
  };
  return {
    /** Under everything else: the aerial images. */
    imageLayers,
    /** Over the sources and devices: thumbnails and pins. */
    markLayers,
    pinnedCount: pinned.length,
    imageCount: ground.length + thumbs.length,
    hoverText: (pick: MapPick | null, describe: (i: InspectionListItem) => string): string | undefined => {
      const image = imageAt(pick);
      if (image) return `Inspection image: ${describe(image.inspection)} (click to open)`;
      const pin = pick?.layerId === PIN_LAYER ? pinned[pick.index] : undefined;
      return pin ? `Pinned inspection: ${describe(pin.inspection)}` : undefined;
    },
    /** What a click on the map opens: an image's inspection, or a pin's popup. */
    click: (pick: MapPick): { open: number } | { popup: InspectionPopupAt } | null => {
      const image = imageAt(pick);
      if (image) return { open: image.inspection.id };
      const pin = pick.layerId === PIN_LAYER ? pinned[pick.index] : undefined;
      return pin ? { popup: { mark: pin, x: pick.x, y: pick.y } } : null;
    },
  };
}

/** One line about an inspection: its type, time, survey type and finding. */
export function useDescribeInspection() {
  const { ianaTimezoneId, timeFormat } = useSession().user.userSettings;
  return (i: InspectionListItem) =>
    [
      inspectionTypeLabel(i.type),
      formatDateTime(i.time, ianaTimezoneId, timeFormat),
      i.surveyType === null ? null : `Survey type ${surveyTypeLabel(i.surveyType)}`,
      i.detectionFound ? 'Detection found' : 'No detection',
    ]
      .filter(Boolean)
      .join(' · ');
}

/** A pinned inspection's popup beside its pin: time, findings, source, notes, and where it stands if not its own place. */
export function InspectionPopup({
  at,
  organizationId,
  onDetails,
  onClose,
}: {
  at: InspectionPopupAt;
  organizationId: number;
  onDetails: (id: number) => void;
  onClose: () => void;
}) {
  const { ianaTimezoneId, timeFormat } = useSession().user.userSettings;
  const i = at.mark.inspection;
  const detail = useInspection(organizationId, i.id);
  const findings = [
    i.detectionFound ? 'Detection found' : 'No detection',
    i.emissionRate === null ? null : `rate ${i.emissionRate}`,
    i.emissionConcentration === null ? null : `concentration ${i.emissionConcentration}`,
  ]
    .filter(Boolean)
    .join(', ');
  const note = INSPECTION_PLACE_NOTE[at.mark.place];
  return (
    <div
      role="dialog"
      aria-label={`Pinned inspection of ${formatDateTime(i.time, ianaTimezoneId, timeFormat)}`}
      className="absolute z-20 w-64 rounded-box border border-base-300 bg-base-100 p-2 text-xs shadow-lg"
      style={{ left: Math.max(4, at.x - 128), top: at.y + 8 }}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <p className="font-semibold">{`${inspectionTypeLabel(i.type)} inspection`}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
        <dt className="text-base-content/70">Time</dt>
        <dd>{formatDateTime(i.time, ianaTimezoneId, timeFormat)}</dd>
        {i.surveyType !== null && (
          <>
            <dt className="text-base-content/70">Survey</dt>
            <dd>{surveyTypeLabel(i.surveyType)}</dd>
          </>
        )}
        <dt className="text-base-content/70">Findings</dt>
        <dd>{findings}</dd>
        {i.sourceName && (
          <>
            <dt className="text-base-content/70">Source</dt>
            <dd>{i.sourceName}</dd>
          </>
        )}
        <dt className="text-base-content/70">Notes</dt>
        <dd>{detail.isPending ? 'Loading…' : detail.error ? detail.error.message : detail.data.description || '—'}</dd>
      </dl>
      {note && <p className="mt-1 italic text-base-content/70">{note}</p>}
      <div className="mt-2 flex justify-end gap-1">
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => onDetails(i.id)}>
          Details
        </button>
        <button type="button" className="btn btn-xs" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
