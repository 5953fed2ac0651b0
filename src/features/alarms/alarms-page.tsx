// Alarms (spec 2 §2 'Alarms page'; no permission): the organization's alarms as a server-side grid (blocks of 100,
// at most 3 kept), every column filter, the Unresolved quick filter, column visibility under
// AlarmListColumnVisibility, 'Dashboard' (the alarm link) and 'View Workflow' (the slide-out, with the comment count
// and a resolved icon). The open alarm is in the address (alarmId) so it survives a reload and can be shared.
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callEndpoint } from '@/api/endpoint-client';
import { alarmListEndpoint, type Alarm } from '@/contracts/alarm';
import {
  ALARM_BLOCK,
  ALARM_COLUMN_VISIBILITY_KEY,
  ALARM_EMPTY_TEXT,
  ALARM_MAX_BLOCKS,
  ALARM_TYPE_FILTER_OPTIONS,
  alarmTitle,
  alarmValueInDisplayUnit,
} from '@/domain/alarm';
import { AlarmLevel, Aggregation, WorkflowType } from '@/domain/enums';
import { gridQueryParams } from '@/domain/grid-query';
import { inDisplayUnit } from '@/domain/units';
import { AlarmSlideOut, LevelBadge } from '@/entities/alarm/alarm-slide-out';
import { ServerDataGrid, type ServerBlockParams } from '@/ui/data-grid/server-data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';

const QUICK_FILTERS: QuickFilter<Alarm>[] = [
  { id: 'Unresolved', label: 'Unresolved', title: 'Alarms whose workflow is not resolved' },
];

export default function AlarmsPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const units = user.userSettings.unitConfiguration;
  const [params, setParams] = useSearchParams();
  const open = params.get('alarmId');
  const setOpen = useCallback(
    (encoded: string | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (encoded) next.set('alarmId', encoded);
        else next.delete('alarmId');
        return next;
      }),
    [setParams],
  );

  const fetchBlock = useCallback(
    (p: ServerBlockParams) =>
      callEndpoint(alarmListEndpoint, {
        query: {
          organizationId,
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
    [organizationId],
  );

  const columns = useMemo<GridColumn<Alarm>[]>(() => {
    const inUnit = (a: Alarm, v: number | null) => (v === null ? null : alarmValueInDisplayUnit(v, a, units).value);
    const unitOf = (a: Alarm) => alarmValueInDisplayUnit(0, a, units).label;
    const threshold = (
      id: 'hiThreshold' | 'hiHiThreshold' | 'criticalThreshold',
      header: string,
    ): GridColumn<Alarm> => ({
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
          a.totalVolume === null
            ? null
            : Math.round(inDisplayUnit(a.totalVolume, 'ch4Volume', units).value * 100) / 100,
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
  }, [units]);

  return (
    <>
      <PageHeader title="Alarms" />
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        <ServerDataGrid
          label="Alarms"
          gridKey={ALARM_COLUMN_VISIBILITY_KEY}
          columns={columns}
          getRowId={(a) => String(a.id)}
          fetchBlock={fetchBlock}
          blockSize={ALARM_BLOCK}
          maxBlocks={ALARM_MAX_BLOCKS}
          quickFilters={QUICK_FILTERS}
          refreshKey={String(organizationId)}
          emptyText={ALARM_EMPTY_TEXT}
          rowActions={(a) => (
            <span className="inline-flex gap-0.5">
              <Link
                className="btn btn-ghost btn-xs"
                to={`/alarm/${a.encodedId}`}
                aria-label={`Dashboard of the alarm at ${a.siteName}`}
              >
                Dashboard
              </Link>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => setOpen(a.encodedId)}
                aria-label={`View workflow of the alarm at ${a.siteName} (${a.workflowResolvedAt ? 'resolved' : 'unresolved'}, ${a.alarmComments.length} comments)`}
              >
                <Icon
                  name={a.workflowResolvedAt ? 'check' : 'clipboard'}
                  className={`h-4 w-4 ${a.workflowResolvedAt ? 'text-success' : ''}`}
                />
                View Workflow
                {a.alarmComments.length > 0 && (
                  <span className="badge badge-xs badge-primary">{a.alarmComments.length}</span>
                )}
              </button>
            </span>
          )}
        />
      </div>
      {open && <AlarmSlideOut key={open} encodedId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
