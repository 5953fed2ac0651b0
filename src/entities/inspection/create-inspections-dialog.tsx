// Create Inspections and Load Aerial KMZ (spec 3 §2, §5 'Bulk create of inspections', §8): drafts added by hand or
// read from a KMZ in the browser's worker, each valid or invalid with its problems and selectable; only valid, selected
// drafts can be created, all in one call. A 400 marks the matching drafts invalid with the server's messages.
import { useRef, useState } from 'react';
import { fileJobs } from '@/compute/file-jobs';
import { INSPECTION_MESSAGES, type InspectionInput } from '@/domain/inspection';
import { KMZ_FILE_REQUIRED, type ParseSummary } from '@/domain/inspection-kmz';
import { Modal } from '../../ui/modal';
import { DraftInspectionDialog } from './inspection-dialog';
import { draftInput } from './inspection-drafts';
import { InspectionDraftsTable } from './inspection-drafts-table';
import { useCreateInspections } from './use-create-inspections';
import { InlineAlert } from '@/ui/form/form-alert';

export function CreateInspectionsDialog({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const c = useCreateInspections(organizationId, onClose);
  return (
    <Modal open title="Create Inspections" onClose={onClose} wide>
      <div className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline" onClick={c.addByHand}>
            Add Inspection
          </button>
          <button type="button" className="btn btn-sm btn-outline" onClick={c.openKmz}>
            Load Aerial KMZ
          </button>
        </div>
        {c.general && (
          <p className="alert alert-error py-2" role="alert">
            {c.general}
          </p>
        )}
        {c.rows.length === 0 ? (
          <p className="rounded border border-dashed border-base-300 p-6 text-center text-sm text-base-content/70">
            No inspections yet. Add one, or load an aerial KMZ.
          </p>
        ) : (
          <InspectionDraftsTable
            rows={c.rows}
            allSelected={c.allSelected}
            labelOf={c.labelOf}
            onSelectAll={c.selectAll}
            onSelect={c.select}
            onEdit={c.edit}
            onRemove={c.remove}
          />
        )}
        {c.someInvalid && <InlineAlert tone="warning">{INSPECTION_MESSAGES.someInvalid}</InlineAlert>}
        <CreateInspectionsActions
          selectedCount={c.selectedCount}
          total={c.rows.length}
          creating={c.creating}
          canCreate={c.canCreate}
          onCancel={onClose}
          onCreate={c.createSelected}
        />
      </div>
      {c.editing && (
        <DraftInspectionDialog
          organizationId={organizationId}
          draft={c.editing === 'new' ? null : c.editing.input}
          onSave={c.saveEditing}
          onClose={c.stopEditing}
        />
      )}
      {c.loadingKmz && <LoadKmzDialog onLoaded={c.addLoaded} onClose={c.closeKmz} />}
    </Modal>
  );
}

/** How many drafts are selected, Cancel, and Create with the count (a spinner while creating). */
function CreateInspectionsActions({
  selectedCount,
  total,
  creating,
  canCreate,
  onCancel,
  onCreate,
}: {
  selectedCount: number;
  total: number;
  creating: boolean;
  canCreate: boolean;
  onCancel: () => void;
  onCreate: () => void;
}) {
  return (
    <div className="modal-action items-center">
      <span className="grow text-sm text-base-content/70">{`${selectedCount} of ${total} selected`}</span>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" disabled={!canCreate} onClick={onCreate}>
        {creating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {selectedCount > 0 ? `Create ${selectedCount}` : 'Create'}
      </button>
    </div>
  );
}

type KmzStage =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: number }
  | { kind: 'failed'; messages: string[] }
  | { kind: 'loaded'; count: number; summary: ParseSummary };

/** Load Aerial KMZ: reads the file in a worker with progress; errors block loading; once loaded, Cancel becomes Close. */
function LoadKmzDialog({
  onLoaded,
  onClose,
}: {
  onLoaded: (drafts: { origin: string; inputs: InspectionInput[] }) => void;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<KmzStage>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const job = useRef<AbortController | null>(null);

  async function load() {
    if (!file) return setFileError(KMZ_FILE_REQUIRED);
    setFileError(null);
    const controller = new AbortController();
    job.current = controller;
    setStage({ kind: 'reading', progress: 0 });
    try {
      const read = await fileJobs.readInspectionKmz(file, {
        signal: controller.signal,
        onProgress: (p) => setStage({ kind: 'reading', progress: p }),
      });
      if (read.parseSummary.errorMessages.length > 0)
        return setStage({ kind: 'failed', messages: read.parseSummary.errorMessages });
      onLoaded({ origin: file.name, inputs: read.inspections.map(draftInput) });
      setStage({ kind: 'loaded', count: read.inspections.length, summary: read.parseSummary });
    } catch (e) {
      if (controller.signal.aborted) return;
      setStage({ kind: 'failed', messages: [e instanceof Error ? e.message : String(e)] });
    }
  }
  const close = () => {
    job.current?.abort();
    onClose();
  };
  const loaded = stage.kind === 'loaded';
  return (
    <Modal open title="Load Aerial KMZ" onClose={close}>
      <div className="grid gap-3">
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">KMZ file</span>
          <input
            type="file"
            accept=".kmz,application/vnd.google-earth.kmz"
            className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
            disabled={stage.kind === 'reading' || loaded}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(null);
              setStage({ kind: 'idle' });
            }}
          />
          {fileError && <span className="mt-1 text-xs text-error">{fileError}</span>}
        </label>
        {stage.kind === 'reading' && (
          <progress
            className="progress progress-primary w-full"
            value={stage.progress}
            max={1}
            aria-label="Reading progress"
          />
        )}
        {stage.kind === 'failed' && (
          <div className="alert alert-error py-2 text-sm" role="alert">
            <ul>
              {stage.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {loaded && (
          <div className="alert alert-success py-2 text-sm" role="status">
            <ul>
              <li>{`${stage.count} inspection(s) loaded. Complete them in the list before creating.`}</li>
              {[...stage.summary.warningMessages, ...stage.summary.infoMessages].map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {loaded ? 'Close' : 'Cancel'}
          </button>
          {!loaded && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={stage.kind === 'reading'}
              onClick={() => void load()}
            >
              {stage.kind === 'reading' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Load
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
