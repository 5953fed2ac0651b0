// The Push API tab of /integrations (spec 3 §2 'Integrations'): the organization's push integrations with their
// 24-hour successes and failures; Add, Edit, Delete (confirmed), History (audit) and Execution History.
import { useMemo, useState } from 'react';
import type { Integration } from '@/contracts/integration';
import { enabledLabel, INTEGRATION_MESSAGES, IntegrationDataType } from '@/domain/integration';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { ConfirmDialog } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useDeleteIntegration, useIntegrations } from './push/api';
import { ExecutionHistoryDialog } from './push/execution-history-dialog';
import { IntegrationDialog } from './push/integration-dialog';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; row: Integration }
  | { kind: 'delete'; row: Integration }
  | { kind: 'history'; row: Integration }
  | { kind: 'executions'; row: Integration };

export function PushApiTab({ organizationId }: { organizationId: number }) {
  const toast = useToast();
  const { data, isPending, error, refetch, dataUpdatedAt } = useIntegrations(organizationId);
  const remove = useDeleteIntegration();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const close = () => {
    setDialog(null);
    setDeleteError(null);
  };

  const columns = useMemo<GridColumn<Integration>[]>(
    () => [
      { id: 'name', header: 'Name', value: (r) => r.name, hideable: false, width: 170 },
      {
        id: 'dataType',
        header: 'Data Type',
        value: (r) => IntegrationDataType.label(r.dataType),
        filterOptions: IntegrationDataType.options.map((o) => o.label),
        width: 120,
      },
      {
        id: 'enabled',
        header: 'Enabled',
        value: (r) => enabledLabel(r.enabled),
        filterOptions: ['Yes', 'No'],
        width: 80,
      },
      {
        id: 'siteGroups',
        header: 'Site Groups',
        value: (r) => (r.siteGroupNames.length ? r.siteGroupNames.join(', ') : 'All sites'),
        hiddenByDefault: true,
      },
      {
        id: 'lastTwentyFourHourSuccessCount',
        header: 'Successes (24 h)',
        kind: 'number',
        align: 'right',
        value: (r) => r.lastTwentyFourHourSuccessCount,
        filterable: false,
        width: 115,
      },
      {
        id: 'lastTwentyFourHourFailureCount',
        header: 'Failures (24 h)',
        kind: 'number',
        align: 'right',
        value: (r) => r.lastTwentyFourHourFailureCount,
        filterable: false,
        cell: (r) => (
          <span className={r.lastTwentyFourHourFailureCount > 0 ? 'font-semibold text-error' : ''}>
            {r.lastTwentyFourHourFailureCount}
          </span>
        ),
        width: 110,
      },
      {
        id: 'requestUrl',
        header: 'URL',
        value: (r) => r.requestUrl,
        width: 280,
        cell: (r) => (
          <span className="block truncate font-mono text-xs" title={r.requestUrl}>
            {r.requestUrl}
          </span>
        ),
      },
    ],
    [],
  );

  async function confirmDelete(row: Integration) {
    setDeleteError(null);
    try {
      await remove.mutateAsync({ organizationId, integrationId: row.id });
      toast(INTEGRATION_MESSAGES.deleted, 'success');
      close();
    } catch (e) {
      setDeleteError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] p-4">
      <DataGrid
        label="Push integrations"
        gridKey="PushIntegrationsColumnVisibility"
        columns={columns}
        rows={data}
        getRowId={(r) => String(r.id)}
        loading={isPending}
        error={error ? { message: error.message, retry: () => void refetch() } : null}
        refreshedAt={dataUpdatedAt}
        searchPlaceholder="Search integrations"
        emptyText={INTEGRATION_MESSAGES.noIntegrations}
        exportName="PushIntegrations"
        toolbar={
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            Add Integration
          </button>
        }
        rowActions={(r) => (
          <span className="inline-flex gap-0.5">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDialog({ kind: 'edit', row: r })}
              aria-label={`Edit ${r.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDialog({ kind: 'delete', row: r })}
              aria-label={`Delete ${r.name}`}
            >
              Delete
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDialog({ kind: 'history', row: r })}
              aria-label={`History of ${r.name}`}
            >
              History
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setDialog({ kind: 'executions', row: r })}
              aria-label={`Execution history of ${r.name}`}
            >
              Execution History
            </button>
          </span>
        )}
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <IntegrationDialog
          organizationId={organizationId}
          integrationId={dialog.kind === 'edit' ? dialog.row.id : null}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title="Delete Integration"
          message={INTEGRATION_MESSAGES.deleteConfirm(dialog.row.name)}
          confirmLabel="Delete"
          danger
          busy={remove.isPending}
          error={deleteError}
          onConfirm={() => void confirmDelete(dialog.row)}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'history' && (
        <AuditHistoryDialog
          entity="integration"
          id={dialog.row.id}
          organizationId={organizationId}
          title={`History: ${dialog.row.name}`}
          onClose={close}
        />
      )}
      {dialog?.kind === 'executions' && (
        <ExecutionHistoryDialog
          organizationId={organizationId}
          integration={dialog.row}
          onClose={() => {
            close();
            // What the history showed may be newer than the list's 24-hour counts.
            void refetch();
          }}
        />
      )}
    </div>
  );
}
