// Devices (spec 2 §2, DeviceView): KPI tiles Total, Quarantined, With Tickets; the organization's devices with their
// site and state; CSV export. Device administrators open a device's dashboard from its name.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import { deviceListEndpoint, type DeviceListRow } from '@/contracts/device';
import { DEVICE_KIND_LABEL, isQuarantined } from '@/domain/device-form';
import { formatDateTime } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { onlineColumn, quarantineColumn } from '@/entities/device/device-columns';
import { ticketsColumn } from '@/entities/ticket/ticket-columns';
import { KpiTiles } from '@/ui/kpi-tiles';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';

export default function DevicesPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const time = useCallback(
    (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat),
    [user],
  );
  const canOpen = useHasPermission(Permission.DeviceAdministration);
  const { data, isPending, error, refetch, dataUpdatedAt } = useQuery(
    endpointQuery(deviceListEndpoint, { query: { organizationId } }),
  );

  const kpis = useMemo(() => {
    const rows = data ?? [];
    return [
      ['Total', rows.length],
      ['Quarantined', rows.filter((d) => isQuarantined(d)).length],
      ['With Tickets', rows.filter((d) => d.freshdeskTickets.length > 0).length],
    ] as const;
  }, [data]);

  const columns = useMemo<GridColumn<DeviceListRow>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        value: (d) => d.name,
        hideable: false,
        width: 150,
        cell: (d) =>
          canOpen ? (
            <Link className="link link-primary" to={`/device/${encodeURIComponent(d.name)}`}>
              {d.name}
            </Link>
          ) : (
            d.name
          ),
      },
      { id: 'deviceType', header: 'Type', value: (d) => DEVICE_KIND_LABEL[d.deviceType], width: 120 },
      { id: 'thirdPartyId', header: 'Third Party Id', value: (d) => d.thirdPartyId, hiddenByDefault: true },
      { id: 'serial', header: 'Serial Number', value: (d) => d.thirdPartySerialNumber },
      {
        id: 'site',
        header: 'Site',
        value: (d) => d.currentSiteName,
        cell: (d) => d.currentSiteName ?? <span className="text-base-content/70">Not installed</span>,
      },
      { id: 'groups', header: 'Site Groups', value: (d) => d.siteGroupNames.join(', ') },
      { id: 'installedAt', header: 'Installed', kind: 'date', value: (d) => d.installedAt },
      quarantineColumn<DeviceListRow>(time),
      onlineColumn<DeviceListRow>(),
      { id: 'firmware', header: 'Firmware', value: (d) => d.firmware, width: 100 },
      ticketsColumn<DeviceListRow>(),
    ],
    [canOpen, time],
  );

  return (
    <>
      <PageHeader title="Devices" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
        <KpiTiles loading={isPending} tiles={kpis} />
        <DataGrid
          label="Devices"
          gridKey="DevicesColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={(d) => String(d.id)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          searchPlaceholder="Search devices"
          emptyText="This organization has no devices yet."
          exportName="Devices"
        />
      </div>
    </>
  );
}
