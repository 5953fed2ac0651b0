// The per-device uptime grid (spec 2 §2 'Device Uptime'): server-side, blocks of 100 (at most 3 kept), the status
// strip per row; row actions device dashboard, the device's tickets and Create Support Ticket.
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { callEndpoint } from '@/api/endpoint-client';
import { uptimeStatusEndpoint, type UptimeRow } from '@/contracts/uptime';
import { gridQueryParams } from '@/domain/grid-query';
import { UPTIME_PAGE, UPTIME_ROW_HEIGHT } from '@/domain/uptime';
import { ServerDataGrid, type ServerBlockParams } from '@/ui/data-grid/server-data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { TicketBadges } from '@/entities/ticket/ticket-badges';
import { StatusStrip } from './uptime-charts';
import type { UptimeScope } from './use-uptime-scope';

export interface UptimeGridProps {
  scope: UptimeScope;
  /** Nothing can match: the grid is empty without asking. */
  empty: boolean;
  multipleOrganizations: boolean;
  canAdminister: boolean;
  canSeeTickets: boolean;
  onCreateTicket: (device: { id: number; name: string }) => void;
}

export function UptimeGrid({ scope, empty, multipleOrganizations, canAdminister, ...actions }: UptimeGridProps) {
  const fetchBlock = useCallback(
    (p: ServerBlockParams) =>
      empty
        ? Promise.resolve({ rows: [], totalRows: 0, lastRow: 0 })
        : callEndpoint(uptimeStatusEndpoint, {
            query: {
              ...scope,
              ...gridQueryParams({
                startRow: p.startRow,
                endRow: p.endRow,
                sort: p.sort,
                filters: p.filters,
                quickFilters: [],
              }),
            },
            signal: p.signal,
          }),
    [scope, empty],
  );
  const columns = useMemo(
    () => uptimeColumns(canAdminister, multipleOrganizations),
    [canAdminister, multipleOrganizations],
  );
  return (
    <ServerDataGrid
      label="Device uptime"
      gridKey="DeviceUptimeColumnVisibility"
      columns={columns}
      getRowId={(r) => String(r.deviceId)}
      fetchBlock={fetchBlock}
      blockSize={UPTIME_PAGE}
      rowHeight={UPTIME_ROW_HEIGHT}
      maxBlocks={3}
      refreshKey={JSON.stringify(scope)}
      emptyText="No devices were installed in this selection and time range."
      height="calc(100vh - 26rem)"
      rowActions={(r) =>
        actions.canSeeTickets || canAdminister ? (
          <UptimeRowActions row={r} canAdminister={canAdminister} {...actions} />
        ) : null
      }
    />
  );
}

function uptimeColumns(canAdminister: boolean, multipleOrganizations: boolean): GridColumn<UptimeRow>[] {
  return [
    {
      id: 'deviceName',
      header: 'Device',
      value: (r) => r.deviceName,
      hideable: false,
      width: 130,
      cell: (r) =>
        canAdminister ? (
          <Link className="link link-primary" to={`/device/${encodeURIComponent(r.deviceName)}`}>
            {r.deviceName}
          </Link>
        ) : (
          r.deviceName
        ),
    },
    {
      id: 'organizationName',
      header: 'Organization',
      value: (r) => r.organizationName,
      hiddenByDefault: !multipleOrganizations,
    },
    { id: 'siteName', header: 'Site', value: (r) => r.siteName },
    {
      id: 'freshdeskTickets',
      header: 'Tickets',
      value: (r) => r.freshdeskTickets.map((t) => t.id).join(' '),
      cell: (r) => <TicketBadges tickets={r.freshdeskTickets} />,
      width: 120,
    },
    {
      id: 'uptimePercentage',
      header: 'Uptime %',
      kind: 'number',
      value: (r) => r.summary.uptimePercentage,
      width: 100,
      cell: (r) => (r.summary.uptimePercentage === null ? '—' : `${r.summary.uptimePercentage.toFixed(1)}%`),
    },
    {
      id: 'status',
      header: 'Status by period',
      value: (r) => `${r.summary.upCount} up, ${r.summary.downCount} down`,
      sortable: false,
      filterable: false,
      noExport: false,
      cell: (r) => <StatusStrip row={r} />,
    },
  ];
}

function UptimeRowActions({
  row: r,
  canAdminister,
  canSeeTickets,
  onCreateTicket,
}: {
  row: UptimeRow;
  canAdminister: boolean;
  canSeeTickets: boolean;
  onCreateTicket: (device: { id: number; name: string }) => void;
}) {
  return (
    <span className="inline-flex gap-0.5">
      {canAdminister && (
        <Link
          className="btn btn-ghost btn-xs"
          to={`/device/${encodeURIComponent(r.deviceName)}`}
          aria-label={`Device dashboard of ${r.deviceName}`}
        >
          Dashboard
        </Link>
      )}
      {canSeeTickets && canAdminister && r.freshdeskTickets.length > 0 && (
        <Link
          className="btn btn-ghost btn-xs"
          to={`/device/${encodeURIComponent(r.deviceName)}?tab=Freshdesk`}
          aria-label={`Tickets of ${r.deviceName}`}
        >
          Tickets
        </Link>
      )}
      {canAdminister && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => onCreateTicket({ id: r.deviceId, name: r.deviceName })}
          aria-label={`Create support ticket for ${r.deviceName}`}
        >
          Ticket
        </button>
      )}
    </span>
  );
}
