// The Push API tab of /integrations (spec 3 §2 'Integrations'): the organization's push integrations with their
// 24-hour successes and failures; Add, Edit, Delete (confirmed), History (audit) and Execution History.
import { useState } from 'react';
import type { Integration } from '@/contracts/integration';
import { INTEGRATION_MESSAGES } from '@/domain/integration';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import { RowAction, RowActions } from '@/ui/data-grid/row-actions';
import { ConfirmDialog } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useDeleteIntegration, useIntegrations } from './push/api';
import { ExecutionHistoryDialog } from './push/execution-history-dialog';
import { INTEGRATION_COLUMNS } from './push/integration-columns';
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
        columns={INTEGRATION_COLUMNS}
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
          <RowActions>
            <RowAction label="Edit" name={`Edit ${r.name}`} onClick={() => setDialog({ kind: 'edit', row: r })} />
            <RowAction label="Delete" name={`Delete ${r.name}`} onClick={() => setDialog({ kind: 'delete', row: r })} />
            <RowAction
              label="History"
              name={`History of ${r.name}`}
              onClick={() => setDialog({ kind: 'history', row: r })}
            />
            <RowAction
              label="Execution History"
              name={`Execution history of ${r.name}`}
              onClick={() => setDialog({ kind: 'executions', row: r })}
            />
          </RowActions>
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
