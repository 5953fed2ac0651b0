// Organization admin (spec 3 §2): grid, Show Deleted, Add Organization, CSV export, edit, history, delete/restore.
import { useMemo, useState } from 'react';
import type { Organization } from '@/contracts/organization';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { ConfirmDialog } from '@/ui/modal';
import { PageHeader } from '@/ui/page-header';
import { useToast } from '@/ui/toasts';
import { Toggle } from '@/ui/toggle';
import { useDeleteOrRestoreOrganization, useOrganizations } from './api/organizations';
import { OrganizationDialog } from './organization-dialog';

export default function OrganizationsPage() {
  const [showDeleted, setShowDeleted] = useState(false);
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ org: Organization; action: 'delete' | 'restore' } | null>(null);
  const [history, setHistory] = useState<Organization | null>(null);
  const { data, isPending, error, refetch, dataUpdatedAt } = useOrganizations(showDeleted);
  const change = useDeleteOrRestoreOrganization();
  const toast = useToast();

  const columns = useMemo<GridColumn<Organization>[]>(
    () => [
      { id: 'name', header: 'Name', value: (o) => o.name, hideable: false, width: 220 },
      { id: 'singleSignOn', header: 'Single sign-on', value: (o) => (o.singleSignOnEnabled ? 'On' : 'Off') },
      { id: 'domains', header: 'Domains', value: (o) => o.domains.join(', ') },
      { id: 'users', header: 'Users', kind: 'number', value: (o) => o.userCount },
      { id: 'sites', header: 'Sites', kind: 'number', value: (o) => o.siteCount },
      ...(showDeleted
        ? [{ id: 'deleted', header: 'Deleted', value: (o: Organization) => (o.deletedAt ? 'Yes' : 'No') }]
        : []),
    ],
    [showDeleted],
  );

  async function confirm() {
    if (!confirming) return;
    try {
      await change.mutateAsync({ id: confirming.org.id, action: confirming.action });
      toast(confirming.action === 'delete' ? 'Organization deleted' : 'Organization restored', 'success');
    } catch {
      toast('There was an unexpected error, please try again', 'error');
    }
    setConfirming(null);
  }

  return (
    <>
      <PageHeader title="Organizations">
        <Toggle label="Show Deleted" checked={showDeleted} onChange={setShowDeleted} />
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add Organization
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        <DataGrid
          label="Organizations"
          gridKey="OrganizationsColumnVisibility"
          columns={columns}
          rows={data}
          getRowId={(o) => String(o.id)}
          loading={isPending}
          error={error ? { message: error.message, retry: () => void refetch() } : null}
          refreshedAt={dataUpdatedAt}
          searchPlaceholder="Filter by name"
          emptyText="There are no organizations yet."
          exportName="Organizations"
          isDeleted={(o) => o.deletedAt !== null}
          rowActions={(o) => (
            <span className="inline-flex gap-0.5">
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => setHistory(o)}
                aria-label={`History of ${o.name}`}
              >
                History
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={Boolean(o.deletedAt)}
                onClick={() => setEditing(o)}
                aria-label={`Edit ${o.name}`}
              >
                Edit
              </button>
              {o.deletedAt ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => setConfirming({ org: o, action: 'restore' })}
                  aria-label={`Restore ${o.name}`}
                >
                  Restore
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  onClick={() => setConfirming({ org: o, action: 'delete' })}
                  aria-label={`Delete ${o.name}`}
                >
                  Delete
                </button>
              )}
            </span>
          )}
        />
      </div>
      {editing && (
        <OrganizationDialog organization={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <AuditHistoryDialog
        entity="organization"
        id={history?.id ?? null}
        organizationId={history?.id ?? 0}
        title={`History of ${history?.name ?? ''}`}
        onClose={() => setHistory(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.action === 'delete' ? `Delete ${confirming.org.name}?` : `Restore ${confirming?.org.name ?? ''}?`
        }
        message={
          confirming?.action === 'delete'
            ? 'Deleting an organization stops access for all its users, API keys, push integrations, alarms and the modelling pipeline. You can restore it later.'
            : 'Restoring the organization returns access to its users, API keys, push integrations, alarms and the modelling pipeline.'
        }
        confirmLabel={confirming?.action === 'delete' ? 'Delete' : 'Restore'}
        danger={confirming?.action === 'delete'}
        busy={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
