// 'Upload Sites' (spec 1 §2, §4, §5): the file rule, a read in the CSV worker (row problems at once, with progress),
// the verification call and its 'new sites' warning, then the upload with a progress bar. Template writes the
// filtered sites in the upload's own columns, so editing the template and uploading it updates those sites.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/client';
import { fileJobs } from '@/compute/file-jobs';
import type { SiteListRow } from '@/contracts/site';
import { toCsv } from '@/domain/csv';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import { bulkRowsChanged, newSitesWarning, SITE_BULK_COLUMNS, type SiteBulkKey } from '@/domain/site-bulk';
import { downloadText } from '@/components/download';
import { unreadableRows, UploadProblems } from '@/components/upload-problems';
import { Modal } from '@/components/modal';
import { useToast } from '@/components/toasts';
import { useBulkUpsertSites, verifyBulkSites } from './api/sites';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

function templateValue(s: SiteListRow, key: SiteBulkKey): string | number {
  switch (key) {
    case 'id':
      return s.id;
    case 'latitude':
      return s.location.lat;
    case 'longitude':
      return s.location.lng;
    case 'groups':
      return s.siteGroupNames.join(', ');
    case 'notificationRequired':
    case 'specialTicketsRequired':
    case 'workPermitRequired':
      return yesNo(s[key]);
    default:
      return s[key] ?? '';
  }
}

export function siteTemplateCsv(sites: readonly SiteListRow[]): string {
  return toCsv(
    SITE_BULK_COLUMNS.map((c) => c.header),
    sites.map((s) => SITE_BULK_COLUMNS.map((c) => templateValue(s, c.key))),
  );
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: number }
  | { kind: 'verifying' }
  | { kind: 'problems'; message: string; rows: [string, string[]][] }
  | { kind: 'ready'; rows: number; newSites: number; warnings: string[] }
  | { kind: 'uploading'; progress: number };

const HELP =
  'Columns: Id, Name, Alias, Latitude, Longitude, Groups, Business Unit, Asset/Area, Country, State/Province, Regulation, Regulatory Site Type, Generic Site Type, Basin, Industry Segment, Fluid Type, Notification Required, Special Tickets Required, Work Permit Required, Access Notes. ' +
  'A row with an Id updates that site; a row without one adds a site. Name, Latitude and Longitude are required; lists use the names the site form offers; groups are separated by commas; Yes/No columns take Yes or No.';

export function BulkUploadDialog({ organizationId, templateSites, onClose }: { organizationId: number; templateSites: () => readonly SiteListRow[]; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const upsert = useBulkUpsertSites();
  const toast = useToast();
  const job = useRef<AbortController | null>(null);
  useEffect(() => () => job.current?.abort(), []);

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
      const parsed = await fileJobs.parseCsv(chosen, SITE_BULK_COLUMNS, { signal: controller.signal, onProgress: (p) => setStage({ kind: 'reading', progress: p }) });
      if (parsed.errors.length > 0) return setStage({ kind: 'problems', ...unreadableRows(parsed.errors) });
      setStage({ kind: 'verifying' });
      const answer = await verifyBulkSites(organizationId, chosen, controller.signal);
      if (answer.error) return setStage({ kind: 'problems', message: answer.error, rows: Object.entries(answer.errors ?? {}) });
      setStage({ kind: 'ready', rows: parsed.rows.length, newSites: answer.newSites ?? 0, warnings: parsed.warnings });
    } catch (e) {
      if (controller.signal.aborted) return;
      if (e instanceof ApiError && Object.keys(e.errors).length > 0) return setStage({ kind: 'problems', message: e.message, rows: Object.entries(e.errors) });
      setStage({ kind: 'idle' });
      setFileError(e instanceof Error ? e.message : CSV_UPLOAD_MESSAGES.unreadable);
    }
  }

  async function upload() {
    if (!file) return;
    try {
      setStage({ kind: 'uploading', progress: 0 });
      const answer = await upsert.mutateAsync({ organizationId, file, onProgress: (p) => setStage({ kind: 'uploading', progress: p }) });
      if (answer.error) return setStage({ kind: 'problems', message: answer.error, rows: Object.entries(answer.errors ?? {}) });
      toast(bulkRowsChanged(answer.rowsChanged ?? 0), 'success');
      onClose();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length > 0) return setStage({ kind: 'problems', message: e.message, rows: Object.entries(e.errors) });
      setStage({ kind: 'idle' });
      setFileError(e instanceof Error ? e.message : String(e));
    }
  }

  const busy = stage.kind === 'reading' || stage.kind === 'verifying' || stage.kind === 'uploading';
  return (
    <Modal open title="Upload Sites" onClose={onClose} wide>
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-sm btn-outline" onClick={() => downloadText('Sites Template.csv', siteTemplateCsv(templateSites()))}>
            Template
          </button>
          <span className="tooltip tooltip-bottom before:max-w-md before:whitespace-normal" data-tip={HELP}>
            <button type="button" className="btn btn-circle btn-ghost btn-xs" aria-label={`Help: ${HELP}`}>
              ?
            </button>
          </span>
          <span className="text-xs text-base-content/70">The template holds the sites the table shows now.</span>
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
        {stage.kind === 'reading' && (
          <div role="status" className="text-sm">
            Reading the file…
            <progress className="progress progress-primary w-full" value={stage.progress} max={1} aria-label="Reading progress" />
          </div>
        )}
        {stage.kind === 'verifying' && (
          <p role="status" className="flex items-center gap-2 text-sm">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Checking the rows…
          </p>
        )}
        {stage.kind === 'uploading' && (
          <div role="status" className="text-sm">
            Uploading…
            <progress className="progress progress-primary w-full" value={stage.progress} max={1} aria-label="Upload progress" />
          </div>
        )}
        {stage.kind === 'problems' && <UploadProblems message={stage.message} rows={stage.rows} />}
        {stage.kind === 'ready' && (
          <>
            <p className="text-sm" role="status">
              {stage.rows} row(s) ready to upload.
            </p>
            {stage.newSites > 0 && (
              <p className="alert alert-warning py-2" role="alert">
                {newSitesWarning(stage.newSites)}
              </p>
            )}
            {stage.warnings.map((w) => (
              <p key={w} className="text-xs text-base-content/70">
                {w}
              </p>
            ))}
          </>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={stage.kind !== 'ready' || busy} onClick={() => void upload()}>
            {stage.kind === 'uploading' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Upload
          </button>
        </div>
      </div>
    </Modal>
  );
}
