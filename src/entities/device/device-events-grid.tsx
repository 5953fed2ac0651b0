// The Device Events grid (spec 2 §2 'Device Events grid'): server-side blocks of 40, at most 3 kept, over a time
// range; the 'Developer Codes' quick filter; actions device dashboard and details. Used by the Device Events page and
// the Device Dashboard's Events tab (scoped to one device). The link to an event's site is the site entity's, so the
// screen passes it in.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { callEndpoint } from '@/api/endpoint-client';
import { deviceEventsEndpoint, type DeviceEvent } from '@/contracts/device';
import type { TimeRange } from '@/domain/date-range';
import { DEVICE_EVENTS_BLOCK } from '@/domain/device-event-grid';
import { isDeveloperCode } from '@/domain/device-event';
import { formatDateTime } from '@/domain/format';
import { gridQueryParams } from '@/domain/grid-query';
import { ServerDataGrid, type ServerBlockParams } from '../../ui/data-grid/server-data-grid';
import type { GridColumn, QuickFilter } from '../../ui/data-grid/types';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';

const QUICK_FILTERS: QuickFilter<DeviceEvent>[] = [
  { id: 'DeveloperCodes', label: 'Developer Codes', title: `Only firmware diagnostic codes` },
];

export function DeviceEventsGrid({
  range,
  deviceId,
  height,
  siteLink,
}: {
  range: TimeRange;
  deviceId?: number;
  height?: string;
  /** The row action to the event's site dashboard. */
  siteLink: (site: { siteId: number; siteName: string }) => ReactNode;
}) {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const tz = user.userSettings.ianaTimezoneId;
  const format = user.userSettings.timeFormat;
  const [details, setDetails] = useState<DeviceEvent | null>(null);

  const fetchBlock = useCallback(
    (p: ServerBlockParams) =>
      callEndpoint(deviceEventsEndpoint, {
        query: {
          organizationId,
          startTime: new Date(range.start).toISOString(),
          endTime: new Date(range.end).toISOString(),
          ...(deviceId ? { deviceId } : {}),
          ...gridQueryParams({
            startRow: p.startRow,
            endRow: p.endRow,
            sort: p.sort,
            filters: p.filters,
            quickFilters: p.quickFilters,
          }),
        },
        signal: p.signal,
      }),
    [organizationId, range.start, range.end, deviceId],
  );

  const columns = useMemo<GridColumn<DeviceEvent>[]>(
    () => [
      { id: 'time', header: 'Time', kind: 'date', value: (e) => e.time, width: 170, hideable: false },
      { id: 'deviceName', header: 'Device', value: (e) => e.deviceName, width: 120 },
      { id: 'thirdPartyId', header: 'Third Party Id', value: (e) => e.thirdPartyId, hiddenByDefault: true },
      {
        id: 'eventCode',
        header: 'Event Code',
        kind: 'number',
        value: (e) => e.eventCode,
        width: 110,
        cell: (e) =>
          isDeveloperCode(e.eventCode) ? (
            <span className="badge badge-sm badge-neutral" title="Developer code">
              {e.eventCode}
            </span>
          ) : (
            e.eventCode
          ),
      },
      { id: 'message', header: 'Message', value: (e) => e.message },
      { id: 'parameters', header: 'Parameters', value: (e) => e.parameters },
      { id: 'firmwareVersion', header: 'Firmware', value: (e) => e.firmwareVersion, width: 100 },
      { id: 'organizationName', header: 'Organization', value: (e) => e.organizationName, hiddenByDefault: true },
      { id: 'siteName', header: 'Site', value: (e) => e.siteName },
    ],
    [],
  );

  return (
    <>
      <ServerDataGrid
        label="Device events"
        gridKey="DeviceEventsColumnVisibility"
        columns={deviceId ? columns.filter((c) => c.id !== 'deviceName') : columns}
        getRowId={(e) => String(e.id)}
        fetchBlock={fetchBlock}
        blockSize={DEVICE_EVENTS_BLOCK}
        maxBlocks={3}
        quickFilters={QUICK_FILTERS}
        refreshKey={`${organizationId}:${range.start}:${range.end}:${deviceId ?? ''}`}
        emptyText="No device events in this time range."
        height={height}
        rowActions={(e) => (
          <span className="inline-flex gap-0.5">
            {e.siteId !== null && e.siteName !== null && siteLink({ siteId: e.siteId, siteName: e.siteName })}
            {!deviceId && (
              <Link
                className="btn btn-ghost btn-xs"
                to={`/device/${encodeURIComponent(e.deviceName)}`}
                aria-label={`Device dashboard of ${e.deviceName}`}
              >
                Dashboard
              </Link>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDetails(e)}
              aria-label={`Details of event ${e.eventCode} at ${formatDateTime(e.time, tz, format)}`}
            >
              Details
            </button>
          </span>
        )}
      />
      {details && <EventDetailsDialog event={details} onClose={() => setDetails(null)} tz={tz} format={format} />}
    </>
  );
}

function EventDetailsDialog({
  event,
  onClose,
  tz,
  format,
}: {
  event: DeviceEvent;
  onClose: () => void;
  tz: string;
  format: '12-hr' | '24-hr';
}) {
  const rows: [string, string][] = [
    ['Time', formatDateTime(event.time, tz, format)],
    ['Device Name', event.deviceName],
    ['Third Party Id', event.thirdPartyId ?? '—'],
    ['Event Code', `${event.eventCode}${isDeveloperCode(event.eventCode) ? ' (developer code)' : ''}`],
    ['Message', event.message],
    ['Parameters', event.parameters ?? 'None'],
    ['Firmware Version', event.firmwareVersion ?? '—'],
    ['Organization', event.organizationName],
    ['Site', event.siteName ?? '—'],
  ];
  return (
    <Modal open title="Device Event" onClose={onClose}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-base-content/80">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
