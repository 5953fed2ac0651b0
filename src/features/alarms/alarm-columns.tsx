// The Alarms grid's columns (spec 2 §2 'Alarms page'): level badge, title (filtered on the alarm type), site, device,
// start and end, max value and total volume in the user's units, thresholds, calculation, window, top source and the
// workflow; most of the detail hidden at first.
import type { Alarm } from '@/contracts/alarm';
import { ALARM_TYPE_FILTER_OPTIONS, alarmTitle, alarmValueInDisplayUnit } from '@/domain/alarm';
import { AlarmLevel, Aggregation, WorkflowType } from '@/domain/enums';
import { inDisplayUnit, type UnitConfiguration } from '@/domain/units';
import { LevelBadge } from '@/entities/alarm/alarm-slide-out';
import type { GridColumn } from '@/ui/data-grid/types';

export function alarmColumns(units: UnitConfiguration): GridColumn<Alarm>[] {
  const inUnit = (a: Alarm, v: number | null) => (v === null ? null : alarmValueInDisplayUnit(v, a, units).value);
  const unitOf = (a: Alarm) => alarmValueInDisplayUnit(0, a, units).label;
  const threshold = (id: 'hiThreshold' | 'hiHiThreshold' | 'criticalThreshold', header: string): GridColumn<Alarm> => ({
    id,
    header,
    kind: 'number',
    value: (a) => inUnit(a, a[id]),
    hiddenByDefault: true,
    width: 110,
  });
  return [
    {
      id: 'level',
      header: 'Level',
      value: (a) => AlarmLevel.label(a.level),
      cell: (a) => <LevelBadge level={a.level} />,
      width: 90,
      filterOptions: AlarmLevel.options.map((o) => o.label),
    },
    // The column shows the full title; its filter is on the alarm type, without Emission Volume (spec 2 §2).
    {
      id: 'alarmType',
      header: 'Alarm',
      value: (a) => alarmTitle(a),
      width: 240,
      filterOptions: ALARM_TYPE_FILTER_OPTIONS.map((o) => o.label),
    },
    { id: 'siteName', header: 'Site', value: (a) => a.siteName, hideable: false, width: 160 },
    { id: 'siteAlias', header: 'Site Alias', value: (a) => a.siteAlias, hiddenByDefault: true },
    { id: 'siteGroups', header: 'Site Groups', value: (a) => a.siteGroupNames.join(', '), hiddenByDefault: true },
    { id: 'device', header: 'Device', value: (a) => a.device, width: 110 },
    { id: 'deviceType', header: 'Device Type', value: (a) => a.deviceType, hiddenByDefault: true },
    { id: 'startTime', header: 'Start', kind: 'date', value: (a) => a.startTime, width: 170 },
    { id: 'endTime', header: 'End', kind: 'date', value: (a) => a.endTime, width: 170 },
    {
      id: 'maxValue',
      header: 'Max Value',
      kind: 'number',
      value: (a) => inUnit(a, a.maxValue),
      cell: (a) =>
        a.maxValue === null
          ? ''
          : `${inUnit(a, a.maxValue)!.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${unitOf(a)}`,
      width: 120,
      align: 'right',
    },
    {
      id: 'totalVolume',
      header: `Total Volume (${inDisplayUnit(0, 'ch4Volume', units).label})`,
      kind: 'number',
      value: (a) =>
        a.totalVolume === null ? null : Math.round(inDisplayUnit(a.totalVolume, 'ch4Volume', units).value * 100) / 100,
      hiddenByDefault: true,
    },
    threshold('hiThreshold', 'HI Threshold'),
    threshold('hiHiThreshold', 'HI-HI Threshold'),
    threshold('criticalThreshold', 'Critical Threshold'),
    {
      id: 'calculationMethod',
      header: 'Calculation',
      value: (a) => (a.calculationMethod === null ? null : Aggregation.label(a.calculationMethod)),
      hiddenByDefault: true,
      filterOptions: ['Average', 'Max'],
    },
    {
      id: 'slidingWindowSizeInHours',
      header: 'Sliding Window (h)',
      kind: 'number',
      value: (a) => a.slidingWindowSizeInHours,
      hiddenByDefault: true,
    },
    {
      id: 'topEmittingSource',
      header: 'Top Emitting Source',
      value: (a) => a.topEmittingSource,
      hiddenByDefault: true,
    },
    {
      id: 'workflowType',
      header: 'Workflow',
      value: (a) => WorkflowType.label(a.workflowType),
      width: 100,
      filterOptions: WorkflowType.options.map((o) => o.label),
    },
    { id: 'workflowResolvedAt', header: 'Resolved', kind: 'date', value: (a) => a.workflowResolvedAt, width: 170 },
  ];
}
