// The workflow section (spec 2 §4): Basic — Resolve / Unresolve with the toasts 'Resolved' and 'Un-Resolved';
// LDAR — classification, root cause (Venting or Fugitive), repair required, repair type and completion, each change
// clearing what depends on it, the submit reading Resolve when the form resolves the workflow and Save otherwise.
// Emission Rate alarms convert between the two after confirmation. A save someone else overtook says so.
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/api/client';
import type { Workflow } from '@/contracts/alarm';
import {
  ALARM_TOASTS,
  CLASSIFIED_WARNING,
  LDAR_SAVE_FAILED,
  convertedToast,
  ldarChange,
  ldarProblems,
  ldarResolves,
  showsRepairRequired,
  showsRootCause,
  type LdarForm,
} from '@/domain/alarm';
import { AlarmType, CLASSIFICATIONS, RepairType, WorkflowType } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { InlineAlert } from '../../ui/form/form-alert';
import { ConfirmDialog } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useEditLdar, useRootCauses, useWorkflowAction } from './api';

const CLASSIFICATION_LABEL: Record<string, string> = {
  Fugitive: 'Fugitive',
  IncompleteCombustion: 'Incomplete Combustion',
  Venting: 'Venting',
  NothingFound: 'Nothing Found',
};

const formOf = (w: Workflow): LdarForm => ({
  classification: w.ldarWorkflowModel?.classification ?? null,
  rootCauseId: w.ldarWorkflowModel?.rootCauseId ?? null,
  repairRequired: w.ldarWorkflowModel?.repairRequired ?? null,
  repairType: w.ldarWorkflowModel?.repairType ?? null,
  repairCompleted: w.ldarWorkflowModel?.repairCompleted ?? null,
});

const failure = (e: unknown) => (e instanceof ApiError ? e.message : 'There was an unexpected error, please try again');
/** spec 2 §8: a 400 (or a save someone else overtook) shows the server's text, anything else a fixed message. */
const ldarFailure = (e: unknown) =>
  e instanceof ApiError && (e.status === 400 || e.status === 409) ? e.message : LDAR_SAVE_FAILED;

interface Props {
  workflow: Workflow;
  alarmType: number;
  organizationId: number;
  onDirtyChange: (dirty: boolean) => void;
}

export function AlarmWorkflow({ workflow, alarmType, organizationId, onDirtyChange }: Props) {
  const { user } = useSession();
  const toast = useToast();
  const action = useWorkflowAction();
  const [error, setError] = useState<string | null>(null);
  const [confirmConvert, setConfirmConvert] = useState(false);
  const [convertError, setConvertError] = useState<string | null>(null);
  const time = (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const ldar = workflow.workflowType === WorkflowType.values.LDAR;
  const target = ldar ? WorkflowType.values.Basic : WorkflowType.values.LDAR;

  async function run(kind: 'acknowledge' | 'unacknowledge' | 'convertBasicToLdar' | 'convertLdarToBasic') {
    const converting = kind === 'convertBasicToLdar' || kind === 'convertLdarToBasic';
    setError(null);
    setConvertError(null);
    try {
      await action.mutateAsync({ action: kind, id: workflow.id, organizationId });
      if (kind === 'acknowledge') toast(ALARM_TOASTS.resolved, 'success');
      else if (kind === 'unacknowledge') toast(ALARM_TOASTS.unresolved, 'success');
      else {
        setConfirmConvert(false);
        toast(convertedToast(target), 'success');
      }
    } catch (e) {
      // A failed confirm keeps its dialog open with the server's message (spec 2 §2).
      if (converting) setConvertError(failure(e));
      else setError(failure(e));
    }
  }

  return (
    <section aria-labelledby="alarm-workflow" className="grid gap-2">
      <div className="flex items-center gap-2">
        <h3 id="alarm-workflow" className="font-semibold">{`${WorkflowType.label(workflow.workflowType)} Workflow`}</h3>
        <span className={`badge badge-sm ${workflow.resolvedAt ? 'badge-success' : 'badge-warning'}`}>
          {workflow.resolvedAt ? 'Resolved' : 'Unresolved'}
        </span>
        {alarmType === AlarmType.values.SiteRate && (
          <button type="button" className="btn btn-ghost btn-xs ml-auto" onClick={() => setConfirmConvert(true)}>
            {`Convert to ${WorkflowType.label(target)}`}
          </button>
        )}
      </div>
      {workflow.resolvedAt && (
        <p className="text-sm text-base-content/80">{`Resolved ${time(workflow.resolvedAt)}${workflow.resolvedBy ? ` by ${workflow.resolvedBy}` : ''}`}</p>
      )}
      {error && <InlineAlert tone="error">{error}</InlineAlert>}
      {ldar ? (
        <LdarWorkflow workflow={workflow} organizationId={organizationId} onDirtyChange={onDirtyChange} />
      ) : workflow.resolvedAt ? (
        <button
          type="button"
          className="btn btn-sm btn-outline justify-self-start"
          disabled={action.isPending}
          onClick={() => void run('unacknowledge')}
        >
          Unresolve
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-primary justify-self-start"
          disabled={action.isPending}
          onClick={() => void run('acknowledge')}
        >
          Resolve
        </button>
      )}
      <ConfirmDialog
        open={confirmConvert}
        title={`Convert to ${WorkflowType.label(target)} workflow?`}
        message="The alarm's comments are kept; the new workflow starts unresolved."
        confirmLabel="Convert"
        busy={action.isPending}
        error={convertError}
        onCancel={() => {
          setConfirmConvert(false);
          setConvertError(null);
        }}
        onConfirm={() => void run(ldar ? 'convertLdarToBasic' : 'convertBasicToLdar')}
      />
    </section>
  );
}

function LdarWorkflow({
  workflow,
  organizationId,
  onDirtyChange,
}: {
  workflow: Workflow;
  organizationId: number;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const toast = useToast();
  const save = useEditLdar();
  const causes = useRootCauses();
  const saved = useMemo(() => formOf(workflow), [workflow]);
  const [form, setForm] = useState<LdarForm>(saved);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setForm(saved), [saved]);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const problems = ldarProblems(form);
  const resolves = ldarResolves(form);
  const set = <K extends keyof LdarForm>(key: K, value: LdarForm[K]) => setForm((f) => ldarChange(f, key, value));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (Object.keys(problems).length) return;
    setError(null);
    try {
      const after = await save.mutateAsync({ ...form, organizationId, id: workflow.id, version: workflow.version });
      toast(after.resolvedAt ? ALARM_TOASTS.ldarResolved : ALARM_TOASTS.ldarSaved, 'success');
    } catch (err) {
      setError(ldarFailure(err));
    }
  }

  const dateValue = form.repairCompleted ? form.repairCompleted.slice(0, 10) : '';
  return (
    <form className="grid gap-2" onSubmit={(e) => void submit(e)} noValidate>
      {workflow.contributingEmissionClassified && <InlineAlert tone="warning">{CLASSIFIED_WARNING}</InlineAlert>}
      {error && <InlineAlert tone="error">{error}</InlineAlert>}
      <label className="form-control">
        <span className="label-text mb-1 text-sm font-medium">Classification</span>
        <select
          className="select select-sm w-full"
          value={form.classification ?? ''}
          onChange={(e) => set('classification', e.target.value || null)}
        >
          <option value="">Not classified</option>
          {CLASSIFICATIONS.map((c) => (
            <option key={c} value={c}>
              {CLASSIFICATION_LABEL[c] ?? c}
            </option>
          ))}
        </select>
      </label>
      {showsRootCause(form.classification) && (
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Root Cause</span>
          <select
            className="select select-sm w-full"
            value={form.rootCauseId ?? ''}
            onChange={(e) => set('rootCauseId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Not known</option>
            {(causes.data ?? [])
              .filter((c) => c.classification === form.classification)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.description}
                </option>
              ))}
          </select>
        </label>
      )}
      {showsRepairRequired(form.classification) && (
        <fieldset className="flex items-center gap-4 text-sm">
          <legend className="mb-1 font-medium">Repair Required</legend>
          {[true, false].map((v) => (
            <label key={String(v)} className="flex items-center gap-1">
              <input
                type="radio"
                className="radio radio-sm"
                name="repairRequired"
                checked={form.repairRequired === v}
                onChange={() => set('repairRequired', v)}
              />
              {v ? 'Yes' : 'No'}
            </label>
          ))}
        </fieldset>
      )}
      {form.repairRequired === true && (
        <div className="grid grid-cols-2 gap-2">
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Repair Type</span>
            <select
              className={`select select-sm w-full ${problems.repairType ? 'select-error' : ''}`}
              value={form.repairType ?? ''}
              onChange={(e) => set('repairType', e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">Choose</option>
              {RepairType.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Repair Completed</span>
            <input
              type="date"
              className="input input-sm w-full"
              value={dateValue}
              onChange={(e) =>
                set('repairCompleted', e.target.value ? new Date(`${e.target.value}T00:00:00Z`).toISOString() : null)
              }
            />
          </label>
          {problems.repairType && <span className="col-span-2 text-xs text-error">{problems.repairType}</span>}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-sm btn-primary justify-self-start"
        disabled={!dirty || save.isPending || Object.keys(problems).length > 0}
      >
        {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {resolves ? 'Resolve' : 'Save'}
      </button>
    </form>
  );
}
