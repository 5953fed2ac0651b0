// Alarm Parameter Templates (spec 2 §2, §4, §5): the organization's templates with the sites using them (up to 10
// names, then 'and N more'), Show Deleted, Add, edit (a deleted template cannot be edited), history, delete — which
// turns off the parameters using it — and restore. The edit dialog applies the alarm-type side effects and warns how
// many sites an edit affects.
import { useState } from 'react';
import { ApiError } from '@/api/client';
import type { AlarmParameterTemplate } from '@/contracts/alarm-parameter';
import {
  DEFAULT_WINDOW_HOURS,
  PARAMETER_MESSAGES,
  siteNamesTooltip,
  TEMPLATE_NAME_MAX,
  templateProblems,
  templateWithAlarmType,
  type TemplateForm,
} from '@/domain/alarm-parameter';
import { AlarmType, Aggregation } from '@/domain/enums';
import { MEASUREMENT_TYPES, measurementType } from '@/domain/measurement-type';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { RowAction } from '@/ui/data-grid/row-actions';
import { ConfirmDialog, FormActions, Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { Toggle } from '@/ui/toggle';
import { InlineAlert } from '@/ui/form/form-alert';
import { useSaveTemplate, useTemplateAction, useTemplates } from './api';
import { DetailFields, detailOf } from './detail-fields';
import { ParameterHistoryDialog } from './history-dialog';

const GASES = MEASUREMENT_TYPES.filter((m) => m.gas !== null);
const TYPES = AlarmType.options.filter((o) => o.value !== AlarmType.values.SiteVolume);

export function TemplatesDialog({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  const [showDeleted, setShowDeleted] = useState(false);
  const templates = useTemplates(organizationId, showDeleted);
  const action = useTemplateAction();
  const toast = useToast();
  const [editing, setEditing] = useState<AlarmParameterTemplate | 'new' | null>(null);
  const [history, setHistory] = useState<AlarmParameterTemplate | null>(null);
  const [deleting, setDeleting] = useState<AlarmParameterTemplate | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(kind: 'Delete' | 'Restore', t: AlarmParameterTemplate) {
    setError(null);
    try {
      await action.mutateAsync({ action: kind, id: t.id, organizationId });
      toast(kind === 'Delete' ? `Template ${t.name} deleted` : `Template ${t.name} restored`, 'success');
      setDeleting(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : PARAMETER_MESSAGES.unexpected);
    }
  }

  return (
    <Modal open title="Alarm Parameter Templates" onClose={onClose} wide>
      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Toggle label="Show Deleted" checked={showDeleted} onChange={setShowDeleted} />
          <button type="button" className="btn btn-sm btn-primary ml-auto" onClick={() => setEditing('new')}>
            Add Template
          </button>
        </div>
        {templates.isPending ? (
          <Spinner label="Loading templates" />
        ) : templates.error ? (
          <LoadError message={templates.error.message} onRetry={() => void templates.refetch()} />
        ) : templates.data.length === 0 ? (
          <p className="text-sm text-base-content/70">No templates yet.</p>
        ) : (
          <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Templates (scrollable)">
            <table className="table table-sm" aria-label="Templates">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">HI / HI-HI / Critical</th>
                  <th scope="col">Sites</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {templates.data.map((t) => (
                  <TemplateRow
                    key={t.id}
                    template={t}
                    onEdit={() => setEditing(t)}
                    onHistory={() => setHistory(t)}
                    onDelete={() => setDeleting(t)}
                    onRestore={() => void run('Restore', t)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {error && !deleting && <InlineAlert tone="error">{error}</InlineAlert>}
      </div>
      {editing && (
        <TemplateEditDialog
          organizationId={organizationId}
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {history && (
        <ParameterHistoryDialog
          organizationId={organizationId}
          of={{ kind: 'template', id: history.id }}
          title={`Alarm Parameter Template History: ${history.name}`}
          onClose={() => setHistory(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'template'}?`}
        message={`The ${deleting?.siteReferenceCount ?? 0} site parameter(s) using this template will be turned off. A deleted template can be restored.`}
        confirmLabel="Delete"
        danger
        busy={action.isPending}
        error={error}
        onCancel={() => {
          setDeleting(null);
          setError(null);
        }}
        onConfirm={() => deleting && void run('Delete', deleting)}
      />
    </Modal>
  );
}

/** A template: name (Deleted badge), type, thresholds, the sites using it; Edit (live only), History, Delete or Restore. */
function TemplateRow({
  template: t,
  onEdit,
  onHistory,
  onDelete,
  onRestore,
}: {
  template: AlarmParameterTemplate;
  onEdit: () => void;
  onHistory: () => void;
  onDelete: () => void;
  onRestore: () => void;
}) {
  return (
    <tr className={t.deletedAt ? 'opacity-60' : ''}>
      <td>
        {t.name}
        {t.deletedAt && <span className="badge badge-sm badge-ghost ml-2">Deleted</span>}
      </td>
      <td>{`${AlarmType.label(t.alarmType)} · ${measurementType(t.measurementTypeId).label}${t.detail.calculationMethod === null ? '' : ` · ${Aggregation.label(t.detail.calculationMethod)}`}`}</td>
      <td>
        {[t.detail.hiThreshold, t.detail.hiHiThreshold, t.detail.criticalThreshold]
          .map((v) => (v === null ? '—' : v))
          .join(' / ')}
      </td>
      <td>
        {t.siteReferenceCount === 0 ? (
          <span className="text-base-content/70">None</span>
        ) : (
          <span
            className="tooltip tooltip-left before:max-w-xs before:whitespace-normal"
            data-tip={siteNamesTooltip(t.siteReferenceNames)}
          >
            <span className="badge badge-sm" tabIndex={0}>{`${t.siteReferenceCount} site(s)`}</span>
          </span>
        )}
      </td>
      <td className="whitespace-nowrap text-right">
        <RowAction label="Edit" name={`Edit template ${t.name}`} disabled={t.deletedAt !== null} onClick={onEdit} />
        <RowAction label="History" name={`History of template ${t.name}`} onClick={onHistory} />
        {t.deletedAt ? (
          <RowAction label="Restore" name={`Restore template ${t.name}`} onClick={onRestore} />
        ) : (
          <RowAction label="Delete" name={`Delete template ${t.name}`} className="text-error" onClick={onDelete} />
        )}
      </td>
    </tr>
  );
}

function TemplateEditDialog({
  organizationId,
  template,
  onClose,
}: {
  organizationId: number;
  template: AlarmParameterTemplate | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveTemplate();
  const [form, setForm] = useState<TemplateForm>(() =>
    template
      ? {
          ...detailOf(template.detail),
          id: template.id,
          name: template.name,
          alarmType: template.alarmType,
          measurementTypeId: template.measurementTypeId,
        }
      : templateWithAlarmType(
          {
            id: 0,
            name: '',
            alarmType: null,
            measurementTypeId: null,
            calculationMethod: null,
            hiThreshold: null,
            hiHiThreshold: null,
            criticalThreshold: null,
            slidingWindowSizeInHours: DEFAULT_WINDOW_HOURS,
            resetEvaluationPeriodInHours: null,
            triggersLdarWorkflow: false,
          },
          AlarmType.values.Measurement,
        ),
  );
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const problems = { ...templateProblems(form), ...serverFields };
  const shown = tried ? problems : {};
  const measurement = form.alarmType === AlarmType.values.Measurement;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTried(true);
    if (Object.keys(templateProblems(form)).length) return;
    setServerError(null);
    try {
      await save.mutateAsync({
        organizationId,
        id: form.id,
        name: form.name.trim(),
        alarmType: form.alarmType,
        measurementTypeId: form.measurementTypeId,
        detail: detailOf(form),
      });
      toast(template ? 'Template edited' : 'Template added', 'success');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        setServerFields(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v.join(' ')])));
        setServerError(Object.keys(err.errors).length ? null : err.message);
      } else setServerError(PARAMETER_MESSAGES.unexpected);
    }
  }

  return (
    <Modal open title={template ? 'Edit Alarm Parameter Template' : 'Add Alarm Parameter Template'} onClose={onClose}>
      <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
        {template && template.siteReferenceCount > 0 && (
          <InlineAlert tone="warning">{PARAMETER_MESSAGES.templateAffects(template.siteReferenceCount)}</InlineAlert>
        )}
        {serverError && <InlineAlert tone="error">{serverError}</InlineAlert>}
        <label className="form-control">
          <span className="label-text mb-1 text-sm font-medium">Name</span>
          <input
            className={`input input-sm w-full ${shown.name ? 'input-error' : ''}`}
            maxLength={TEMPLATE_NAME_MAX + 20}
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          />
          {shown.name && <span className="mt-1 text-xs text-error">{shown.name}</span>}
        </label>
        <div className="grid grid-cols-2 gap-2">
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Alarm Type</span>
            <select
              className="select select-sm w-full"
              value={form.alarmType ?? ''}
              onChange={(e) => setForm((f) => templateWithAlarmType(f, Number(e.target.value)))}
            >
              {TYPES.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text mb-1 text-sm font-medium">Gas</span>
            <select
              className={`select select-sm w-full ${shown.measurementTypeId ? 'select-error' : ''}`}
              disabled={!measurement}
              value={form.measurementTypeId ?? ''}
              onChange={(e) =>
                setForm((f) => ({ ...f, measurementTypeId: e.target.value ? Number(e.target.value) : null }))
              }
            >
              <option value="">Choose</option>
              {GASES.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </select>
            {shown.measurementTypeId && <span className="mt-1 text-xs text-error">{shown.measurementTypeId}</span>}
          </label>
        </div>
        <DetailFields
          detail={form}
          errors={shown}
          disabled={false}
          unit=""
          onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
        />
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
