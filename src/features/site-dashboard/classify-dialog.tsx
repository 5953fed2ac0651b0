// The Set Classification dialog (spec 3 §2 'Dialogs', §5 'Classification'): the emission's classification and, for
// Fugitive or Venting only, a root cause of that classification; changing the classification clears the root cause.
// A warning shows when the emission contributes to an already classified alarm. Save shows 'Classification Set'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callEndpoint, endpointQuery } from '@/api/endpoint-client';
import { invalidateSiteDashboard } from '@/api/site-dashboard-keys';
import {
  classifyEmissionEndpoint,
  emissionClassificationEndpoint,
  type RootCause,
} from '@/contracts/emission-classification';
import type { SiteEmission } from '@/contracts/site-dashboard';
import { showsRootCause } from '@/domain/alarm';
import {
  changeClassification,
  CLASSIFICATION_LABELS,
  CLASSIFICATION_SET,
  CLASSIFIED_ALARM_WARNING,
  type Classification,
  type ClassificationForm,
} from '@/domain/emission-classification';
import { CLASSIFICATIONS } from '@/domain/enums';
import { formErrorsOf } from '@/ui/form/form-errors';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { useRootCauses } from '@/entities/alarm/api';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';

const NONE = '';

export function ClassifyDialog({
  organizationId,
  emission,
  title,
  onClose,
}: {
  organizationId: number;
  emission: SiteEmission;
  title: string;
  onClose: () => void;
}) {
  const current = useQuery({
    ...endpointQuery(emissionClassificationEndpoint, { query: { organizationId, emissionId: emission.id } }),
    // The form starts from what the server holds now, not a cached read.
    gcTime: 0,
  });
  const causes = useRootCauses();
  return (
    <Modal open title="Set Classification" onClose={onClose}>
      <p className="mb-3 text-sm text-base-content/80">{title}</p>
      {current.error || causes.error ? (
        <LoadError
          message={(current.error ?? causes.error)!.message}
          onRetry={() => void (current.error ? current.refetch() : causes.refetch())}
        />
      ) : current.isPending || causes.isPending ? (
        <Spinner label="Loading classification" />
      ) : (
        <ClassifyForm
          organizationId={organizationId}
          emissionId={emission.id}
          initial={{ classification: current.data.classification, rootCauseId: current.data.rootCauseId }}
          warn={current.data.contributesToClassifiedAlarm}
          causes={causes.data}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ClassifyForm(props: {
  organizationId: number;
  emissionId: number;
  initial: ClassificationForm;
  warn: boolean;
  causes: RootCause[];
  onClose: () => void;
}) {
  const { organizationId, emissionId, causes, onClose } = props;
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ClassificationForm>(props.initial);
  const save = useMutation({
    mutationFn: () => callEndpoint(classifyEmissionEndpoint, { body: { organizationId, emissionId, ...form } }),
    onSuccess: () => {
      toast(CLASSIFICATION_SET);
      void invalidateSiteDashboard(queryClient);
      onClose();
    },
  });
  const errors = save.error ? formErrorsOf(save.error) : { fields: {}, general: null };
  const offered = causes.filter((c) => c.classification === form.classification);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {props.warn && (
        <p role="alert" className="alert alert-warning mb-3 py-2 text-sm">
          {CLASSIFIED_ALARM_WARNING}
        </p>
      )}
      <label className="form-control mb-3 block" htmlFor={`${id}-c`}>
        <span className="label-text mb-1 block text-sm">Classification</span>
        <select
          id={`${id}-c`}
          className={`select select-bordered w-full ${errors.fields.classification ? 'select-error' : ''}`}
          value={form.classification ?? NONE}
          onChange={(e) =>
            setForm(changeClassification(form, e.target.value === NONE ? null : (e.target.value as Classification)))
          }
        >
          <option value={NONE}>Not classified</option>
          {CLASSIFICATIONS.map((c) => (
            <option key={c} value={c}>
              {CLASSIFICATION_LABELS[c]}
            </option>
          ))}
        </select>
        {errors.fields.classification && (
          <span className="mt-1 block text-sm text-error">{errors.fields.classification}</span>
        )}
      </label>
      {showsRootCause(form.classification) && (
        <label className="form-control mb-3 block" htmlFor={`${id}-r`}>
          <span className="label-text mb-1 block text-sm">Root cause</span>
          <select
            id={`${id}-r`}
            className={`select select-bordered w-full ${errors.fields.rootCauseId ? 'select-error' : ''}`}
            value={form.rootCauseId ?? NONE}
            onChange={(e) => setForm({ ...form, rootCauseId: e.target.value === NONE ? null : Number(e.target.value) })}
          >
            <option value={NONE}>No root cause</option>
            {offered.map((c) => (
              <option key={c.id} value={c.id}>
                {c.description}
              </option>
            ))}
          </select>
          {errors.fields.rootCauseId && (
            <span className="mt-1 block text-sm text-error">{errors.fields.rootCauseId}</span>
          )}
        </label>
      )}
      {errors.general && (
        <p role="alert" className="alert alert-error py-2 text-sm">
          {errors.general}
        </p>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
