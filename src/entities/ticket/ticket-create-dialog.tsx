// Create Support Ticket (spec 2 §2, §5, §8): subject, status (Open by default; Resolved and Closed not offered),
// priority (Low), source (Internal in production, Testing elsewhere), the symptom fields with secondaries of the chosen
// primary, and a description. A 400 shows the server's detail; other failures the spec's message.
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TicketPriority, TicketSource, TicketStatus } from '@/domain/enums';
import { CREATE_STATUSES } from '@/domain/ticket';
import { FormAlert } from '../../ui/form/form-alert';
import { FormActions, Modal } from '../../ui/modal';
import { useTicketFieldOptions } from './api';
import { useTicketCreateForm } from './use-ticket-create-form';

const idValue = {
  setValueAs: (v: string | number | null) => (v === '' || v === null || v === undefined ? null : Number(v)),
};

export function TicketCreateDialog({ device, onClose }: { device: { id: number; name: string }; onClose: () => void }) {
  const { form, general, busy, submit } = useTicketCreateForm(device.id, onClose);
  const { register, watch, setValue } = form;
  const errors = form.formState.errors;
  const primaryId = watch('symptomPrimaryId');
  const primaries = useTicketFieldOptions('symptomPrimary');
  const secondaries = useTicketFieldOptions('symptomSecondary', primaryId, primaryId !== null);
  const inferences = useTicketFieldOptions('symptomInference');
  const steps = useTicketFieldOptions('nextStep');
  const enumOf = (list: readonly { value: number; label: string }[]) =>
    list.map((o) => ({ id: o.value, name: o.label }));

  return (
    <Modal open title={`Create Support Ticket for ${device.name}`} onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={general} />
        <Labelled text="Subject" error={errors.subject?.message}>
          <input className={`input w-full ${errors.subject ? 'input-error' : ''}`} {...register('subject')} />
        </Labelled>
        <div className="grid gap-3 sm:grid-cols-3">
          <Labelled text="Status" error={errors.status?.message}>
            <OptionSelect
              label="Status"
              options={CREATE_STATUSES.map((s) => ({ id: s, name: TicketStatus.label(s) }))}
              {...register('status', { valueAsNumber: true })}
            />
          </Labelled>
          <Labelled text="Priority" error={errors.priority?.message}>
            <OptionSelect
              label="Priority"
              options={enumOf(TicketPriority.options)}
              {...register('priority', { valueAsNumber: true })}
            />
          </Labelled>
          <Labelled text="Ticket Source" error={errors.ticketSource?.message}>
            <OptionSelect
              label="Ticket Source"
              options={enumOf(TicketSource.options)}
              {...register('ticketSource', { valueAsNumber: true })}
            />
          </Labelled>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Labelled text="Symptom Primary" error={errors.symptomPrimaryId?.message}>
            <OptionSelect
              label="Symptom Primary"
              none
              options={primaries.data}
              {...register('symptomPrimaryId', { ...idValue, onChange: () => setValue('symptomSecondaryId', null) })}
            />
          </Labelled>
          <Labelled text="Symptom Secondary" error={errors.symptomSecondaryId?.message}>
            <OptionSelect
              label="Symptom Secondary"
              none
              disabled={primaryId === null}
              options={primaryId === null ? [] : secondaries.data}
              {...register('symptomSecondaryId', idValue)}
            />
          </Labelled>
          <Labelled text="Symptom Inference" error={errors.symptomInferenceId?.message}>
            <OptionSelect
              label="Symptom Inference"
              none
              options={inferences.data}
              {...register('symptomInferenceId', idValue)}
            />
          </Labelled>
          <Labelled text="Next Step" error={errors.nextStepId?.message}>
            <OptionSelect label="Next Step" none options={steps.data} {...register('nextStepId', idValue)} />
          </Labelled>
        </div>
        <Labelled text="Description" error={errors.description?.message}>
          <textarea
            className="textarea w-full"
            rows={4}
            {...register('description', { setValueAs: (v: string | null) => (v ? v : null) })}
          />
        </Labelled>
        <FormActions onCancel={onClose} busy={busy} />
      </form>
    </Modal>
  );
}

/** A field wrapped in its label, the error under it. */
function Labelled({ text, error, children }: { text: string; error: string | undefined; children: ReactNode }) {
  return (
    <label className="form-control w-full">
      <span className="label-text mb-1 text-sm font-medium">{text}</span>
      {children}
      {error && <span className="mt-1 text-xs text-error">{error}</span>}
    </label>
  );
}

/** A select over id/name options; `none` puts '—' (no choice) first. */
function OptionSelect({
  label,
  options,
  none = false,
  disabled,
  ...registered
}: {
  label: string;
  options: readonly { id: number; name: string }[] | undefined;
  none?: boolean;
  disabled?: boolean;
} & UseFormRegisterReturn) {
  return (
    <select className="select w-full" aria-label={label} {...registered} disabled={disabled}>
      {none && <option value="">—</option>}
      {(options ?? []).map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
