// Organization admin (spec 3 §2): grid, Show Deleted, Add Organization, CSV export of names, edit, delete/restore.
import { useMemo, useState } from 'react';
import type { Organization } from '@/contracts/organization';
import { toCsv } from '@/domain/csv';
import { AuditHistoryDialog } from '@/components/audit-history-dialog';
import { ConfirmDialog } from '@/components/modal';
import { downloadText } from '@/components/download';
import { GridFooter, LoadError } from '@/components/grid-parts';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toasts';
import { useDeleteOrRestoreOrganization, useOrganizations } from './api/organizations';
import { OrganizationDialog } from './organization-dialog';

export default function OrganizationsPage() {
  const [showDeleted, setShowDeleted] = useState(false);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ org: Organization; action: 'delete' | 'restore' } | null>(null);
  const [history, setHistory] = useState<Organization | null>(null);
  const { data, isPending, error, refetch, dataUpdatedAt } = useOrganizations(showDeleted);
  const change = useDeleteOrRestoreOrganization();
  const toast = useToast();

  const rows = useMemo(() => (data ?? []).filter((o) => o.name.toLowerCase().includes(filter.trim().toLowerCase())), [data, filter]);

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
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={showDeleted} onChange={(e) => setShowDeleted(e.target.checked)} />
          Show Deleted
        </label>
        <input className="input input-sm w-48" placeholder="Filter by name" aria-label="Filter by name" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button type="button" className="btn btn-sm btn-outline" disabled={rows.length === 0} onClick={() => downloadText('Organizations.csv', toCsv(['Name'], rows.map((o) => [o.name])))}>
          Export CSV
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
          Add Organization
        </button>
      </PageHeader>
      <div className="p-4">
        {isPending ? (
          <Spinner label="Loading organizations" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-base-content/70">{filter ? 'No organization matches the filter.' : 'There are no organizations yet.'}</p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-sm">
              <thead className="bg-base-200 text-base-content">
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Single sign-on</th>
                  <th scope="col">Domains</th>
                  <th scope="col" className="text-right">Users</th>
                  <th scope="col" className="text-right">Sites</th>
                  {showDeleted && <th scope="col">Deleted</th>}
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.id} className={o.deletedAt ? 'text-base-content/60 line-through' : ''}>
                    <td className="font-medium">{o.name}</td>
                    <td>{o.singleSignOnEnabled ? 'On' : 'Off'}</td>
                    <td className="max-w-64 truncate">{o.domains.join(', ')}</td>
                    <td className="text-right tabular-nums">{o.userCount}</td>
                    <td className="text-right tabular-nums">{o.siteCount}</td>
                    {showDeleted && <td>{o.deletedAt ? 'Yes' : 'No'}</td>}
                    <td className="whitespace-nowrap text-right no-underline">
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setHistory(o)} aria-label={`History of ${o.name}`}>
                        History
                      </button>
                      <button type="button" className="btn btn-ghost btn-xs" disabled={Boolean(o.deletedAt)} onClick={() => setEditing(o)} aria-label={`Edit ${o.name}`}>
                        Edit
                      </button>
                      {o.deletedAt ? (
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setConfirming({ org: o, action: 'restore' })} aria-label={`Restore ${o.name}`}>
                          Restore
                        </button>
                      ) : (
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setConfirming({ org: o, action: 'delete' })} aria-label={`Delete ${o.name}`}>
                          Delete
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <GridFooter shown={rows.length} total={data?.length ?? 0} refreshedAt={dataUpdatedAt} />
          </div>
        )}
      </div>
      {editing && <OrganizationDialog organization={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <AuditHistoryDialog entity="organization" id={history?.id ?? null} organizationId={history?.id ?? 0} title={`History of ${history?.name ?? ''}`} onClose={() => setHistory(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'delete' ? `Delete ${confirming.org.name}?` : `Restore ${confirming?.org.name ?? ''}?`}
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
