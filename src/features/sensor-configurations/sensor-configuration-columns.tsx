// The Sensor Configurations grid's columns, quick filters and row identity (spec 3 §2, §5): each sensor's latest
// version and coefficients, the device it is on (a link for device administrators), and whether the device has
// loaded and runs that version.
import { Link } from 'react-router';
import type { SensorConfigurationRow } from '@/contracts/sensor-configuration';
import { matchesSensorFilter, SENSOR_QUICK_FILTERS } from '@/domain/sensor-configuration';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { onlineColumn } from '@/entities/device/device-columns';
import { SyncBadge } from './sync-badge';

type Column = GridColumn<SensorConfigurationRow>;

interface ColumnOptions {
  /** Device names link to the device's page. */
  canOpenDevice: boolean;
  /** A time in the user's zone and format. */
  time: (iso: string) => string;
}

/** A row's id in the grid: a sensor, a device, or both. */
export const sensorRowId = (r: SensorConfigurationRow) => `${r.sensorSerialNumber ?? ''}|${r.deviceId ?? ''}`;

/** Whether the device loaded the coefficients, as the Loaded column sorts, searches and exports it. */
export const loadedText = (r: SensorConfigurationRow) =>
  r.deviceId === null ? '' : r.syncSuccess === null ? 'Not loaded' : r.syncSuccess ? 'Loaded' : 'Failed';

/** The sensors' latest coefficients by serial number, for the add and edit form to warn about. */
export function latestCoefficientsBySerial(rows: readonly SensorConfigurationRow[] | undefined): Map<string, string> {
  return new Map(
    (rows ?? [])
      .filter((r) => r.sensorSerialNumber && r.coefficients)
      .map((r) => [r.sensorSerialNumber!, r.coefficients!]),
  );
}

/** The rows whose ids are selected, in the grid's order. */
export const selectedRows = (rows: readonly SensorConfigurationRow[] | undefined, selected: ReadonlySet<string>) =>
  (rows ?? []).filter((r) => selected.has(sensorRowId(r)));

function deviceColumn(canOpenDevice: boolean): Column {
  return {
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
  };
}

const deviceRunsColumn: Column = {
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
};

const coefficientsColumn: Column = {
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
};

export function sensorConfigurationColumns({ canOpenDevice, time }: ColumnOptions): Column[] {
  return [
    {
      id: 'sensorSerialNumber',
      header: 'Sensor Serial Number',
      value: (r) => r.sensorSerialNumber,
      hideable: false,
      width: 120,
    },
    deviceColumn(canOpenDevice),
    { id: 'siteName', header: 'Site', value: (r) => r.siteName },
    onlineColumn<SensorConfigurationRow>(),
    { id: 'sync', header: 'Loaded', value: loadedText, width: 100, cell: (r) => <SyncBadge row={r} time={time} /> },
    deviceRunsColumn,
    { id: 'versionId', header: 'Version', kind: 'number', value: (r) => r.versionId, width: 80 },
    coefficientsColumn,
    { id: 'createdAt', header: 'Created', kind: 'date', value: (r) => r.createdAt, width: 120 },
    { id: 'userEmail', header: 'Created By', value: (r) => r.userEmail, hiddenByDefault: true },
    { id: 'thirdPartyId', header: 'Third Party Id', value: (r) => r.thirdPartyId, hiddenByDefault: true },
    { id: 'syncTime', header: 'Loaded At', kind: 'date', value: (r) => r.syncTime, hiddenByDefault: true },
    { id: 'syncError', header: 'Load Error', value: (r) => r.syncError, hiddenByDefault: true },
  ];
}

export const SENSOR_CONFIGURATION_FILTERS: QuickFilter<SensorConfigurationRow>[] = SENSOR_QUICK_FILTERS.map((f) => ({
  id: f,
  label: f,
  predicate: (r: SensorConfigurationRow) => matchesSensorFilter(f, r),
}));
