// Sites screen (spec 1 §2): KPI tiles, Show Deleted, filter, CSV export of the filtered rows, delete/restore.
import { useMemo, useState } from 'react';
import type { SiteListRow } from '@/contracts/site';
import { toCsv } from '@/domain/csv';
import { AuditHistoryDialog } from '@/components/audit-history-dialog';
import { Permission } from '@/domain/permissions';
import { downloadText } from '@/components/download';
import { ConfirmDialog } from '@/components/modal';
import { GridFooter, LoadError } from '@/components/grid-parts';
import { PageHeader } from '@/components/page-header';
import { useHasPermission, useSession } from '@/components/session-context';
import { Spinner } from '@/components/spinner';
import { useToast } from '@/components/toasts';
import { useDeleteOrRestoreSite, useSites } from './api/sites';
import { SITE_COLUMNS, siteKpis } from './site-columns';

const DELETE_WARNING =
  'Deleting a site will remove it and any associated information from the dashboard. Emission volumes from this site will no longer appear in emission totals, the API, or CSV exports.';

export default function SitesPage() {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const canDelete = useHasPermission(Permission.SiteDeleteRestore);
  const [showDeleted, setShowDeleted] = useState(false);
  const [filter, setFilter] = useState('');
  const [confirming, setConfirming] = useState<{ site: SiteListRow; action: 'delete' | 'restore' } | null>(null);
  const [history, setHistory] = useState<SiteListRow | null>(null);
  const { data, isPending, error, refetch, dataUpdatedAt } = useSites(organizationId, showDeleted);
  const change = useDeleteOrRestoreSite();
  const toast = useToast();

  const columns = SITE_COLUMNS.filter((c) => showDeleted || !c.deletedOnly);
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (data ?? []).filter((s) => !q || s.name.toLowerCase().includes(q) || (s.alias ?? '').toLowerCase().includes(q) || (s.basin ?? '').toLowerCase().includes(q));
  }, [data, filter]);
  const kpis = siteKpis(data ?? []);

  async function confirm() {
    if (!confirming) return;
    try {
      await change.mutateAsync({ siteId: confirming.site.id, organizationId, action: confirming.action });
      toast(confirming.action === 'delete' ? 'Site deleted' : 'Site restored', 'success');
    } catch (e) {
      toast(e instanceof Error ? e.message : 'There was an unexpected error, please try again', 'error');
    }
    setConfirming(null);
  }

  return (
    <>
      <PageHeader title="Sites">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={showDeleted} onChange={(e) => setShowDeleted(e.target.checked)} />
          Show Deleted
        </label>
        <input className="input input-sm w-56" placeholder="Filter by name, alias or basin" aria-label="Filter sites" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={rows.length === 0}
          onClick={() => downloadText(`Sites-${organization!.name}.csv`, toCsv(columns.map((c) => c.header), rows.map((s) => columns.map((c) => c.value(s)))))}
        >
          Export CSV
        </button>
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
        <dl className="stats stats-horizontal w-fit border border-base-300">
          {(
            [
              ['Total', kpis.total],
              ['With Model On', kpis.withModelOn],
              ['With Devices', kpis.withDevices],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="stat px-6 py-3">
              <dt className="stat-title text-base-content/80">{label}</dt>
              <dd className="stat-value text-2xl tabular-nums">{isPending ? '–' : value}</dd>
            </div>
          ))}
        </dl>
        {isPending ? (
          <Spinner label="Loading sites" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} />
        ) : (
          <div className="rounded-box border border-base-300">
            <div className="max-h-[65vh] overflow-auto">
              <table className="table table-xs table-pin-rows">
                <thead className="bg-base-200 text-base-content">
                  <tr>
                    {columns.map((c) => (
                      <th key={c.header} scope="col" className={`whitespace-nowrap ${c.numeric ? 'text-right' : ''}`}>
                        {c.header}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 && (
                    <tr>
                      <td colSpan={columns.length + 1} className="py-6 text-center text-base-content/70">
                        {filter ? 'No site matches the filter.' : 'This organization has no sites yet.'}
                      </td>
                    </tr>
                  )}
                  {rows.map((s) => (
                    <tr key={s.id} className={s.deletedAt ? 'text-base-content/60 line-through' : ''}>
                      {columns.map((c) => (
                        <td key={c.header} className={`whitespace-nowrap ${c.numeric ? 'text-right tabular-nums' : ''}`} title={c.header === 'Devices' ? s.devices.join(', ') : undefined}>
                          {c.value(s)}
                        </td>
                      ))}
                      <td className="whitespace-nowrap text-right">
                        <button type="button" className="btn btn-ghost btn-xs no-underline" onClick={() => setHistory(s)} aria-label={`History of ${s.name}`}>
                          History
                        </button>
                        {canDelete && (
                          <button
                            type="button"
                            className={`btn btn-ghost btn-xs ${s.deletedAt ? '' : 'text-error'}`}
                            onClick={() => setConfirming({ site: s, action: s.deletedAt ? 'restore' : 'delete' })}
                            aria-label={`${s.deletedAt ? 'Restore' : 'Delete'} ${s.name}`}
                          >
                            {s.deletedAt ? 'Restore' : 'Delete'}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <GridFooter shown={rows.length} total={data?.length ?? 0} refreshedAt={dataUpdatedAt} />
          </div>
        )}
      </div>
      <AuditHistoryDialog entity="site" id={history?.id ?? null} organizationId={organizationId} title={`History of ${history?.name ?? ''}`} onClose={() => setHistory(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.action === 'delete' ? `Delete ${confirming.site.name}?` : `Restore ${confirming?.site.name ?? ''}?`}
        message={confirming?.action === 'delete' ? DELETE_WARNING : 'The site and its information return to the dashboard, emission totals, the API and CSV exports.'}
        confirmLabel={confirming?.action === 'delete' ? 'Delete' : 'Restore'}
        danger={confirming?.action === 'delete'}
        busy={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
