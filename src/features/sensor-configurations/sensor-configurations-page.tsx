// Sensor Configurations (spec 3 §2, §3, §5, §7, §8; SensorConfiguration): the organization's Qubes with their CH4
// (RMX) sensor's latest coefficients, and configured sensors on no Qube. Quick filters, add and edit, the template and
// bulk upload, CSV export, each sensor's and device's history, and loading coefficients onto online devices.
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { SensorConfigurationRow } from '@/contracts/sensor-configuration';
import { formatDateTime } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { matchesSensorFilter, rmxBlocked, SENSOR_QUICK_FILTERS } from '@/domain/sensor-configuration';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { onlineColumn } from '@/entities/device/device-columns';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { useCurrentSensorConfigurations, type HistoryOf } from './api';
import { BulkSensorDialog, downloadSensorTemplate } from './bulk-sensor-dialog';
import { RmxDialog } from './rmx-dialog';
import { SensorConfigurationDialog } from './sensor-configuration-dialog';
import { SensorHistoryDialog } from './sensor-history-dialog';
import { SyncBadge } from './sync-badge';

type Dialog =
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'edit'; row: SensorConfigurationRow }
  | { kind: 'history'; of: HistoryOf }
  | { kind: 'rmx'; rows: SensorConfigurationRow[] };

const rowId = (r: SensorConfigurationRow) => `${r.sensorSerialNumber ?? ''}|${r.deviceId ?? ''}`;
const loadedText = (r: SensorConfigurationRow) =>
  r.deviceId === null ? '' : r.syncSuccess === null ? 'Not loaded' : r.syncSuccess ? 'Loaded' : 'Failed';

export default function SensorConfigurationsPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const toast = useToast();
  const time = useCallback(
    (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat),
    [user],
  );
  const canOpenDevice = useHasPermission(Permission.DeviceAdministration);
  const { data, isPending, error, refetch, dataUpdatedAt } = useCurrentSensorConfigurations(organizationId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const close = () => setDialog(null);

  const latestBySerial = useMemo(
    () =>
      new Map(
        (data ?? [])
          .filter((r) => r.sensorSerialNumber && r.coefficients)
          .map((r) => [r.sensorSerialNumber!, r.coefficients!]),
      ),
    [data],
  );
  const chosen = useMemo(() => (data ?? []).filter((r) => selected.has(rowId(r))), [data, selected]);

  const columns = useMemo<GridColumn<SensorConfigurationRow>[]>(
    () => [
      {
        id: 'sensorSerialNumber',
        header: 'Sensor Serial Number',
        value: (r) => r.sensorSerialNumber,
        hideable: false,
        width: 120,
      },
      {
        id: 'deviceName',
        header: 'Device',
        value: (r) => r.deviceName,
        width: 110,
        cell: (r) =>
          r.deviceName === null ? (
            <span className="text-base-content/70">On no device</span>
          ) : canOpenDevice ? (
            <Link className="link link-primary" to={`/device/${encodeURIComponent(r.deviceName)}`}>
              {r.deviceName}
            </Link>
          ) : (
            r.deviceName
          ),
      },
      { id: 'siteName', header: 'Site', value: (r) => r.siteName },
      onlineColumn<SensorConfigurationRow>(),
      { id: 'sync', header: 'Loaded', value: loadedText, width: 100, cell: (r) => <SyncBadge row={r} time={time} /> },
      {
        id: 'deviceConfirmedVersionId',
        header: 'Device Runs',
        kind: 'number',
        value: (r) => r.deviceConfirmedVersionId,
        width: 110,
        cell: (r) => {
          if (r.deviceId === null) return '';
          if (r.deviceConfirmedVersionId === null) return <span className="text-base-content/70">None</span>;
          const current = r.deviceConfirmedVersionId === r.versionId;
          return (
            <span
              className={`badge badge-sm whitespace-nowrap ${current ? 'badge-success' : 'badge-warning'}`}
              title={current ? 'The device runs the latest version' : 'The device runs an older version'}
            >
              {`v${r.deviceConfirmedVersionId}`}
            </span>
          );
        },
      },
      { id: 'versionId', header: 'Version', kind: 'number', value: (r) => r.versionId, width: 80 },
      {
        id: 'coefficients',
        header: 'Coefficients',
        value: (r) => r.coefficients,
        width: 250,
        cell: (r) =>
          r.coefficients ? (
            <span className="font-mono text-xs">{r.coefficients}</span>
          ) : (
            <span className="text-base-content/70">Not configured</span>
          ),
      },
      { id: 'createdAt', header: 'Created', kind: 'date', value: (r) => r.createdAt, width: 120 },
      { id: 'userEmail', header: 'Created By', value: (r) => r.userEmail, hiddenByDefault: true },
      { id: 'thirdPartyId', header: 'Third Party Id', value: (r) => r.thirdPartyId, hiddenByDefault: true },
      { id: 'syncTime', header: 'Loaded At', kind: 'date', value: (r) => r.syncTime, hiddenByDefault: true },
      { id: 'syncError', header: 'Load Error', value: (r) => r.syncError, hiddenByDefault: true },
    ],
    [canOpenDevice, time],
  );

  const quickFilters = useMemo<QuickFilter<SensorConfigurationRow>[]>(
    () =>
      SENSOR_QUICK_FILTERS.map((f) => ({
        id: f,
        label: f,
        predicate: (r: SensorConfigurationRow) => matchesSensorFilter(f, r),
      })),
    [],
  );

  return (
    <>
      <PageHeader title="Sensor Configurations">
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={() =>
            void downloadSensorTemplate().catch((e: unknown) =>
              toast(e instanceof Error ? e.message : String(e), 'error'),
            )
          }
        >
          Template
        </button>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setDialog({ kind: 'bulk' })}>
          Bulk Upload
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          Add Sensor Configuration
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        <DataGrid
          label="Sensor configurations"
          gridKey="SensorConfigurationsColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={rowId}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          quickFilters={quickFilters}
          searchPlaceholder="Search sensors and devices"
          emptyText="This organization has no Qube devices or sensor configurations yet."
          exportName="SensorConfigurations"
          selection={{ selected, onChange: setSelected, canSelect: (r) => r.deviceId !== null }}
          toolbar={
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={chosen.length === 0}
              onClick={() => setDialog({ kind: 'rmx', rows: chosen })}
            >
              {`Set RMX Coefficients${chosen.length ? ` (${chosen.length})` : ''}`}
            </button>
          }
          rowActions={(r) => {
            const blocked = rmxBlocked(r);
            const label = r.deviceName ?? r.sensorSerialNumber ?? '';
            return (
              <span className="inline-flex gap-0.5">
                <span
                  className="tooltip tooltip-left"
                  data-tip={r.sensorSerialNumber ? undefined : 'The device has no CH4 sensor serial number'}
                >
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={!r.sensorSerialNumber}
                    onClick={() => setDialog({ kind: 'edit', row: r })}
                    aria-label={`Edit configuration of ${label}`}
                  >
                    {r.versionId === null ? 'Configure' : 'Edit'}
                  </button>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={r.versionId === null}
                  onClick={() =>
                    setDialog({
                      kind: 'history',
                      of: {
                        sensorSerialNumber: r.sensorSerialNumber!,
                        title: `Sensor History: ${r.sensorSerialNumber}`,
                      },
                    })
                  }
                  aria-label={`Sensor history of ${label}`}
                >
                  Sensor History
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  disabled={r.deviceId === null}
                  onClick={() =>
                    setDialog({
                      kind: 'history',
                      of: { deviceId: r.deviceId!, title: `Device History: ${r.deviceName}` },
                    })
                  }
                  aria-label={`Device history of ${label}`}
                >
                  Device History
                </button>
                <span className="tooltip tooltip-left" data-tip={blocked ?? undefined}>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={blocked !== null}
                    onClick={() => setDialog({ kind: 'rmx', rows: [r] })}
                    aria-label={`Set RMX coefficients on ${label}`}
                  >
                    Set RMX
                  </button>
                </span>
              </span>
            );
          }}
        />
      </div>
      {dialog?.kind === 'add' && (
        <SensorConfigurationDialog
          organizationId={organizationId}
          editing={null}
          existing={(s) => latestBySerial.get(s) ?? null}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <SensorConfigurationDialog
          organizationId={organizationId}
          editing={{
            sensorSerialNumber: dialog.row.sensorSerialNumber!,
            coefficients: dialog.row.coefficients,
            deviceName: dialog.row.deviceName,
          }}
          existing={(s) => latestBySerial.get(s) ?? null}
          onClose={close}
        />
      )}
      {dialog?.kind === 'bulk' && <BulkSensorDialog organizationId={organizationId} onClose={close} />}
      {dialog?.kind === 'history' && (
        <SensorHistoryDialog organizationId={organizationId} of={dialog.of} onClose={close} />
      )}
      {dialog?.kind === 'rmx' && (
        <RmxDialog
          organizationId={organizationId}
          rows={dialog.rows}
          onClose={() => {
            setSelected(new Set());
            close();
          }}
        />
      )}
    </>
  );
}
