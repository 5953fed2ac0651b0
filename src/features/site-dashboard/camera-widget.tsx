// The Camera widget (spec 3 §2 group 0, shown only at a site with cameras): each camera's latest picture in the range,
// and the Camera Timeline, a row per camera (12 px, spec 3 §9) with a tick per event. A picture, or a click on a
// row at a time, opens the Camera Events dialog on that camera's picture nearest it.
import { useMemo, useState, type MouseEvent } from 'react';
import { CAMERA_TIMELINE_ROW_HEIGHT } from '@/domain/camera';
import { formatDateTime } from '@/domain/format';
import { cameraTimelineRows, nearestEvent, tickFraction } from '@/entities/site/camera-events';
import { useElementWidth } from '@/ui/hooks/use-element-width';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { LoadError } from '@/ui/data-grid/grid-parts';
import type { SiteWindow } from './api';
import { useCameraEvents, useCameraInstallations } from './camera-api';
import { CameraEventsDialog, type CameraSelection } from './camera-events-dialog';
import { CameraImage } from './camera-image';

const LABEL = 150;
const TICK_RGB: Record<string, string> = { Detection: '#dc2626', Scheduled: '#0e7490', Manual: '#7c3aed' };

export function CameraWidget({ w }: { w: SiteWindow }) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const installations = useCameraInstallations(w);
  const events = useCameraEvents(w);
  const rows = useMemo(
    () => cameraTimelineRows(installations.data ?? [], events.data ?? []),
    [installations.data, events.data],
  );
  const [selection, setSelection] = useState<CameraSelection | null>(null);
  const [host, width] = useElementWidth(600, 300);
  const plot = Math.max(50, width - LABEL);
  const time = (t: string) => formatDateTime(t, timeZone, timeFormat);
  const failed = installations.error ?? events.error;
  const openAt = (rowIndex: number, e: MouseEvent<HTMLButtonElement>) => {
    const row = rows[rowIndex]!;
    const box = e.currentTarget.getBoundingClientRect();
    // A click on the plot picks the time under it; the keyboard (no position) or the label takes the latest picture.
    const x = e.clientX - box.left - LABEL;
    const t =
      e.detail > 0 && x >= 0 ? w.range.start + (x / plot) * (w.range.end - w.range.start) : Number.POSITIVE_INFINITY;
    const event = Number.isFinite(t) ? nearestEvent(row.events, t) : row.events.at(-1);
    if (event) setSelection({ cameraId: row.cameraId, eventId: event.id });
  };
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label="Camera">
      <h3 className="mb-1 text-sm font-semibold">Camera</h3>
      {failed && (
        <LoadError message={failed.message} onRetry={() => void (installations.refetch(), events.refetch())} />
      )}
      {(installations.isPending || events.isPending) && !failed ? (
        <Spinner label="Loading camera events" />
      ) : (
        <>
          <div className="mb-2 flex flex-wrap gap-3">
            {rows.map((row) => {
              const latest = row.events.at(-1);
              return (
                <figure key={row.cameraId} className="flex flex-col items-start gap-0.5">
                  {latest ? (
                    <button
                      type="button"
                      className="rounded focus-visible:outline focus-visible:outline-2"
                      aria-label={`Open ${row.name}'s latest picture (${time(latest.time)})`}
                      onClick={() => setSelection({ cameraId: row.cameraId, eventId: latest.id })}
                    >
                      <CameraImage
                        organizationId={w.organizationId}
                        event={latest}
                        alt={`${row.name} at ${time(latest.time)}`}
                        height={120}
                        className="rounded"
                      />
                    </button>
                  ) : (
                    <span className="flex h-[120px] w-40 items-center justify-center rounded bg-base-200 text-xs">
                      No pictures in this range
                    </span>
                  )}
                  <figcaption className="text-xs">
                    <span className="font-semibold">{row.name}</span>
                    {latest ? ` · ${time(latest.time)} · ${latest.snapshotType}` : ''}
                  </figcaption>
                </figure>
              );
            })}
          </div>
          <h4 className="text-xs font-semibold uppercase text-base-content/70">Camera Timeline</h4>
          <div ref={host} className="w-full">
            {rows.map((row, r) => (
              <button
                key={row.cameraId}
                type="button"
                className="block w-full text-left hover:bg-base-200 disabled:cursor-default"
                style={{ height: CAMERA_TIMELINE_ROW_HEIGHT + 4 }}
                disabled={row.events.length === 0}
                aria-label={`${row.name}: ${row.events.length} camera events in the range; open the Camera Events dialog`}
                onClick={(e) => openAt(r, e)}
              >
                <svg width={width} height={CAMERA_TIMELINE_ROW_HEIGHT + 4} aria-hidden="true">
                  <rect
                    x={LABEL}
                    y={2}
                    width={plot}
                    height={CAMERA_TIMELINE_ROW_HEIGHT}
                    fill="currentColor"
                    opacity={r % 2 ? 0.04 : 0.08}
                  />
                  <text x={4} y={CAMERA_TIMELINE_ROW_HEIGHT} fontSize={11} fill="currentColor">
                    {row.name.length > 22 ? `${row.name.slice(0, 21)}…` : row.name}
                  </text>
                  {row.events.map((e) => (
                    <rect
                      key={e.id}
                      x={LABEL + tickFraction(e.time, w.range) * plot - 1}
                      y={2}
                      width={3}
                      height={CAMERA_TIMELINE_ROW_HEIGHT}
                      fill={TICK_RGB[e.snapshotType] ?? '#0e7490'}
                    >
                      <title>{`${row.name}: ${e.snapshotType} at ${time(e.time)}`}</title>
                    </rect>
                  ))}
                </svg>
              </button>
            ))}
            {rows.length === 0 && (
              <p className="py-2 text-center text-sm text-base-content/70">No cameras at this site in the range.</p>
            )}
          </div>
        </>
      )}
      {selection && (
        <CameraEventsDialog
          organizationId={w.organizationId}
          rows={rows}
          selection={selection}
          onSelect={setSelection}
          onClose={() => setSelection(null)}
        />
      )}
    </section>
  );
}
