// Pull API tab (spec 3 §2 'Integrations'): the organization's API keys with Create, Edit, Delete and History, and
// the API Documentation.
import { useMemo, useState } from 'react';
import type { ApiKey } from '@/contracts/api-key';
import { API_KEY_MESSAGES, apiKeySitesLabel, yesNo } from '@/domain/api-key';
import { API_ENDPOINT_CATEGORIES } from '@/domain/enums';
import { unitById } from '@/domain/units';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn } from '@/ui/data-grid/types';
import { formErrorsOf } from '@/ui/form/form-errors';
import { ConfirmDialog } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useApiKeys, useDeleteApiKey } from './api';
import { ApiDocumentationDialog } from './api-documentation-dialog';
import { ApiKeyDialog } from './api-key-dialog';

const unitsLabel = (k: ApiKey) =>
  [k.ch4RateDisplayUnitId, k.ch4VolumeDisplayUnitId, k.speedDisplayUnitId]
    .map((id) => unitById(id)?.label ?? '')
    .join(', ');

const COLUMNS: GridColumn<ApiKey>[] = [
  { id: 'name', header: 'Name', value: (k) => k.name, hideable: false },
  { id: 'key', header: 'Key', value: (k) => `${k.keyPrefix}…`, hiddenByDefault: true },
  { id: 'enabled', header: 'Enabled', value: (k) => yesNo(k.enabled), filterOptions: ['Yes', 'No'] },
  {
    id: 'apiEndpoints',
    header: 'API Endpoints',
    value: (k) => k.apiEndpoints.join(', '),
    // Every category reads as 'All' so the row stays short; the CSV and the tooltip keep the list.
    cell: (k) => (
      <span title={k.apiEndpoints.join(', ')}>
        {k.apiEndpoints.length === API_ENDPOINT_CATEGORIES.length ? 'All' : k.apiEndpoints.join(', ')}
      </span>
    ),
    width: 220,
  },
  { id: 'sites', header: 'Sites', value: (k) => apiKeySitesLabel(k) },
  {
    id: 'highFrequency',
    header: 'High Frequency Data',
    value: (k) => yesNo(k.canAccessHighFrequencyData),
    hiddenByDefault: true,
  },
  { id: 'units', header: 'Units', value: unitsLabel },
  { id: 'createdAt', header: 'Created', kind: 'date', value: (k) => new Date(k.createdAt) },
  { id: 'lastUsedAt', header: 'Last Used', kind: 'date', value: (k) => (k.lastUsedAt ? new Date(k.lastUsedAt) : null) },
];

export function PullApiTab({ organizationId }: { organizationId: number }) {
  const keys = useApiKeys(organizationId);
  const remove = useDeleteApiKey(organizationId);
  const toast = useToast();
  const [editing, setEditing] = useState<ApiKey | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [history, setHistory] = useState<ApiKey | null>(null);
  const [docs, setDocs] = useState(false);
  const columns = useMemo(() => COLUMNS, []);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      toast(API_KEY_MESSAGES.deleted, 'success');
      setDeleting(null);
    } catch (error) {
      setDeleteError(formErrorsOf(error).general ?? 'There was an unexpected error, please try again');
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] p-4">
      <DataGrid
        label="API keys"
        gridKey="ApiKeysColumnVisibility"
        columns={columns}
        rows={keys.data}
        getRowId={(k) => String(k.id)}
        loading={keys.isPending}
        error={keys.isError ? { message: keys.error.message, retry: () => void keys.refetch() } : null}
        refreshedAt={keys.dataUpdatedAt}
        searchPlaceholder="Filter by name"
        emptyText={API_KEY_MESSAGES.noKeys}
        exportName="ApiKeys"
        toolbar={
          <span className="inline-flex gap-2">
            <button type="button" className="btn btn-sm" onClick={() => setDocs(true)}>
              API Documentation
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
              Create API Key
            </button>
          </span>
        }
        rowActions={(k) => (
          <span className="inline-flex gap-0.5">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setHistory(k)}
              aria-label={`History of ${k.name}`}
            >
              History
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setEditing(k)}
              aria-label={`Edit ${k.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs text-error"
              onClick={() => setDeleting(k)}
              aria-label={`Delete ${k.name}`}
            >
              Delete
            </button>
          </span>
        )}
      />
      {editing && (
        <ApiKeyDialog
          organizationId={organizationId}
          apiKey={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <AuditHistoryDialog
        entity="apiKey"
        id={history?.id ?? null}
        organizationId={organizationId}
        title={`History of ${history?.name ?? ''}`}
        onClose={() => setHistory(null)}
      />
      <ApiDocumentationDialog open={docs} onClose={() => setDocs(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete API key"
        message={API_KEY_MESSAGES.deleteConfirm(deleting?.name ?? '')}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </div>
  );
}
