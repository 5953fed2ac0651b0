// Inspections Timeline (spec 3 §2 'Content widgets', §4 'When the date range changes, pinned inspections are
// cleared'): one mark per inspection of the site over the dashboard range, coloured by whether a detection was found,
// with its type, time and survey type as tooltip. Clicking a mark pins it; pinned inspections are listed under the
// timeline with Unpin and Details, and drawn on the map. The dashboard holds the pins (inspection-pins.ts).
import { useState } from 'react';
import type { InspectionListItem } from '@/contracts/inspection';
import { timelinePercent } from '@/domain/emission-classification';
import { formatDateTime } from '@/domain/format';
import { INSPECTION_MESSAGES, inspectionTypeLabel, surveyTypeLabel } from '@/domain/inspection';
import { Permission } from '@/domain/permissions';
import { InspectionDialog } from '@/entities/inspection/inspection-dialog';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { useHasPermission, useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useSiteInspections, type SiteWindow } from './api';
import type { InspectionPins } from './inspection-pins';

const DETECTION = 'bg-warning border-warning-content/60';
const NO_DETECTION = 'bg-success border-success-content/60';

export function InspectionsTimeline({ w, pinned }: { w: SiteWindow; pinned: InspectionPins }) {
  const { user } = useSession();
  const canEdit = useHasPermission(Permission.SiteEdit);
  const inspections = useSiteInspections(w);
  const [open, setOpen] = useState<number | null>(null);
  const { pins, toggle } = pinned;
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const describe = (i: InspectionListItem) =>
    [
      inspectionTypeLabel(i.type),
      time(i.time),
      i.surveyType === null ? null : `Survey type ${surveyTypeLabel(i.surveyType)}`,
      i.detectionFound ? 'Detection found' : 'No detection',
      i.sourceName,
    ]
      .filter(Boolean)
      .join(' · ');
  // keepPreviousData answers the old range's list while the new one loads: only marks inside the range are drawn.
  const list = (inspections.data ?? []).filter((i) => {
    const t = Date.parse(i.time);
    return t >= w.range.start && t <= w.range.end;
  });
  const byId = new Map(list.map((i) => [i.id, i]));
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label="Inspections Timeline">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Inspections Timeline</h3>
        <span className="flex items-center gap-3 text-xs text-base-content/80">
          <span className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded-full border ${DETECTION}`} aria-hidden="true" />
            Detection found
          </span>
          <span className="flex items-center gap-1">
            <span className={`inline-block h-3 w-3 rounded-full border ${NO_DETECTION}`} aria-hidden="true" />
            No detection
          </span>
        </span>
      </div>
      {inspections.error ? (
        <LoadError message={inspections.error.message} onRetry={() => void inspections.refetch()} />
      ) : inspections.isPending ? (
        <Spinner label="Loading inspections" />
      ) : list.length === 0 ? (
        <p className="py-4 text-center text-sm text-base-content/70">{INSPECTION_MESSAGES.noInspections}</p>
      ) : (
        <>
          <div
            className="relative mx-2 my-2 h-8"
            role="group"
            aria-label={`${list.length} inspections over the selected time range; choose one to pin it`}
          >
            <div className="absolute inset-x-0 top-1/2 h-px bg-base-content/30" aria-hidden="true" />
            {list.map((i) => {
              const isPinned = pins.includes(i.id);
              return (
                <button
                  key={i.id}
                  type="button"
                  className={`absolute top-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary ${i.detectionFound ? DETECTION : NO_DETECTION} ${isPinned ? 'ring-2 ring-primary ring-offset-1' : ''}`}
                  style={{ left: `${timelinePercent(Date.parse(i.time), w.range)}%` }}
                  title={describe(i)}
                  aria-label={`${isPinned ? 'Unpin' : 'Pin'} inspection: ${describe(i)}`}
                  aria-pressed={isPinned}
                  onClick={() => toggle(i.id)}
                />
              );
            })}
          </div>
          <div className="flex justify-between px-1 text-xs text-base-content/70" aria-hidden="true">
            <span>{time(new Date(w.range.start).toISOString())}</span>
            <span>{time(new Date(w.range.end).toISOString())}</span>
          </div>
          {pins.length > 0 && (
            <ul className="mt-2 divide-y divide-base-200 border-t border-base-200" aria-label="Pinned inspections">
              {pins.flatMap((id) => {
                const i = byId.get(id);
                if (!i) return [];
                return [
                  <li key={id} className="flex items-center gap-2 py-1 text-sm">
                    <span
                      className={`inline-block h-3 w-3 shrink-0 rounded-full border ${i.detectionFound ? DETECTION : NO_DETECTION}`}
                      aria-hidden="true"
                    />
                    <span className="grow">{describe(i)}</span>
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setOpen(i.id)}>
                      Details
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-label={`Unpin inspection: ${describe(i)}`}
                      onClick={() => toggle(i.id)}
                    >
                      Unpin
                    </button>
                  </li>,
                ];
              })}
            </ul>
          )}
        </>
      )}
      {open !== null && (
        <InspectionDialog
          organizationId={w.organizationId}
          inspectionId={open}
          canEdit={canEdit}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
