// CH4 Emission Targets (spec 3 §2, §5, §7, §8; EmissionTargetEdit): every site with its monthly target, 'Has Target'
// and 'No Target', the template (the sites with their current targets), the CSV upload read in the CSV worker and
// applied every row or none, each row's history and delete.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callEndpointBytes, endpointKey, endpointQuery, uploadToEndpoint } from '@/api/endpoint-client';
import {
  bulkUpsertEmissionTargetsEndpoint,
  deleteEmissionTargetEndpoint,
  emissionTargetListEndpoint,
  emissionTargetTemplateEndpoint,
  emissionTotalsEndpoint,
  type EmissionTargetRow,
} from '@/contracts/emission';
import { EMISSION_TARGET_COLUMNS, EMISSION_TARGET_MESSAGES, HAS_TARGET, NO_TARGET } from '@/domain/emission-target';
import { AuditHistoryDialog } from '@/ui/audit-history-dialog';
import { CsvUploadFields, TemplateBar, UploadActions, useCsvUpload } from '@/ui/form/csv-upload';
import { DataGrid } from '@/ui/data-grid/data-grid';
import type { GridColumn, QuickFilter } from '@/ui/data-grid/types';
import { downloadText } from '@/ui/download';
import { ConfirmDialog, Modal } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useCh4Units, type Ch4Units } from '@/ui/hooks/use-ch4-units';

const HELP =
  "Columns: Site Name (as in this organization), Alias (not read), Effective From (YYYY-MM-DD; today when blank) and Target Volume Per Month in kilograms. Rows with neither a date nor a volume leave that site's target as it is.";

const QUICK: QuickFilter<EmissionTargetRow>[] = [
  {
    id: HAS_TARGET,
    label: HAS_TARGET,
    title: 'Sites with a target',
    predicate: (r) => r.targetVolumePerMonth !== null,
  },
  {
    id: NO_TARGET,
    label: NO_TARGET,
    title: 'Sites without a target',
    predicate: (r) => r.targetVolumePerMonth === null,
  },
];

function columns(units: Ch4Units): GridColumn<EmissionTargetRow>[] {
  return [
    { id: 'name', header: 'Site', value: (r) => r.name, hideable: false },
    { id: 'alias', header: 'Alias', value: (r) => r.alias },
    { id: 'effectiveFrom', header: 'Effective From', value: (r) => r.effectiveFrom },
    {
      id: 'targetVolumePerMonth',
      header: `Target per Month (${units.volumeLabel})`,
      kind: 'number',
      align: 'right',
      value: (r) =>
        r.targetVolumePerMonth === null ? null : Math.round(units.volume(r.targetVolumePerMonth) * 100) / 100,
    },
  ];
}

export function TargetsDialog({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const units = useCh4Units();
  const toast = useToast();
  const client = useQueryClient();
  const targets = useQuery(endpointQuery(emissionTargetListEndpoint, { query: { organizationId } }));
  const [uploading, setUploading] = useState(false);
  const [history, setHistory] = useState<EmissionTargetRow | null>(null);
  const [removing, setRemoving] = useState<EmissionTargetRow | null>(null);
  // Not awaited: the toast follows the server's answer at once and the lists refresh behind it (issue 25).
  const refresh = async () => {
    void client.invalidateQueries({
      queryKey: endpointKey(emissionTargetListEndpoint, { query: { organizationId } }),
    });
    // Targets feed the trend chart's target line.
    void client.invalidateQueries({ queryKey: endpointKey(emissionTotalsEndpoint) });
  };
  const remove = useMutation({
    mutationFn: (id: number) =>
      callEndpoint(deleteEmissionTargetEndpoint, { params: { id }, query: { organizationId } }),
    onSuccess: async () => {
      await refresh();
      toast(EMISSION_TARGET_MESSAGES.deleted, 'success');
      setRemoving(null);
    },
  });
  const template = async () => {
    const bytes = await callEndpointBytes(emissionTargetTemplateEndpoint, {
      accept: 'text/csv',
      query: { organizationId },
    });
    downloadText('EmissionTargetTemplate.csv', new TextDecoder().decode(bytes));
  };

  return (
    <Modal open title="CH4 Emission Targets" onClose={onClose} wide>
      <div className="grid gap-3">
        <DataGrid
          label="Emission targets"
          gridKey="EmissionTargetsColumnVisibility"
          columns={columns(units)}
          rows={targets.data}
          getRowId={(r) => String(r.siteId)}
          loading={targets.isPending}
          error={targets.isError ? { message: targets.error.message, retry: () => void targets.refetch() } : null}
          quickFilters={QUICK}
          searchPlaceholder="Search sites"
          height="22rem"
          toolbar={
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-sm btn-outline"
                onClick={() =>
                  void template().catch((e: unknown) => toast(e instanceof Error ? e.message : String(e), 'error'))
                }
              >
                Template
              </button>
              <button type="button" className="btn btn-sm btn-primary" onClick={() => setUploading(true)}>
                Upload
              </button>
            </div>
          }
          rowActions={(r) => (
            <div className="flex gap-1">
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => setHistory(r)}
                aria-label={`History of the target of ${r.name}`}
              >
                History
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs text-error"
                disabled={r.id === null}
                onClick={() => setRemoving(r)}
                aria-label={`Delete the target of ${r.name}`}
              >
                Delete
              </button>
            </div>
          )}
        />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      {uploading && (
        <TargetUploadDialog
          organizationId={organizationId}
          onTemplate={template}
          onDone={async (count) => {
            await refresh();
            toast(EMISSION_TARGET_MESSAGES.changed(count), 'success');
            setUploading(false);
          }}
          onClose={() => setUploading(false)}
        />
      )}
      {history && (
        <AuditHistoryDialog
          entity="emissionTarget"
          id={history.siteId}
          organizationId={organizationId}
          title={`Target history: ${history.name}`}
          onClose={() => setHistory(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete Emission Target"
        message={EMISSION_TARGET_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onConfirm={() => removing?.id && remove.mutate(removing.id)}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </Modal>
  );
}

function TargetUploadDialog({
  organizationId,
  onTemplate,
  onDone,
  onClose,
}: {
  organizationId: number;
  onTemplate: () => Promise<void>;
  onDone: (count: number) => Promise<void>;
  onClose: () => void;
}) {
  const upload = useCsvUpload(EMISSION_TARGET_COLUMNS);
  async function send() {
    const answer = await upload.send((file, onProgress) => {
      const form = new FormData();
      form.append('csvRecords', file, file.name);
      return uploadToEndpoint(bulkUpsertEmissionTargetsEndpoint, { params: { organizationId } }, form, {
        onProgress,
      });
    });
    if (answer) await onDone(answer.count);
  }
  return (
    <Modal open title="Upload CH4 Emission Targets" onClose={onClose} wide>
      <div className="grid gap-3">
        <TemplateBar
          help={HELP}
          note="The template lists your sites with their current targets."
          onTemplate={() =>
            void onTemplate().catch((e: unknown) => upload.setFileError(e instanceof Error ? e.message : String(e)))
          }
        />
        <CsvUploadFields upload={upload} />
        <UploadActions stage={upload.stage} onCancel={onClose} onUpload={() => void send()} />
      </div>
    </Modal>
  );
}
