// The Device Health grid's columns and quick filters (spec 2 §2): identity, site, online and quarantine state,
// latest readings as badges coloured by freshness (a click opens the 7-day trend), tickets, firmware and hardware.
import { Link } from 'react-router';
import type { DeviceHealthRow } from '@/contracts/device';
import { DEVICE_KIND_LABEL, HARDWARE_ITEMS } from '@/domain/device-form';
import {
  dataFreshness,
  DEVICE_HEALTH_QUICK_FILTERS,
  matchesDeviceHealthFilter,
  type DataFreshness,
} from '@/domain/device-health';
import { formatDateTime } from '@/domain/format';
import { measurementType, WIND_SPEED_TYPE } from '@/domain/measurement-type';
import { measurementInDisplayUnit, type UnitConfiguration } from '@/domain/units';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { onlineColumn, quarantineColumn } from '@/entities/device/device-columns';
import { ticketsColumn } from '@/entities/ticket/ticket-columns';

const BADGE: Record<DataFreshness, string> = {
  success: 'badge-success',
  warning: 'badge-warning',
  error: 'badge-error',
  disabled: 'badge-ghost',
};
export const CH4 = 1;
const SOC = 12;
const TEMPERATURE = 9;
const SIGNAL = 13;

type Column = GridColumn<DeviceHealthRow>;

interface ColumnOptions {
  timeZone: string;
  timeFormat: '12-hr' | '24-hr';
  units: UnitConfiguration;
  /** Provider staff also see the primary symptoms. */
  internal: boolean;
  onTrend: (device: DeviceHealthRow, typeId: number) => void;
}

const none = <span className="text-base-content/70">—</span>;

/** A latest reading in the user's unit, as a badge of its freshness that opens the 7-day trend. */
function readingColumn(typeId: number, header: string, o: ColumnOptions, hidden?: boolean): Column {
  const type = measurementType(typeId);
  const shown = (d: DeviceHealthRow) => {
    const r = d.latestDeviceMeasurements[String(typeId)];
    return r ? measurementInDisplayUnit(r.value, type.unitKind, o.units) : null;
  };
  return {
    id: `m${typeId}`,
    header,
    kind: 'number',
    hiddenByDefault: hidden,
    value: (d) => shown(d)?.value ?? null,
    exportValue: (d) => (shown(d) ? Number(shown(d)!.value.toFixed(3)) : ''),
    cell: (d) => {
      const r = d.latestDeviceMeasurements[String(typeId)];
      const v = shown(d);
      if (!r || !v) return none;
      return (
        <button
          type="button"
          className={`badge badge-sm whitespace-nowrap tabular-nums ${BADGE[dataFreshness(r.time, d)]} cursor-pointer`}
          title={`${type.label} at ${formatDateTime(r.time, o.timeZone, o.timeFormat)} — open the 7-day trend`}
          aria-label={`${type.label} of ${d.name}: ${v.value.toFixed(2)} ${v.label}, open the 7-day trend`}
          onClick={() => o.onTrend(d, typeId)}
        >
          {`${v.value.toFixed(2)}${v.label ? ` ${v.label}` : ''}`}
        </button>
      );
    },
  };
}

/** The latest wind: speed in the user's unit and direction, as a badge that opens the wind speed trend. */
function windColumn(o: ColumnOptions): Column {
  return {
    id: 'wind',
    header: 'Wind',
    kind: 'number',
    value: (d) =>
      d.latestDeviceWind?.windSpeed == null
        ? null
        : measurementInDisplayUnit(d.latestDeviceWind.windSpeed, 'speed', o.units).value,
    cell: (d) => {
      const w = d.latestDeviceWind;
      if (!w || w.windSpeed === null) return none;
      const speed = measurementInDisplayUnit(w.windSpeed, 'speed', o.units);
      return (
        <button
          type="button"
          className={`badge badge-sm whitespace-nowrap tabular-nums ${BADGE[dataFreshness(w.time, d)]} cursor-pointer`}
          title={`Wind at ${formatDateTime(w.time, o.timeZone, o.timeFormat)} — open the 7-day trend`}
          aria-label={`Wind of ${d.name}: ${speed.value.toFixed(1)} ${speed.label}, open the 7-day trend`}
          onClick={() => o.onTrend(d, WIND_SPEED_TYPE)}
        >
          {`${speed.value.toFixed(1)} ${speed.label}${w.windDirection === null ? '' : ` ${Math.round(w.windDirection)}°`}`}
        </button>
      );
    },
  };
}

export function deviceHealthColumns(o: ColumnOptions): Column[] {
  const time = (v: string | null) => (v ? formatDateTime(v, o.timeZone, o.timeFormat) : '');
  return [
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
    readingColumn(CH4, 'CH4', o),
    windColumn(o),
    readingColumn(SOC, 'Battery', o),
    readingColumn(TEMPERATURE, 'Temperature', o, true),
    readingColumn(SIGNAL, 'Cell Signal', o, true),
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
    ...(o.internal
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
    ...HARDWARE_ITEMS.map((h): Column => ({
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
}

/** The quick filters of spec 2 §2, counting the device's tickets. */
export const DEVICE_HEALTH_FILTERS: QuickFilter<DeviceHealthRow>[] = DEVICE_HEALTH_QUICK_FILTERS.map((f) => ({
  id: f,
  label: f,
  predicate: (d: DeviceHealthRow) => matchesDeviceHealthFilter(f, { ...d, ticketCount: d.freshdeskTickets.length }),
}));
