// Sites screen (spec 1 §2): KPI tiles, the shared grid with row selection, Show Deleted, Add Site, Bulk Add/Edit,
// the Groups menu, CSV export of the filtered rows, and per-row edit, access details, history, delete/restore.
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SiteListRow } from '@/contracts/site';
import { Permission } from '@/domain/permissions';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import { RowAction, RowActions } from '@/ui/data-grid/row-actions';
import { KpiTiles } from '@/ui/kpi-tiles';
import { PageHeader } from '@/ui/page-header';
import { AccessDialog } from '@/entities/site/access-dialog';
import { SiteDeleteRestoreDialog } from '@/entities/site/site-delete-restore-dialog';
import { SiteDialog } from '@/entities/site/site-dialog';
import { SiteDashboardLink, SiteDeploymentLink } from '@/entities/site/site-links';
import { useHasPermission, useSession } from '@/ui/session-context';
import { Toggle } from '@/ui/toggle';
import { useSites } from './api/sites';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { GroupsMenu } from './groups-popover';
import { ManageGroupsDialog } from './manage-groups-dialog';
import { siteColumns, siteKpis } from './site-columns';

type Dialog =
  | { kind: 'site'; siteId: number | null }
  | { kind: 'access'; site: SiteListRow }
  | { kind: 'history'; site: SiteListRow }
  | { kind: 'confirm'; site: SiteListRow; action: 'delete' | 'restore' }
  | { kind: 'groups' }
  | { kind: 'bulk' }
  | null;

export default function SitesPage() {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const canAdd = useHasPermission(Permission.SiteAdd);
  const canEdit = useHasPermission(Permission.SiteEdit);
  const canDelete = useHasPermission(Permission.SiteDeleteRestore);
  const canEditDeployment = useHasPermission(Permission.SiteDeploymentEdit);
  const canBulk = useHasPermission(Permission.BulkSiteAddEdit);
  const [showDeleted, setShowDeleted] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const shown = useRef<readonly SiteListRow[]>([]);
  const onRowsChange = useCallback((rows: readonly SiteListRow[]) => {
    shown.current = rows;
  }, []);
  const { data, isPending, error, refetch, dataUpdatedAt } = useSites(organizationId, showDeleted);
  const columns = useMemo(() => siteColumns(showDeleted), [showDeleted]);
  const kpis = siteKpis(data ?? []);
  const selectedSites = useMemo(() => (data ?? []).filter((s) => selected.has(String(s.id))), [data, selected]);

  return (
    <>
      <PageHeader title="Sites">
        <Toggle label="Show Deleted" checked={showDeleted} onChange={setShowDeleted} />
        {canAdd && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setDialog({ kind: 'site', siteId: null })}
          >
            Add Site
          </button>
        )}
        {canBulk && (
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setDialog({ kind: 'bulk' })}>
            Bulk Add/Edit Sites
          </button>
        )}
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
        <KpiTiles
          loading={isPending}
          tiles={[
            ['Total', kpis.total],
            ['With Model On', kpis.withModelOn],
            ['With Devices', kpis.withDevices],
          ]}
        />
        <DataGrid
          label="Sites"
          gridKey="SitesColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={(s) => String(s.id)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          emptyText="This organization has no sites yet."
          searchPlaceholder="Search sites"
          selection={canEdit ? { selected, onChange: setSelected, canSelect: (s) => s.deletedAt === null } : undefined}
          isDeleted={(s) => s.deletedAt !== null}
          exportName={`Sites-${organization!.name}`}
          onRowsChange={onRowsChange}
          toolbar={
            canEdit && (
              <GroupsMenu
                organizationId={organizationId}
                selected={selectedSites}
                onManage={() => setDialog({ kind: 'groups' })}
                onApplied={() => setSelected(new Set())}
              />
            )
          }
          rowActions={(s) => (
            <SiteRowActions
              site={s}
              canEdit={canEdit}
              canDelete={canDelete}
              canEditDeployment={canEditDeployment}
              onDialog={setDialog}
            />
          )}
        />
      </div>
      {dialog?.kind === 'site' && <SiteDialog siteId={dialog.siteId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'access' && <AccessDialog site={dialog.site} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'groups' && (
        <ManageGroupsDialog organizationId={organizationId} canEdit={canEdit} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkUploadDialog
          organizationId={organizationId}
          templateSites={() => shown.current}
          onClose={() => setDialog(null)}
        />
      )}
      <AuditHistoryDialog
        entity="site"
        id={dialog?.kind === 'history' ? dialog.site.id : null}
        organizationId={organizationId}
        title={`History of ${dialog?.kind === 'history' ? dialog.site.name : ''}`}
        onClose={() => setDialog(null)}
      />
      {dialog?.kind === 'confirm' && (
        <SiteDeleteRestoreDialog
          site={dialog.site}
          action={dialog.action}
          organizationId={organizationId}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** A site's actions: dashboard and deployment links, Edit and Access (live sites), History, Delete or Restore. */
function SiteRowActions({
  site: s,
  canEdit,
  canDelete,
  canEditDeployment,
  onDialog,
}: {
  site: SiteListRow;
  canEdit: boolean;
  canDelete: boolean;
  canEditDeployment: boolean;
  onDialog: (dialog: Dialog) => void;
}) {
  const live = s.deletedAt === null;
  return (
    <RowActions>
      <SiteDashboardLink siteId={s.id} siteName={s.name} deleted={!live} />
      {canEditDeployment && live && <SiteDeploymentLink siteId={s.id} siteName={s.name} />}
      {canEdit && live && (
        <>
          <RowAction label="Edit" name={`Edit ${s.name}`} onClick={() => onDialog({ kind: 'site', siteId: s.id })} />
          <RowAction
            label="Access"
            name={`Access details of ${s.name}`}
            onClick={() => onDialog({ kind: 'access', site: s })}
          />
        </>
      )}
      <RowAction label="History" name={`History of ${s.name}`} onClick={() => onDialog({ kind: 'history', site: s })} />
      {canDelete && (
        <RowAction
          label={live ? 'Delete' : 'Restore'}
          name={`${live ? 'Delete' : 'Restore'} ${s.name}`}
          className={live ? 'text-error' : ''}
          onClick={() => onDialog({ kind: 'confirm', site: s, action: live ? 'delete' : 'restore' })}
        />
      )}
    </RowActions>
  );
}
