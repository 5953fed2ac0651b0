// The site map's cameras (spec 3 §2 'Map', §9): every camera standing at the site drawn as a marker with its cone
// (100°, 20 m, dashed), and, with the 'Camera events' toggle (offered only at a site with cameras), a popup at each
// camera with its picture nearest the focused date (else the range's end), 100 px high, anchored by the camera's
// azimuth sector on the side away from its cone. A caption under the map names what the popups show.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { callEndpointBytes, endpointKey } from '@/api/endpoint-client';
import { cameraImageEndpoint, type CameraEvent } from '@/contracts/camera';
import type { SiteDeviceStay } from '@/contracts/site-dashboard';
import { CAMERA_POPUP_IMAGE_HEIGHT } from '@/domain/camera';
import { formatDateTime } from '@/domain/format';
import type { SiteMapLayers } from '@/domain/site-map';
import { cameraTimelineRows, nearestEvent } from '@/entities/site/camera-events';
import {
  CAMERA_RGB,
  cameraLayers,
  cameraPopupAnchor,
  cameraPopupLayer,
  type CameraPopup,
} from '@/entities/site/camera-layers';
import { useSession } from '@/ui/session-context';
import type { SiteWindow } from './api';
import { useCameraEvents, useCameraInstallations } from './camera-api';

interface Shown {
  name: string;
  event: CameraEvent;
  location: { lat: number; lng: number };
  azimuth: number | null;
}

export function useCameraMap(w: SiteWindow, stays: readonly SiteDeviceStay[], on: SiteMapLayers, time: number | null) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const hasCameras = stays.some((s) => s.deviceType === 'QubeCamera');
  const installations = useCameraInstallations(w, hasCameras);
  const events = useCameraEvents(w, hasCameras && on.cameraEvents);
  const at = time ?? w.range.end;
  const shown: Shown[] = useMemo(() => {
    if (!on.cameraEvents) return [];
    return cameraTimelineRows(installations.data ?? [], events.data ?? []).flatMap((row) => {
      const event = nearestEvent(row.events, at);
      return event && row.installation
        ? [{ name: row.name, event, location: row.installation.location, azimuth: row.installation.azimuth }]
        : [];
    });
  }, [on.cameraEvents, installations.data, events.data, at]);
  const caption = (s: Shown) => `${s.name} · ${formatDateTime(s.event.time, timeZone, timeFormat)}`;
  const popups = useCameraPopups(w.organizationId, shown, caption);
  const layers = useMemo(() => {
    const standing = (installations.data ?? []).filter((i) => i.enabled);
    return [
      ...cameraLayers('site-cameras', standing),
      ...(popups.length ? [cameraPopupLayer('site-camera-popups', popups)] : []),
    ];
  }, [installations.data, popups]);
  return {
    hasCameras,
    layers,
    /** What the popups show, for the caption under the map. */
    captions: shown.map((s) => `${caption(s)} (${s.event.snapshotType})`),
    loading: (on.cameraEvents && events.isFetching) || installations.isFetching,
    error: installations.error ?? events.error,
  };
}

/** The popups composed once per event: a white frame with the picture at 100 px and its caption. */
function useCameraPopups(
  organizationId: number,
  shown: readonly Shown[],
  caption: (s: Shown) => string,
): CameraPopup[] {
  const queryClient = useQueryClient();
  const [composed, setComposed] = useState<ReadonlyMap<number, Omit<CameraPopup, 'location' | 'anchor'>>>(new Map());
  const key = shown.map((s) => s.event.id).join(',');
  useEffect(() => {
    let cancelled = false;
    const missing = shown.filter((s) => !composed.has(s.event.id));
    if (missing.length === 0) return;
    void Promise.all(
      missing.map(async (s) => {
        const blob = await queryClient.fetchQuery({
          queryKey: endpointKey(cameraImageEndpoint, { query: { organizationId, id: s.event.id } }),
          queryFn: async () =>
            new Blob([
              await callEndpointBytes(cameraImageEndpoint, {
                query: { organizationId, id: s.event.id },
                accept: 'image/png, image/jpeg',
              }),
            ]),
          staleTime: Infinity,
        });
        return [s.event.id, await composePopup(blob, caption(s))] as const;
      }),
    )
      .then((made) => {
        if (!cancelled) setComposed((prev) => new Map([...prev, ...made]));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Recomposed only when the events shown change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, organizationId]);
  return useMemo(
    () =>
      shown.flatMap((s) => {
        const c = composed.get(s.event.id);
        return c ? [{ ...c, location: s.location, anchor: cameraPopupAnchor(s.azimuth).anchor }] : [];
      }),
    [shown, composed],
  );
}

const MARGIN = 6;
const PAD = 3;
const CAPTION = 15;

async function composePopup(blob: Blob, caption: string): Promise<Omit<CameraPopup, 'location' | 'anchor'>> {
  const bitmap = await createImageBitmap(blob);
  const h = CAMERA_POPUP_IMAGE_HEIGHT;
  const w = Math.round((bitmap.width * h) / Math.max(1, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = w + 2 * (PAD + MARGIN);
  canvas.height = h + CAPTION + 2 * (PAD + MARGIN);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the camera popups (no 2D canvas).');
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = `rgb(${CAMERA_RGB.join(' ')})`;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.roundRect(MARGIN, MARGIN, w + 2 * PAD, h + CAPTION + 2 * PAD, 4);
  ctx.fill();
  ctx.stroke();
  ctx.drawImage(bitmap, MARGIN + PAD, MARGIN + PAD, w, h);
  bitmap.close();
  ctx.fillStyle = '#111827';
  ctx.font = '10px sans-serif';
  let text = caption;
  while (text.length > 4 && ctx.measureText(text).width > w) text = `${text.slice(0, -2)}…`;
  ctx.fillText(text, MARGIN + PAD, MARGIN + PAD + h + 11);
  return { url: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
}

/** The 'Camera events' toggle, only at a site with cameras. */
export function CameraEventsToggle({
  hasCameras,
  layers,
  onChange,
}: {
  hasCameras: boolean;
  layers: SiteMapLayers;
  onChange: (next: SiteMapLayers) => void;
}) {
  if (!hasCameras) return null;
  return (
    <label className="flex cursor-pointer items-center gap-1.5">
      <input
        type="checkbox"
        className="checkbox checkbox-xs"
        checked={layers.cameraEvents}
        onChange={(e) => onChange({ ...layers, cameraEvents: e.target.checked })}
      />
      Camera events
    </label>
  );
}

/** Under the map: which picture each popup shows, or why there is none. */
export function CameraEventsCaption({
  on,
  captions,
  loading,
}: {
  on: boolean;
  captions: readonly string[];
  loading: boolean;
}) {
  if (!on) return null;
  return (
    <p className="mt-1 text-xs text-base-content/80" role="status" aria-label="Camera events">
      {captions.length
        ? `Camera pictures: ${captions.join('; ')}`
        : loading
          ? 'Loading camera events…'
          : 'There are no camera events for the selected time range.'}
    </p>
  );
}
