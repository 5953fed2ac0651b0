// Site Health (spec 1 §2): model freshness colours, quick filters, devices tooltip table, auto-refresh, CSV export
// named SiteHealth, Add Site, and the row actions history, edit and delete/restore.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { endpointKey, endpointQuery } from '@/api/endpoint-client';
import { siteHealthEndpoint, type SiteHealthRow } from '@/contracts/site-health';
import { DeviceInstallationType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { matchesQuickFilter, modelFreshness, SITE_HEALTH_QUICK_FILTERS, type Freshness } from '@/domain/site-health';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { PageHeader } from '@/ui/page-header';
import { useHasPermission, useSession } from '@/ui/session-context';
import { SiteDeleteRestoreDialog } from '@/entities/site/site-delete-restore-dialog';
import { ModelPipelineDialog } from '@/entities/site/model-pipeline-dialog';
import { SiteDialog } from '@/entities/site/site-dialog';
import { TicketBadges } from '@/entities/ticket/ticket-badges';
import { SiteDashboardLink, SiteDeploymentLink } from '@/entities/site/site-links';

const REFRESH_MS = 60_000;
const BADGE: Record<Freshness, string> = {
  success: 'badge-success',
  warning: 'badge-warning',
  error: 'badge-error',
  disabled: 'badge-ghost',
};

function FreshnessCell({
  value,
  on,
  tz,
  format,
}: {
  value: string | null;
  on: boolean;
  tz: string;
  format: '12-hr' | '24-hr';
}) {
  const f = modelFreshness(value, on);
  const text = f === 'disabled' ? 'disabled' : value ? formatDateTime(value, tz, format) : 'Never';
  return <span className={`badge badge-sm whitespace-nowrap ${BADGE[f]}`}>{text}</span>;
}

function DevicesCell({
  site,
  tz,
  format,
  canOpenDevice,
}: {
  site: SiteHealthRow;
  tz: string;
  format: '12-hr' | '24-hr';
  canOpenDevice: boolean;
}) {
  if (site.devices.length === 0) return <span className="text-base-content/60">0</span>;
  return (
    <details className="dropdown">
      <summary
        className="btn btn-ghost btn-xs tabular-nums"
        aria-label={`${site.devices.length} devices at ${site.name}`}
      >
        {site.devices.length}
      </summary>
      <div className="dropdown-content z-30 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <table className="table table-xs">
          <thead className="text-base-content">
            <tr>
              <th scope="col">Device Name</th>
              <th scope="col">Latest CH4</th>
              <th scope="col">Latest Wind</th>
              <th scope="col">Quarantined</th>
            </tr>
          </thead>
          <tbody>
            {site.devices.map((d) => (
              <tr key={d.deviceName}>
                <td>
                  {canOpenDevice ? (
                    <Link className="link link-primary" to={`/device/${encodeURIComponent(d.deviceName)}`}>
                      {d.deviceName}
                    </Link>
                  ) : (
                    d.deviceName
                  )}
                </td>
                <td>{d.latestCH4Time ? formatDateTime(d.latestCH4Time, tz, format) : '—'}</td>
                <td>{d.latestWindTime ? formatDateTime(d.latestWindTime, tz, format) : '—'}</td>
                <td>{d.quarantinedAt ? DeviceInstallationType.label(d.deviceInstallationType) : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export default function SiteHealthPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const tz = user.userSettings.ianaTimezoneId;
  const format = user.userSettings.timeFormat;
  const canAdd = useHasPermission(Permission.SiteAdd);
  const canEdit = useHasPermission(Permission.SiteEdit);
  const canDelete = useHasPermission(Permission.SiteDeleteRestore);
  const canEditDeployment = useHasPermission(Permission.SiteDeploymentEdit);
  const canOpenDevice = useHasPermission(Permission.DeviceAdministration);
  // Provider staff see the tickets' primary symptoms (spec 2 §6).
  const internal = user.userDetails.isQubeUser;
  const [showDeleted, setShowDeleted] = useState(false);
  const [dialog, setDialog] = useState<
    | { kind: 'site'; siteId: number | null }
    | { kind: 'history' | 'delete' | 'restore' | 'startModel' | 'stopModel'; site: SiteHealthRow }
    | null
  >(null);
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch, dataUpdatedAt, isFetching } = useQuery({
    ...endpointQuery(siteHealthEndpoint, {
      query: { organizationId, ...(showDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
    }),
    refetchInterval: REFRESH_MS,
  });

  const columns = useMemo<GridColumn<SiteHealthRow>[]>(() => {
    const freshness = (pick: (s: SiteHealthRow) => string | null) => (s: SiteHealthRow) => (
      <FreshnessCell value={pick(s)} on={s.modellingPipeline.isOn} tz={tz} format={format} />
    );
    const list: GridColumn<SiteHealthRow>[] = [
      { id: 'name', header: 'Name', value: (s) => s.name, hideable: false, width: 180 },
      { id: 'alias', header: 'Alias', value: (s) => s.alias },
      { id: 'groups', header: 'Groups', value: (s) => s.siteGroups.join(', ') },
      { id: 'organization', header: 'Organization', value: (s) => s.organization },
      {
        id: 'sources',
        header: 'Sources',
        kind: 'number',
        align: 'right',
        value: (s) => s.emissionSourceCount,
        // Green when the site has sources to model, red when it has none (spec 1 §2).
        cell: (s) => (
          <span
            className={`badge badge-sm tabular-nums ${s.emissionSourceCount > 0 ? 'badge-success' : 'badge-error'}`}
          >
            {s.emissionSourceCount}
          </span>
        ),
        width: 90,
      },
      {
        id: 'devices',
        header: 'Devices',
        kind: 'number',
        overflowVisible: true,
        value: (s) => s.devices.length,
        cell: (s) => <DevicesCell site={s} tz={tz} format={format} canOpenDevice={canOpenDevice} />,
      },
      {
        id: 'quarantined',
        header: 'Quarantined',
        kind: 'number',
        value: (s) => s.devices.filter((d) => d.quarantinedAt).length,
        cell: (s) => {
          const n = s.devices.filter((d) => d.quarantinedAt).length;
          return n > 0 ? <span className="badge badge-sm badge-warning">{n}</span> : 0;
        },
      },
      {
        id: 'tickets',
        header: 'Support Tickets',
        value: (s) => s.freshdeskTickets.map((t) => t.id).join(' '),
        cell: (s) => <TicketBadges tickets={s.freshdeskTickets} />,
      },
      ...(internal
        ? [
            {
              id: 'symptomPrimary',
              header: 'Symptom Primary',
              value: (s: SiteHealthRow) => s.symptomPrimaryNames.join(', '),
            },
          ]
        : []),
      { id: 'modelOn', header: 'Model On/Off', value: (s) => (s.modellingPipeline.isOn ? 'On' : 'Off') },
      {
        id: 'modelBlocked',
        header: 'Model Blocked',
        // Why a model that is on does not advance (spec 3 §8: no emission sources, or an active device without recent data).
        value: (s) => (s.modellingPipeline.isBlocked ? (s.modellingPipeline.blockReason ?? 'Blocked') : ''),
        cell: (s) =>
          s.modellingPipeline.isBlocked ? (
            <span className="flex min-w-0 items-center gap-1" title={s.modellingPipeline.blockReason ?? undefined}>
              <span className="badge badge-sm badge-warning shrink-0">Blocked</span>
              <span className="truncate text-xs">{s.modellingPipeline.blockReason}</span>
            </span>
          ) : null,
        width: 240,
      },
      {
        id: 'modelLastRun',
        header: 'Model Last Run',
        kind: 'date',
        value: (s) => s.modellingPipeline.lastRunTime,
        cell: freshness((s) => s.modellingPipeline.lastRunTime),
        exportValue: (s) => s.modellingPipeline.lastRunTime,
      },
      {
        id: 'modelProcessedUpTo',
        header: 'Model Processed Up To',
        kind: 'date',
        value: (s) => s.modellingPipeline.processedUpTo,
        cell: freshness((s) => s.modellingPipeline.processedUpTo),
        exportValue: (s) => s.modellingPipeline.processedUpTo,
      },
    ];
    if (showDeleted) list.push({ id: 'deleted', header: 'Deleted', value: (s) => (s.deletedAt ? 'Yes' : 'No') });
    return list;
  }, [showDeleted, tz, format, canOpenDevice, internal]);

  // The quick filters of spec 1 §9, evaluated at the time of each refresh.
  const quickFilters = useMemo<QuickFilter<SiteHealthRow>[]>(() => {
    const now = dataUpdatedAt || Date.now();
    return SITE_HEALTH_QUICK_FILTERS.map((f) => ({
      id: f,
      label: f,
      predicate: (s: SiteHealthRow) =>
        matchesQuickFilter(
          f,
          {
            modellingPipelineIsOn: s.modellingPipeline.isOn,
            lastRunTime: s.modellingPipeline.lastRunTime,
            processedUpTo: s.modellingPipeline.processedUpTo,
          },
          now,
        ),
    }));
  }, [dataUpdatedAt]);

  return (
    <>
      <PageHeader title="Site Health">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="toggle toggle-sm"
            checked={showDeleted}
            onChange={(e) => setShowDeleted(e.target.checked)}
          />
          Show Deleted
        </label>
        {canAdd && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setDialog({ kind: 'site', siteId: null })}
          >
            Add Site
          </button>
        )}
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        <DataGrid
          label="Site health"
          gridKey="SiteHealthColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={(s) => String(s.id)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          quickFilters={quickFilters}
          searchPlaceholder="Search sites"
          emptyText="This organization has no sites yet."
          exportName="SiteHealth"
          isDeleted={(s) => s.deletedAt !== null}
          toolbar={
            <span className="text-xs text-base-content/70">
              {isFetching ? 'Refreshing…' : 'Refreshes every minute'}
            </span>
          }
          rowActions={(s) => (
            <span className="inline-flex gap-0.5">
              {!s.deletedAt && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => setDialog({ kind: s.modellingPipeline.isOn ? 'stopModel' : 'startModel', site: s })}
                  aria-label={`${s.modellingPipeline.isOn ? 'Stop' : 'Start'} the model of ${s.name}`}
                >
                  {s.modellingPipeline.isOn ? 'Stop Model' : 'Start Model'}
                </button>
              )}
              <SiteDashboardLink siteId={s.id} siteName={s.name} deleted={s.deletedAt !== null} />
              {canEditDeployment && !s.deletedAt && <SiteDeploymentLink siteId={s.id} siteName={s.name} />}
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => setDialog({ kind: 'history', site: s })}
                aria-label={`History of ${s.name}`}
              >
                History
              </button>
              {canEdit && !s.deletedAt && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => setDialog({ kind: 'site', siteId: s.id })}
                  aria-label={`Edit ${s.name}`}
                >
                  Edit
                </button>
              )}
              {canDelete && (
                <button
                  type="button"
                  className={`btn btn-ghost btn-xs ${s.deletedAt ? '' : 'text-error'}`}
                  onClick={() => setDialog({ kind: s.deletedAt ? 'restore' : 'delete', site: s })}
                  aria-label={`${s.deletedAt ? 'Restore' : 'Delete'} ${s.name}`}
                >
                  {s.deletedAt ? 'Restore' : 'Delete'}
                </button>
              )}
            </span>
          )}
        />
      </div>
      {dialog && (dialog.kind === 'startModel' || dialog.kind === 'stopModel') && (
        <ModelPipelineDialog
          site={{
            id: dialog.site.id,
            name: dialog.site.name,
            processedUpTo: dialog.site.modellingPipeline.processedUpTo,
          }}
          action={dialog.kind === 'startModel' ? 'start' : 'stop'}
          onClose={() => setDialog(null)}
          onAnswered={(isOn) => {
            // The row shows the answer at once; the refetch behind it brings the rest.
            const id = dialog.site.id;
            queryClient.setQueriesData<SiteHealthRow[]>(
              { queryKey: endpointKey(siteHealthEndpoint, { query: { organizationId } }) },
              (rows) =>
                rows?.map((r) => (r.id === id ? { ...r, modellingPipeline: { ...r.modellingPipeline, isOn } } : r)),
            );
          }}
        />
      )}
      {dialog?.kind === 'site' && <SiteDialog siteId={dialog.siteId} onClose={() => setDialog(null)} />}
      <AuditHistoryDialog
        entity="site"
        id={dialog?.kind === 'history' ? dialog.site.id : null}
        organizationId={organizationId}
        title={`History of ${dialog?.kind === 'history' ? dialog.site.name : ''}`}
        onClose={() => setDialog(null)}
      />
      {dialog && (dialog.kind === 'delete' || dialog.kind === 'restore') && (
        <SiteDeleteRestoreDialog
          site={dialog.site}
          action={dialog.kind}
          organizationId={organizationId}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
