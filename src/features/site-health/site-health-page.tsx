// Site Health (spec 1 §2): model freshness colours, quick filters, devices tooltip table, auto-refresh, CSV export
// named SiteHealth, Add Site, and the row actions history, edit and delete/restore.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/endpoint-client';
import { siteHealthEndpoint } from '@/contracts/site-health';
import { Permission } from '@/domain/permissions';
import { DataGrid } from '@/ui/data-grid/data-grid';
import { PageHeader } from '@/ui/page-header';
import { PageToolbar } from '@/ui/page-toolbar';
import { useHasPermission, useSession } from '@/ui/session-context';
import { Toggle } from '@/ui/toggle';
import { SiteHealthDialogs, SiteRowActions, type SiteHealthDialog } from './site-health-actions';
import { siteHealthColumns, siteHealthQuickFilters } from './site-health-columns';

const REFRESH_MS = 60_000;

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
  const [dialog, setDialog] = useState<SiteHealthDialog | null>(null);
  const { data, isPending, error, refetch, dataUpdatedAt, isFetching } = useQuery({
    ...endpointQuery(siteHealthEndpoint, {
      query: { organizationId, ...(showDeleted ? { 'siteFilter.includeDeletedSites': true } : {}) },
    }),
    refetchInterval: REFRESH_MS,
  });

  const columns = useMemo(
    () => siteHealthColumns({ tz, format, canOpenDevice, internal, showDeleted }),
    [showDeleted, tz, format, canOpenDevice, internal],
  );
  // The quick filters are evaluated at the time of each refresh.
  const quickFilters = useMemo(() => siteHealthQuickFilters(dataUpdatedAt || Date.now()), [dataUpdatedAt]);

  return (
    <>
      <PageHeader title="Site Health">
        <PageToolbar
          filters={<Toggle label="Show Deleted" checked={showDeleted} onChange={setShowDeleted} />}
          actions={
            canAdd && (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() => setDialog({ kind: 'site', siteId: null })}
              >
                Add Site
              </button>
            )
          }
        />
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
            <SiteRowActions
              site={s}
              can={{ edit: canEdit, delete: canDelete, editDeployment: canEditDeployment }}
              onOpen={setDialog}
            />
          )}
        />
      </div>
      <SiteHealthDialogs dialog={dialog} organizationId={organizationId} onClose={() => setDialog(null)} />
    </>
  );
}
