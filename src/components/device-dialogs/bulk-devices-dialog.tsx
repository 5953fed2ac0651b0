// 'Bulk Add/Edit Devices' (spec 2 §2, §5, §8): Template (blank, or the chosen devices), a CSV read in the CSV worker
// first (broken rows at once), then the upload with a progress bar. Row problems come back by row and nothing changes;
// device-cloud (Particle) errors are listed in the form; otherwise the dialog closes with '{n} device(s) successfully
// changed'.
import { useEffect, useRef, useState } from 'react';
import { apiBytes, ApiError, apiUpload } from '@/api/client';
import { fileJobs } from '@/compute/file-jobs';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { bulkDevicesAnswerSchema, bulkDevicesChangedToast, DEVICE_BULK_COLUMNS } from '@/domain/device-bulk';
import { downloadText } from '../download';
import { unreadableRows, UploadProblems } from '../upload-problems';
import { Modal } from '../modal';
import { useSession } from '../session-context';
import { useToast } from '../toasts';
import { useInvalidateDevices } from './api';

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: number }
  | { kind: 'problems'; message: string; rows: [string, string[]][] }
  | { kind: 'ready'; rows: number }
  | { kind: 'uploading'; progress: number }
  | { kind: 'particle'; changed: number; errors: string[] };

const HELP = `Columns: ${DEVICE_BULK_COLUMNS.map((c) => c.header).join(', ')}. A row with an Id edits that device; a row without one adds a device. Hardware takes the names the device form offers.`;

export function BulkDevicesDialog({ deviceIds, onClose }: { deviceIds: readonly number[]; onClose: () => void }) {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const toast = useToast();
  const invalidate = useInvalidateDevices();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const job = useRef<AbortController | null>(null);
  useEffect(() => () => job.current?.abort(), []);

  async function template() {
    try {
      const bytes = await apiBytes('/api/device/deviceBulkUpsertTemplate/', { method: 'POST', body: { organizationId, deviceIds }, accept: 'text/csv' });
      downloadText('Devices Template.csv', new TextDecoder().decode(bytes));
    } catch (e) {
      setFileError(e instanceof Error ? e.message : String(e));
    }
  }

  async function choose(chosen: File | null) {
    job.current?.abort();
    setFile(chosen);
    setStage({ kind: 'idle' });
    const problem = checkCsvUpload(chosen);
    setFileError(problem);
    if (problem || !chosen) return;
    const controller = new AbortController();
    job.current = controller;
    try {
      setStage({ kind: 'reading', progress: 0 });
      const parsed = await fileJobs.parseCsv(chosen, DEVICE_BULK_COLUMNS, { signal: controller.signal, onProgress: (p) => setStage({ kind: 'reading', progress: p }) });
      if (parsed.errors.length > 0) return setStage({ kind: 'problems', ...unreadableRows(parsed.errors) });
      setStage({ kind: 'ready', rows: parsed.rows.length });
    } catch (e) {
      if (controller.signal.aborted) return;
      setStage({ kind: 'idle' });
      setFileError(e instanceof Error ? e.message : CSV_UPLOAD_MESSAGES.unreadable);
    }
  }

  async function upload() {
    if (!file) return;
    const form = new FormData();
    form.append('csvRecords', file, file.name);
    try {
      setStage({ kind: 'uploading', progress: 0 });
      const answer = await apiUpload(`/api/device/bulkUpsertDevices/${organizationId}`, bulkDevicesAnswerSchema, form, {
        onProgress: (p) => setStage({ kind: 'uploading', progress: p }),
      });
      if (answer.error) return setStage({ kind: 'problems', message: answer.error, rows: Object.entries(answer.errors ?? {}) });
      await invalidate();
      if (answer.particleErrors.length > 0) return setStage({ kind: 'particle', changed: answer.rowsChanged, errors: answer.particleErrors });
      toast(bulkDevicesChangedToast(answer.rowsChanged), 'success');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length > 0) return setStage({ kind: 'problems', message: e.message, rows: Object.entries(e.errors) });
      setStage({ kind: 'idle' });
      setFileError(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <Modal open title="Bulk Add/Edit Devices" onClose={onClose} wide>
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-sm btn-outline" onClick={() => void template()}>
            Template
          </button>
          <span className="tooltip tooltip-bottom before:max-w-md before:whitespace-normal" data-tip={HELP}>
            <button type="button" className="btn btn-circle btn-ghost btn-xs" aria-label={`Help: ${HELP}`}>
              ?
            </button>
          </span>
          <span className="text-xs text-base-content/70">{deviceIds.length ? `The template holds the ${deviceIds.length} chosen device(s).` : 'No devices chosen: the template is blank.'}</span>
        </div>
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">CSV file</span>
          <input
            type="file"
            accept=".csv,text/csv,application/vnd.ms-excel"
            className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
            aria-invalid={Boolean(fileError)}
            disabled={stage.kind === 'uploading'}
            onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          />
          {fileError && <span className="mt-1 text-xs text-error">{fileError}</span>}
        </label>
        {(stage.kind === 'reading' || stage.kind === 'uploading') && (
          <div role="status" className="text-sm">
            {stage.kind === 'reading' ? 'Reading the file…' : 'Uploading…'}
            <progress className="progress progress-primary w-full" value={stage.progress} max={1} aria-label={stage.kind === 'reading' ? 'Reading progress' : 'Upload progress'} />
          </div>
        )}
        {stage.kind === 'problems' && <UploadProblems message={stage.message} rows={stage.rows} />}
        {stage.kind === 'particle' && (
          <div className="alert alert-warning flex-col items-start" role="alert">
            <p className="font-medium">{`${stage.changed} device(s) were saved, but Particle was not updated for some:`}</p>
            <p className="text-sm">{stage.errors.join(' ')}</p>
          </div>
        )}
        {stage.kind === 'ready' && (
          <p className="text-sm" role="status">
            {stage.rows} row(s) ready to upload.
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {stage.kind === 'particle' ? 'Close' : 'Cancel'}
          </button>
          <button type="button" className="btn btn-primary" disabled={stage.kind !== 'ready'} onClick={() => void upload()}>
            {stage.kind === 'uploading' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Upload
          </button>
        </div>
      </div>
    </Modal>
  );
}
