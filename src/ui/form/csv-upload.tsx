// The steps every bulk CSV upload shares (sites, devices, sensor configurations): the file rule, a read in the CSV
// worker with progress (broken rows at once), an optional check by the server before anything is written, then the
// upload with progress; problems the server finds come back by row and nothing changes.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/api/client';
import { fileJobs } from '@/compute/file-jobs';
import { checkCsvUpload, CSV_UPLOAD_MESSAGES } from '@/domain/csv-upload';
import type { CsvColumn } from '../../domain/csv-column';
import { unreadableRows, UploadProblems, type RowProblems } from './upload-problems';

/** What a server answers for a file with problems: the message and each row's problems. */
export interface ProblemAnswer {
  error?: string;
  errors?: Record<string, string[]>;
}

export type UploadStage<V = ProblemAnswer> =
  | { kind: 'idle' }
  | { kind: 'reading'; progress: number }
  | { kind: 'verifying' }
  | { kind: 'problems'; message: string; rows: RowProblems }
  | { kind: 'ready'; rows: number; warnings: string[]; verified: V | null }
  | { kind: 'uploading'; progress: number };

/** `verify`, when given, asks the server to check the rows before the upload is offered (bulk sites). */
export function useCsvUpload<V extends ProblemAnswer = ProblemAnswer>(
  columns: readonly CsvColumn[],
  verify?: (file: File, signal: AbortSignal) => Promise<V>,
) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [stage, setStage] = useState<UploadStage<V>>({ kind: 'idle' });
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
      const parsed = await fileJobs.parseCsv(chosen, columns, {
        signal: controller.signal,
        onProgress: (p) => setStage({ kind: 'reading', progress: p }),
      });
      if (parsed.errors.length > 0) return setStage({ kind: 'problems', ...unreadableRows(parsed.errors) });
      let verified: V | null = null;
      if (verify) {
        setStage({ kind: 'verifying' });
        verified = await verify(chosen, controller.signal);
        if (verified.error)
          return setStage({ kind: 'problems', message: verified.error, rows: Object.entries(verified.errors ?? {}) });
      }
      setStage({ kind: 'ready', rows: parsed.rows.length, warnings: parsed.warnings, verified });
    } catch (e) {
      if (controller.signal.aborted) return;
      if (e instanceof ApiError && Object.keys(e.errors).length > 0)
        return setStage({ kind: 'problems', message: e.message, rows: Object.entries(e.errors) });
      setStage({ kind: 'idle' });
      setFileError(e instanceof Error ? e.message : CSV_UPLOAD_MESSAGES.unreadable);
    }
  }

  /** Sends the chosen file; answers the server's answer, or null when it listed problems (shown) or failed. */
  async function send<T extends ProblemAnswer>(
    upload: (file: File, onProgress: (p: number) => void) => Promise<T>,
  ): Promise<T | null> {
    if (!file) return null;
    try {
      setStage({ kind: 'uploading', progress: 0 });
      const answer = await upload(file, (p) => setStage({ kind: 'uploading', progress: p }));
      if (answer.error) {
        setStage({ kind: 'problems', message: answer.error, rows: Object.entries(answer.errors ?? {}) });
        return null;
      }
      return answer;
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.errors).length > 0)
        setStage({ kind: 'problems', message: e.message, rows: Object.entries(e.errors) });
      else {
        setStage({ kind: 'idle' });
        setFileError(e instanceof Error ? e.message : String(e));
      }
      return null;
    }
  }

  return { file, fileError, setFileError, stage, setStage, choose, send };
}
export type CsvUpload = Pick<ReturnType<typeof useCsvUpload>, 'stage' | 'fileError' | 'choose'>;

/** The template button with its column help, and a line about what the template holds. */
export function TemplateBar({ help, note, onTemplate }: { help: string; note: string; onTemplate: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn btn-sm btn-outline" onClick={onTemplate}>
        Template
      </button>
      <span className="tooltip tooltip-bottom before:max-w-md before:whitespace-normal" data-tip={help}>
        <button type="button" className="btn btn-circle btn-ghost btn-xs" aria-label={`Help: ${help}`}>
          ?
        </button>
      </span>
      <span className="text-xs text-base-content/70">{note}</span>
    </div>
  );
}

/** The file input, the reading and uploading progress, the problems, and the ready count. */
export function CsvUploadFields({ upload }: { upload: CsvUpload }) {
  const { stage, fileError } = upload;
  return (
    <>
      <label className="form-control">
        <span className="label-text mb-1 text-sm font-medium">CSV file</span>
        <input
          type="file"
          accept=".csv,text/csv,application/vnd.ms-excel"
          className={`file-input w-full ${fileError ? 'file-input-error' : ''}`}
          aria-invalid={Boolean(fileError)}
          disabled={stage.kind === 'uploading'}
          onChange={(e) => void upload.choose(e.target.files?.[0] ?? null)}
        />
        {fileError && <span className="mt-1 text-xs text-error">{fileError}</span>}
      </label>
      {(stage.kind === 'reading' || stage.kind === 'uploading') && (
        <div role="status" className="text-sm">
          {stage.kind === 'reading' ? 'Reading the file…' : 'Uploading…'}
          <progress
            className="progress progress-primary w-full"
            value={stage.progress}
            max={1}
            aria-label={stage.kind === 'reading' ? 'Reading progress' : 'Upload progress'}
          />
        </div>
      )}
      {stage.kind === 'verifying' && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Checking the rows…
        </p>
      )}
      {stage.kind === 'problems' && <UploadProblems message={stage.message} rows={stage.rows} />}
      {stage.kind === 'ready' && (
        <>
          <p className="text-sm" role="status">
            {stage.rows} row(s) ready to upload.
          </p>
          {stage.warnings.map((w) => (
            <p key={w} className="text-xs text-base-content/70">
              {w}
            </p>
          ))}
        </>
      )}
    </>
  );
}

/** Cancel (or Close once the upload said something worth reading) and Upload, offered once the file is ready. */
export function UploadActions({
  stage,
  onCancel,
  onUpload,
  cancelLabel = 'Cancel',
  blocked = false,
}: {
  stage: { kind: string };
  onCancel: () => void;
  onUpload: () => void;
  cancelLabel?: string;
  blocked?: boolean;
}) {
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="button" className="btn btn-primary" disabled={stage.kind !== 'ready' || blocked} onClick={onUpload}>
        {stage.kind === 'uploading' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Upload
      </button>
    </div>
  );
}
