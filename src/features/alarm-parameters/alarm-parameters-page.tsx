// Site Alarm Parameters (spec 2 §2; AlarmAdministration): each site with Emission Rate and one column per gas (a gas
// column shows only when some site has that sensor or a parameter for it). A cell lists the enabled parameters with
// warning icons and Edit; the banner says when any parameter has a warning. The header opens the templates.
import { useMemo, useState } from 'react';
import type { SiteAlarmParameter, SiteAlarmParametersRow } from '@/contracts/alarm-parameter';
import { CH4, WARNINGS } from '@/domain/alarm-parameter';
import { AlarmType, Aggregation, SiteAlarmParameterStatus } from '@/domain/enums';
import { MEASUREMENT_TYPES } from '@/domain/measurement-type';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { useSiteAlarmParameters } from './api';
import { columnTitle, EditParametersDialog } from './edit-parameters-dialog';
import { ParameterHistoryDialog } from './history-dialog';
import { TemplatesDialog } from './templates-dialog';

const GASES = MEASUREMENT_TYPES.filter((m) => m.gas !== null);
interface Column {
  alarmType: number;
  measurementTypeId: number;
}
const COLUMNS: Column[] = [
  { alarmType: AlarmType.values.SiteRate, measurementTypeId: CH4 },
  ...GASES.map((g) => ({ alarmType: AlarmType.values.Measurement, measurementTypeId: g.id })),
];

const inColumn = (c: Column) => (p: SiteAlarmParameter) =>
  p.alarmType === c.alarmType && p.measurementTypeId === c.measurementTypeId;
const describe = (p: SiteAlarmParameter) =>
  `${p.alarmParameterTemplateName ?? 'Custom'}: ${p.detail.calculationMethod === null ? '' : `${Aggregation.label(p.detail.calculationMethod)} `}≥ ${p.detail.hiThreshold ?? '—'}`;

type Dialog =
  | { kind: 'edit'; siteId: number; column: Column }
  | { kind: 'templates' }
  | { kind: 'history'; parameter: SiteAlarmParameter; siteName: string };

export default function AlarmParametersPage() {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const { data, isPending, error, refetch, dataUpdatedAt } = useSiteAlarmParameters(organizationId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const anyWarnings = (data ?? []).some((r) => r.alarmParameterWarnings.length > 0);

  const columns = useMemo<GridColumn<SiteAlarmParametersRow>[]>(() => {
    const rows = data ?? [];
    const used = (c: Column) =>
      c.alarmType === AlarmType.values.SiteRate ||
      rows.some((r) => r.sensors.includes(c.measurementTypeId) || r.alarmParameters.some(inColumn(c)));
    const cell = (c: Column): GridColumn<SiteAlarmParametersRow> => ({
      id: `${c.alarmType}-${c.measurementTypeId}`,
      header:
        c.alarmType === AlarmType.values.SiteRate ? 'Emission Rate' : columnTitle(c.alarmType, c.measurementTypeId),
      value: (r) =>
        r.alarmParameters
          .filter(inColumn(c))
          .filter((p) => p.status === SiteAlarmParameterStatus.values.On)
          .map(describe)
          .join('; '),
      width: 190,
      sortable: false,
      filterable: false,
      overflowVisible: true,
      cell: (r) => {
        const params = r.alarmParameters.filter(inColumn(c));
        const on = params.filter((p) => p.status === SiteAlarmParameterStatus.values.On);
        const label = `${c.alarmType === AlarmType.values.SiteRate ? 'Emission Rate' : columnTitle(c.alarmType, c.measurementTypeId)} parameters of ${r.siteName}`;
        return (
          <span className="flex items-start gap-1">
            <span className="grid grow gap-0.5 text-xs">
              {on.length === 0 ? (
                <span className="text-base-content/70">{params.length ? `${params.length} off` : 'None'}</span>
              ) : null}
              {on.map((p) => (
                <span key={p.id} className="flex items-center gap-1">
                  {p.warnings.length > 0 && (
                    <span className="tooltip tooltip-right" data-tip={p.warnings.join(' ')}>
                      <span
                        className="badge badge-xs badge-warning"
                        role="img"
                        aria-label={`Warning: ${p.warnings.join(' ')}`}
                      >
                        !
                      </span>
                    </span>
                  )}
                  <button
                    type="button"
                    className="link link-hover text-left"
                    onClick={() => setDialog({ kind: 'history', parameter: p, siteName: r.siteName })}
                    aria-label={`History of ${describe(p)} at ${r.siteName}`}
                  >
                    {describe(p)}
                  </button>
                </span>
              ))}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDialog({ kind: 'edit', siteId: r.siteId, column: c })}
              aria-label={`Edit ${label}`}
            >
              Edit
            </button>
          </span>
        );
      },
    });
    return [
      { id: 'siteName', header: 'Site', value: (r) => r.siteName, hideable: false, width: 170 },
      { id: 'businessUnit', header: 'Business Unit', value: (r) => r.businessUnit, width: 130 },
      { id: 'assetArea', header: 'Asset/Area', value: (r) => r.assetArea, width: 110 },
      { id: 'groups', header: 'Groups', value: (r) => r.siteGroups.join(', '), hiddenByDefault: true },
      ...COLUMNS.filter(used).map(cell),
    ];
  }, [data]);

  return (
    <>
      <PageHeader title="Site Alarm Parameters">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ kind: 'templates' })}>
          Alarm Parameter Templates
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4">
        {anyWarnings && (
          <p className="alert alert-warning py-2 text-sm" role="status">
            {WARNINGS.banner}
          </p>
        )}
        <DataGrid
          label="Site alarm parameters"
          gridKey="SiteAlarmParametersColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={(r) => String(r.siteId)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          searchPlaceholder="Search sites"
          emptyText="This organization has no sites yet."
          exportName="SiteAlarmParameters"
          rowHeight={64}
        />
      </div>
      {dialog?.kind === 'edit' && (
        <EditParametersDialog
          organizationId={organizationId}
          siteId={dialog.siteId}
          alarmType={dialog.column.alarmType}
          measurementTypeId={dialog.column.measurementTypeId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'templates' && (
        <TemplatesDialog organizationId={organizationId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'history' && (
        <ParameterHistoryDialog
          organizationId={organizationId}
          of={{ kind: 'parameter', id: dialog.parameter.id }}
          title={`Alarm Parameter History: ${dialog.siteName}`}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
