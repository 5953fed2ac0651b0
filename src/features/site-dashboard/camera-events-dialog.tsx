// The Camera Events dialog (spec 3 §2 'Camera Timeline'): a camera's picture large with its time and snapshot type;
// Left and Right (or the buttons) go to the camera's previous and next picture; the thumbnails are the other cameras'
// pictures nearest this one's time, and choosing one switches camera. Escape closes (the native dialog).
import type { KeyboardEvent } from 'react';
import { formatDateTime } from '@/domain/format';
import { nearestEvent, stepEvent, type CameraRow } from '@/entities/site/camera-events';
import { Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { CameraImage } from './camera-image';

export interface CameraSelection {
  cameraId: number;
  eventId: number;
}

export function CameraEventsDialog({
  organizationId,
  rows,
  selection,
  onSelect,
  onClose,
}: {
  organizationId: number;
  rows: readonly CameraRow[];
  selection: CameraSelection;
  onSelect: (next: CameraSelection) => void;
  onClose: () => void;
}) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const row = rows.find((r) => r.cameraId === selection.cameraId);
  const event = row?.events.find((e) => e.id === selection.eventId) ?? row?.events[0];
  const at = event ? row!.events.indexOf(event) : -1;
  const go = (step: -1 | 1) => {
    if (!row || !event) return;
    const next = stepEvent(row.events, event.id, step);
    if (next) onSelect({ cameraId: row.cameraId, eventId: next.id });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const time = (t: string) => formatDateTime(t, timeZone, timeFormat);
  const others = event
    ? rows
        .filter((r) => r.cameraId !== row!.cameraId)
        .flatMap((r) => {
          const nearest = nearestEvent(r.events, Date.parse(event.time));
          return nearest ? [{ row: r, event: nearest }] : [];
        })
    : [];
  return (
    <Modal open title={`Camera Events: ${row?.name ?? 'Camera'}`} onClose={onClose} wide>
      {/* Arrow keys anywhere in the dialog step through the pictures; the buttons inside pass them up. */}
      <div onKeyDown={onKeyDown} data-testid="camera-events">
        {!row || !event ? (
          <p className="text-sm text-base-content/70">This camera has no pictures in the selected time range.</p>
        ) : (
          <>
            <figure className="flex flex-col items-center gap-1">
              <CameraImage
                organizationId={organizationId}
                event={event}
                alt={`${row.name} at ${time(event.time)}`}
                height={360}
                className="max-w-full rounded object-contain"
              />
              <figcaption className="text-sm" aria-live="polite">
                <span className="font-semibold">{time(event.time)}</span>
                {` · ${event.snapshotType} · picture ${at + 1} of ${row.events.length}`}
              </figcaption>
            </figure>
            <div className="mt-2 flex items-center justify-between gap-2">
              <button type="button" className="btn btn-sm" disabled={at <= 0} onClick={() => go(-1)}>
                Previous image
              </button>
              <span className="text-xs text-base-content/70">Left and Right arrow keys step through the pictures</span>
              <button type="button" className="btn btn-sm" disabled={at >= row.events.length - 1} onClick={() => go(1)}>
                Next image
              </button>
            </div>
            {others.length > 0 && (
              <div className="mt-3" role="group" aria-label="Other cameras">
                <p className="mb-1 text-xs font-semibold uppercase text-base-content/70">Other cameras</p>
                <div className="flex flex-wrap gap-2">
                  {others.map((o) => (
                    <button
                      key={o.row.cameraId}
                      type="button"
                      className="flex flex-col items-center rounded border border-base-300 p-1 hover:bg-base-200"
                      aria-label={`Switch to ${o.row.name} (${time(o.event.time)})`}
                      onClick={() => onSelect({ cameraId: o.row.cameraId, eventId: o.event.id })}
                    >
                      <CameraImage organizationId={organizationId} event={o.event} alt="" height={72} />
                      <span className="text-xs">{o.row.name}</span>
                    </button>
                  ))}
                </div>
              </div>
            )}
          </>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
