// Device Health (spec 2 §2): every device of the organization with its installation, quarantine, device-cloud state
// and latest readings coloured by freshness; quick filters, a 7-day trend from a reading, the Manage Devices menu,
// row actions, CSV export, and the stale-data prompt after an hour.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import { deviceHealthEndpoint, type DeviceHealthRow } from '@/contracts/device';
import { DEVICE_KIND_LABEL, HARDWARE_ITEMS, quarantineBlocked } from '@/domain/device-form';
import {
  dataFreshness,
  DEVICE_HEALTH_QUICK_FILTERS,
  matchesDeviceHealthFilter,
  STALE_AFTER_MS,
  STALE_MESSAGE,
  type DataFreshness,
} from '@/domain/device-health';
import { formatDateTime } from '@/domain/format';
import { measurementType, WIND_SPEED_TYPE } from '@/domain/measurement-type';
import { Permission } from '@/domain/permissions';
import { measurementInDisplayUnit } from '@/domain/units';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { onlineColumn, quarantineColumn } from '@/entities/device/device-columns';
import { ticketsColumn } from '@/entities/ticket/ticket-columns';
import { BulkDevicesDialog } from '@/entities/device/bulk-devices-dialog';
import { DeviceDialog } from '@/entities/device/device-dialog';
import { EndInstallationDialog } from '@/entities/device/end-installation-dialog';
import { QuarantineDialog } from '@/entities/device/quarantine-dialog';
import { StartInstallationDialog } from '@/entities/device/start-installation-dialog';
import { TrendDialog } from '@/entities/device/trend-dialog';
import { PageHeader } from '@/ui/page-header';
import { UrlTabs } from '@/ui/url-tabs';
import { Popover } from '@/ui/popover';
import { useHasPermission, useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { TicketCreateDialog } from '@/entities/ticket/ticket-create-dialog';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';

const BADGE: Record<DataFreshness, string> = {
  success: 'badge-success',
  warning: 'badge-warning',
  error: 'badge-error',
  disabled: 'badge-ghost',
};
const CH4 = 1;
const SOC = 12;
const TEMPERATURE = 9;
const SIGNAL = 13;

type Dialog =
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'edit' | 'history' | 'start' | 'end' | 'quarantine' | 'ticket'; device: DeviceHealthRow }
  | { kind: 'trend'; device: DeviceHealthRow; typeId: number };

// The map's code (MapLibre, deck.gl) loads beside the page's requests, not before them (issue 25 'Screen speed').
const DeviceMap = lazy(() => import('./device-map').then((m) => ({ default: m.DeviceMap })));

export default function DeviceHealthPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const tz = user.userSettings.ianaTimezoneId;
  const format = user.userSettings.timeFormat;
  const units = user.userSettings.unitConfiguration;
  const canInstall = useHasPermission(Permission.DeviceAdministration, Permission.DeviceInstallationStartStop);
  const toast = useToast();
  const internal = user.userDetails.isQubeUser;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const tab = params.get('tab') === 'Map' ? 'Map' : 'Grid';
  const { data, isPending, error, refetch, dataUpdatedAt, isFetching } = useQuery(
    endpointQuery(deviceHealthEndpoint, { query: { organizationId } }),
  );

  // The persistent stale-data prompt, an hour after the rows last loaded (spec 2 §2, §9).
  const dismissStale = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!dataUpdatedAt) return;
    dismissStale.current?.();
    const timer = window.setTimeout(() => {
      dismissStale.current = toast(STALE_MESSAGE, 'warning', {
        persistent: true,
        actions: [{ label: 'Refresh', onClick: () => void refetch() }],
      });
    }, STALE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [dataUpdatedAt, toast, refetch]);
  useEffect(() => () => dismissStale.current?.(), []);

  const columns = useMemo<GridColumn<DeviceHealthRow>[]>(() => {
    const time = (v: string | null) => (v ? formatDateTime(v, tz, format) : '');
    const reading = (typeId: number, header: string, opts: { hidden?: boolean } = {}): GridColumn<DeviceHealthRow> => {
      const type = measurementType(typeId);
      const shown = (d: DeviceHealthRow) => {
        const r = d.latestDeviceMeasurements[String(typeId)];
        return r ? measurementInDisplayUnit(r.value, type.unitKind, units) : null;
      };
      return {
        id: `m${typeId}`,
        header,
        kind: 'number',
        hiddenByDefault: opts.hidden,
        value: (d) => shown(d)?.value ?? null,
        exportValue: (d) => (shown(d) ? Number(shown(d)!.value.toFixed(3)) : ''),
        cell: (d) => {
          const r = d.latestDeviceMeasurements[String(typeId)];
          const v = shown(d);
          if (!r || !v) return <span className="text-base-content/70">—</span>;
          const f = dataFreshness(r.time, d);
          return (
            <button
              type="button"
              className={`badge badge-sm whitespace-nowrap tabular-nums ${BADGE[f]} cursor-pointer`}
              title={`${type.label} at ${time(r.time)} — open the 7-day trend`}
              aria-label={`${type.label} of ${d.name}: ${v.value.toFixed(2)} ${v.label}, open the 7-day trend`}
              onClick={() => setDialog({ kind: 'trend', device: d, typeId })}
            >
              {`${v.value.toFixed(2)}${v.label ? ` ${v.label}` : ''}`}
            </button>
          );
        },
      };
    };
    const list: GridColumn<DeviceHealthRow>[] = [
      {
        id: 'name',
        header: 'Name',
        value: (d) => d.name,
        hideable: false,
        width: 140,
        cell: (d) => (
          <Link className="link link-primary" to={`/device/${encodeURIComponent(d.name)}`}>
            {d.name}
          </Link>
        ),
      },
      { id: 'thirdPartyId', header: 'Third Party Id', value: (d) => d.thirdPartyId, hiddenByDefault: true },
      { id: 'deviceType', header: 'Type', value: (d) => DEVICE_KIND_LABEL[d.deviceType], width: 110 },
      { id: 'organization', header: 'Organization', value: (d) => d.organizationName, hiddenByDefault: true },
      {
        id: 'site',
        header: 'Site',
        value: (d) => d.currentSiteName,
        cell: (d) => d.currentSiteName ?? <span className="text-base-content/70">Not installed</span>,
      },
      { id: 'groups', header: 'Groups', value: (d) => d.siteGroupNames.join(', '), hiddenByDefault: true },
      onlineColumn<DeviceHealthRow>(),
      quarantineColumn<DeviceHealthRow>(time),
      reading(CH4, 'CH4'),
      {
        id: 'wind',
        header: 'Wind',
        kind: 'number',
        value: (d) =>
          d.latestDeviceWind?.windSpeed == null
            ? null
            : measurementInDisplayUnit(d.latestDeviceWind.windSpeed, 'speed', units).value,
        cell: (d) => {
          const w = d.latestDeviceWind;
          if (!w || w.windSpeed === null) return <span className="text-base-content/70">—</span>;
          const speed = measurementInDisplayUnit(w.windSpeed, 'speed', units);
          return (
            <button
              type="button"
              className={`badge badge-sm whitespace-nowrap tabular-nums ${BADGE[dataFreshness(w.time, d)]} cursor-pointer`}
              title={`Wind at ${time(w.time)} — open the 7-day trend`}
              aria-label={`Wind of ${d.name}: ${speed.value.toFixed(1)} ${speed.label}, open the 7-day trend`}
              onClick={() => setDialog({ kind: 'trend', device: d, typeId: WIND_SPEED_TYPE })}
            >
              {`${speed.value.toFixed(1)} ${speed.label}${w.windDirection === null ? '' : ` ${Math.round(w.windDirection)}°`}`}
            </button>
          );
        },
      },
      reading(SOC, 'Battery'),
      reading(TEMPERATURE, 'Temperature', { hidden: true }),
      reading(SIGNAL, 'Cell Signal', { hidden: true }),
      {
        id: 'latestCH4Time',
        header: 'Latest CH4',
        kind: 'date',
        hiddenByDefault: true,
        value: (d) => d.latestCH4Time,
        cell: (d) => (
          <span className={`badge badge-sm whitespace-nowrap ${BADGE[dataFreshness(d.latestCH4Time, d)]}`}>
            {d.latestCH4Time ? time(d.latestCH4Time) : 'Never'}
          </span>
        ),
      },
      {
        id: 'latestWindTime',
        header: 'Latest Wind',
        kind: 'date',
        value: (d) => d.latestWindTime,
        hiddenByDefault: true,
      },
      ticketsColumn<DeviceHealthRow>(),
      ...(internal
        ? [
            {
              id: 'symptomPrimary',
              header: 'Symptom Primary',
              value: (d: DeviceHealthRow) => d.symptomPrimaryNames.join(', '),
            },
          ]
        : []),
      { id: 'firmware', header: 'Firmware', value: (d) => d.firmware, width: 100 },
      { id: 'location', header: 'Location', value: (d) => d.latestLocationLatLng, hiddenByDefault: true },
      { id: 'height', header: 'Height', kind: 'number', value: (d) => d.latestHeight, hiddenByDefault: true },
      { id: 'azimuth', header: 'Azimuth', kind: 'number', value: (d) => d.latestAzimuth, hiddenByDefault: true },
      { id: 'rmxGen', header: 'RMX Gen', value: (d) => d.rmxGen, hiddenByDefault: true },
      ...HARDWARE_ITEMS.map((h): GridColumn<DeviceHealthRow> => ({
        id: `hw-${h.key}`,
        header: h.label,
        value: (d) => d.hardware[h.key] ?? null,
        hiddenByDefault: true,
      })),
      {
        id: 'inletVentDcaCleanout',
        header: 'Inlet Vent & DCA Cleanout',
        kind: 'date',
        value: (d) => d.inletVentDcaCleanout,
        hiddenByDefault: true,
      },
    ];
    return list;
  }, [tz, format, units, internal]);

  const quickFilters = useMemo<QuickFilter<DeviceHealthRow>[]>(
    () =>
      DEVICE_HEALTH_QUICK_FILTERS.map((f) => ({
        id: f,
        label: f,
        predicate: (d: DeviceHealthRow) =>
          matchesDeviceHealthFilter(f, { ...d, ticketCount: d.freshdeskTickets.length }),
      })),
    [],
  );

  return (
    <>
      <PageHeader title="Device Health">
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
        <Popover
          label="Manage Devices"
          buttonClassName="btn btn-sm btn-primary"
          haspopup="true"
          panelClassName="absolute right-0 z-30 mt-1 rounded-box border border-base-300 bg-base-100 shadow-lg"
        >
          {(close) => (
            <ul className="menu w-48 p-1">
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    setDialog({ kind: 'add' });
                  }}
                >
                  Add Device
                </button>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => {
                    close();
                    setDialog({ kind: 'bulk' });
                  }}
                >
                  Bulk Add/Edit Devices
                </button>
              </li>
            </ul>
          )}
        </Popover>
      </PageHeader>
      <UrlTabs tabs={['Grid', 'Map'] as const} current={tab} label="Device Health views" />
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        {tab === 'Map' ? (
          <Suspense fallback={<div className="skeleton h-[70vh] w-full rounded-box" aria-hidden="true" />}>
            <DeviceMap onTrend={(device) => setDialog({ kind: 'trend', device, typeId: CH4 })} />
          </Suspense>
        ) : (
          <DataGrid
            label="Device health"
            gridKey="DeviceHealthColumnVisibility"
            columns={columns}
            rows={data}
            getRowId={(d) => String(d.id)}
            loading={isPending}
            error={error ? { message: error.message, retry: () => void refetch() } : null}
            refreshedAt={dataUpdatedAt}
            quickFilters={quickFilters}
            searchPlaceholder="Search devices"
            emptyText="This organization has no devices yet."
            exportName="DeviceHealth"
            selection={{ selected, onChange: setSelected }}
            rowActions={(d) => {
              const blocked = quarantineBlocked(d.deviceType, d.currentDeviceInstallationId !== null);
              return (
                <span className="inline-flex gap-0.5">
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => setDialog({ kind: 'edit', device: d })}
                    aria-label={`Edit ${d.name}`}
                  >
                    Edit
                  </button>
                  {canInstall && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() => setDialog({ kind: d.currentDeviceInstallationId ? 'end' : 'start', device: d })}
                      aria-label={`${d.currentDeviceInstallationId ? 'End' : 'Start'} installation of ${d.name}`}
                    >
                      {d.currentDeviceInstallationId ? 'End Installation' : 'Start Installation'}
                    </button>
                  )}
                  <span className="tooltip tooltip-left" data-tip={blocked ?? undefined}>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={blocked !== null}
                      onClick={() => setDialog({ kind: 'quarantine', device: d })}
                      aria-label={`Change quarantine state of ${d.name}`}
                    >
                      Quarantine
                    </button>
                  </span>
                  <span
                    className="tooltip tooltip-left"
                    data-tip={d.currentDeviceInstallationId ? undefined : NOT_INSTALLED_FOR_TICKET}
                  >
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      disabled={!d.currentDeviceInstallationId}
                      onClick={() => setDialog({ kind: 'ticket', device: d })}
                      aria-label={`Create support ticket for ${d.name}`}
                    >
                      Ticket
                    </button>
                  </span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => setDialog({ kind: 'history', device: d })}
                    aria-label={`History of ${d.name}`}
                  >
                    History
                  </button>
                </span>
              );
            }}
          />
        )}
      </div>
      {dialog?.kind === 'bulk' && (
        <BulkDevicesDialog deviceIds={[...selected].map(Number)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'add' && <DeviceDialog deviceId={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <DeviceDialog deviceId={dialog.device.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'start' && <StartInstallationDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'end' && <EndInstallationDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'quarantine' && <QuarantineDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'ticket' && <TicketCreateDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'trend' && (
        <TrendDialog device={dialog.device} typeId={dialog.typeId} onClose={() => setDialog(null)} />
      )}
      <AuditHistoryDialog
        entity="device"
        id={dialog?.kind === 'history' ? dialog.device.id : null}
        organizationId={organizationId}
        title={`History of ${dialog?.kind === 'history' ? dialog.device.name : ''}`}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
