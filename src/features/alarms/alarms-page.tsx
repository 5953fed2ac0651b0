// Alarms (spec 2 §2 'Alarms page'; no permission): the organization's alarms as a server-side grid (blocks of 100,
// at most 3 kept), every column filter, the Unresolved quick filter, column visibility under
// AlarmListColumnVisibility, 'Dashboard' (the alarm link) and 'View Workflow' (the slide-out, with the comment count
// and a resolved icon). The open alarm is in the address (alarmId) so it survives a reload and can be shared.
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callEndpoint } from '@/api/endpoint-client';
import { alarmListEndpoint, type Alarm } from '@/contracts/alarm';
import { ALARM_BLOCK, ALARM_COLUMN_VISIBILITY_KEY, ALARM_EMPTY_TEXT, ALARM_MAX_BLOCKS } from '@/domain/alarm';
import { gridQueryParams } from '@/domain/grid-query';
import { AlarmSlideOut } from '@/entities/alarm/alarm-slide-out';
import { RowAction, RowActions } from '@/ui/data-grid/row-actions';
import { ServerDataGrid, type ServerBlockParams } from '@/ui/data-grid/server-data-grid';
import type { QuickFilter } from '@/ui/data-grid/types';
import { Icon } from '@/ui/icons';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { alarmColumns } from './alarm-columns';

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

  const columns = useMemo(() => alarmColumns(units), [units]);

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
          rowActions={(a) => <AlarmRowActions alarm={a} onViewWorkflow={() => setOpen(a.encodedId)} />}
        />
      </div>
      {open && <AlarmSlideOut key={open} encodedId={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** 'Dashboard' (the alarm link) and 'View Workflow' with the resolved icon and the comment count. */
function AlarmRowActions({ alarm: a, onViewWorkflow }: { alarm: Alarm; onViewWorkflow: () => void }) {
  return (
    <RowActions>
      <Link
        className="btn btn-ghost btn-xs"
        to={`/alarm/${a.encodedId}`}
        aria-label={`Dashboard of the alarm at ${a.siteName}`}
      >
        Dashboard
      </Link>
      <RowAction
        name={`View workflow of the alarm at ${a.siteName} (${a.workflowResolvedAt ? 'resolved' : 'unresolved'}, ${a.alarmComments.length} comments)`}
        onClick={onViewWorkflow}
        label={
          <>
            <Icon
              name={a.workflowResolvedAt ? 'check' : 'clipboard'}
              className={`h-4 w-4 ${a.workflowResolvedAt ? 'text-success' : ''}`}
            />
            View Workflow
            {a.alarmComments.length > 0 && (
              <span className="badge badge-xs badge-primary">{a.alarmComments.length}</span>
            )}
          </>
        }
      />
    </RowActions>
  );
}
