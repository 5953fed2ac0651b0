// Create Inspections and Load Aerial KMZ (spec 3 §2, §5 'Bulk create of inspections', §8): drafts added by hand or
// read from a KMZ in the browser's worker, each valid or invalid with its problems and selectable; only valid, selected
// drafts can be created, all in one call. A 400 marks the matching drafts invalid with the server's messages.
import { useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR } from '@/api/client';
import { fileJobs } from '@/compute/file-jobs';
import type { InspectionSites } from '@/contracts/inspection';
import { KMZ_FILE_REQUIRED, type InspectionDraft, type ParseSummary } from '@/domain/inspection-kmz';
import {
  bulkErrorsByIndex,
  INSPECTION_MESSAGES,
  InspectionType,
  inputProblems,
  inspectionTypeLabel,
  type InspectionInput,
} from '@/domain/inspection';
import { formatDateTime } from '@/domain/format';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useBulkCreateInspections, useInspectionSites } from './api';
import { DraftInspectionDialog } from './inspection-dialog';
import { bytesToBase64 } from './use-inspection-form';

interface Draft {
  key: number;
  origin: string;
  input: InspectionInput;
  selected: boolean;
  /** Messages of the last create's 400, until the draft is edited. */
  serverErrors: Record<string, string>;
}

const FIELD_LABELS: Record<string, string> = {
  siteId: 'Site',
  type: 'Type',
  time: 'Inspection Date',
  detectionFound: 'Detection Found',
  emissionRate: 'Emission Rate',
  emissionConcentration: 'Emission Concentration',
  locationLatLng: 'Location',
  sourceId: 'Source',
  surveyType: 'Survey Type',
  inspectedByUserId: 'Inspected By',
  thirdPartyInspectionId: 'Third Party Inspection Id',
  description: 'Description',
  northEastCornerLocationLatLng: 'North-East Corner',
  southWestCornerLocationLatLng: 'South-West Corner',
  image: 'Image',
  '': 'Inspection',
};

function problemsOf(d: Draft): string[] {
  const all = { ...inputProblems(d.input), ...d.serverErrors };
  return Object.entries(all).map(([field, message]) => `${FIELD_LABELS[field] ?? field}: ${message}`);
}

const latLng = (p: { lat: number; lng: number } | null) => (p ? `${p.lat},${p.lng}` : '');

/** A KMZ draft as an inspection to complete: Aerial, detection found, its place, corners, image and description. */
export function draftInput(d: InspectionDraft): InspectionInput {
  return {
    id: null,
    siteId: null,
    type: InspectionType.Aerial,
    time: d.time,
    detectionFound: true,
    emissionRate: null,
    emissionConcentration: null,
    locationLatLng: latLng(d.location),
    sourceId: null,
    surveyType: null,
    inspectedByUserId: null,
    thirdPartyInspectionId: '',
    description: d.description,
    northEastCornerLocationLatLng: latLng(d.northEastCorner),
    southWestCornerLocationLatLng: latLng(d.southWestCorner),
    image: d.image ? { mimeType: d.image.mime, content: bytesToBase64(d.image.bytes) } : null,
  };
}

export function CreateInspectionsDialog({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const { user } = useSession();
  const { ianaTimezoneId: timeZone, timeFormat } = user.userSettings;
  const sites = useInspectionSites(organizationId);
  const create = useBulkCreateInspections();
  const toast = useToast();
  const nextKey = useRef(1);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [editing, setEditing] = useState<Draft | 'new' | null>(null);
  const [loadingKmz, setLoadingKmz] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);

  const add = (origin: string, inputs: InspectionInput[]) =>
    setDrafts((all) => [
      ...all,
      ...inputs.map((input) => ({ key: nextKey.current++, origin, input, selected: true, serverErrors: {} })),
    ]);
  const update = (key: number, change: (d: Draft) => Draft) =>
    setDrafts((all) => all.map((d) => (d.key === key ? change(d) : d)));

  const rows = drafts.map((d) => ({ draft: d, problems: problemsOf(d) }));
  const selected = rows.filter((r) => r.draft.selected);
  const someInvalid = selected.some((r) => r.problems.length > 0);
  const canCreate = selected.length > 0 && !someInvalid && !create.isPending;
  const siteName = (id: number | null, choices: InspectionSites | undefined) =>
    choices?.sites.find((s) => s.id === id)?.name ?? '';

  async function createSelected() {
    setGeneral(null);
    const chosen = selected.map((r) => r.draft);
    try {
      const answer = await create.mutateAsync({
        organizationId,
        inspections: chosen.map((d) => ({ ...d.input, id: null })),
      });
      toast(INSPECTION_MESSAGES.created(answer.count), 'success');
      onClose();
    } catch (error) {
      const byIndex =
        error instanceof ApiError && error.status === 400
          ? bulkErrorsByIndex(error.errors)
          : new Map<number, Record<string, string>>();
      if (byIndex.size === 0) return setGeneral(GENERIC_ERROR);
      setDrafts((all) =>
        all.map((d) => {
          const index = chosen.findIndex((c) => c.key === d.key);
          const errors = index >= 0 ? byIndex.get(index) : undefined;
          return errors ? { ...d, serverErrors: errors } : d;
        }),
      );
    }
  }

  const allSelected = drafts.length > 0 && drafts.every((d) => d.selected);
  return (
    <Modal open title="Create Inspections" onClose={onClose} wide>
      <div className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing('new')}>
            Add Inspection
          </button>
          <button type="button" className="btn btn-sm btn-outline" onClick={() => setLoadingKmz(true)}>
            Load Aerial KMZ
          </button>
        </div>
        {general && (
          <p className="alert alert-error py-2" role="alert">
            {general}
          </p>
        )}
        {drafts.length === 0 ? (
          <p className="rounded border border-dashed border-base-300 p-6 text-center text-sm text-base-content/70">
            No inspections yet. Add one, or load an aerial KMZ.
          </p>
        ) : (
          <div
            className="max-h-96 overflow-auto rounded border border-base-300"
            tabIndex={0}
            role="region"
            aria-label="Inspection drafts"
          >
            <table className="table table-sm">
              <thead className="text-base-content">
                <tr>
                  <th>
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label="Select all inspections"
                      checked={allSelected}
                      onChange={(e) => setDrafts((all) => all.map((d) => ({ ...d, selected: e.target.checked })))}
                    />
                  </th>
                  <th>Inspection</th>
                  <th>Status</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ draft: d, problems }) => {
                  const label = `${inspectionTypeLabel(d.input.type ?? InspectionType.Survey)} · ${siteName(d.input.siteId, sites.data) || 'No site'} · ${d.input.time ? formatDateTime(d.input.time, timeZone, timeFormat) : 'No date'}`;
                  return (
                    <tr key={d.key} className="align-top">
                      <td>
                        <input
                          type="checkbox"
                          className="checkbox checkbox-sm"
                          aria-label={`Select ${d.origin}`}
                          checked={d.selected}
                          onChange={(e) => update(d.key, (x) => ({ ...x, selected: e.target.checked }))}
                        />
                      </td>
                      <td>
                        <span className="block font-medium">{d.origin}</span>
                        <span className="block text-xs text-base-content/80">{label}</span>
                      </td>
                      <td>
                        {problems.length === 0 ? (
                          <span className="badge badge-success badge-sm">Valid</span>
                        ) : (
                          <>
                            <span className="badge badge-error badge-sm">Invalid</span>
                            <ul
                              className="mt-1 list-disc pl-4 text-xs text-error"
                              aria-label={`Problems of ${d.origin}`}
                            >
                              {problems.map((p) => (
                                <li key={p}>{p}</li>
                              ))}
                            </ul>
                          </>
                        )}
                      </td>
                      <td className="whitespace-nowrap text-right">
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={`Edit ${d.origin}`}
                          onClick={() => setEditing(d)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={`Remove ${d.origin}`}
                          onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {someInvalid && (
          <p className="alert alert-warning py-2 text-sm" role="alert">
            {INSPECTION_MESSAGES.someInvalid}
          </p>
        )}
        <div className="modal-action items-center">
          <span className="grow text-sm text-base-content/70">{`${selected.length} of ${drafts.length} selected`}</span>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!canCreate} onClick={() => void createSelected()}>
            {create.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {selected.length > 0 ? `Create ${selected.length}` : 'Create'}
          </button>
        </div>
      </div>
      {editing && (
        <DraftInspectionDialog
          organizationId={organizationId}
          draft={editing === 'new' ? null : editing.input}
          onSave={(input) =>
            editing === 'new'
              ? add('Added by hand', [input])
              : update(editing.key, (d) => ({ ...d, input, serverErrors: {} }))
          }
          onClose={() => setEditing(null)}
        />
      )}
      {loadingKmz && (
        <LoadKmzDialog onLoaded={(drafts) => add(drafts.origin, drafts.inputs)} onClose={() => setLoadingKmz(false)} />
      )}
    </Modal>
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
