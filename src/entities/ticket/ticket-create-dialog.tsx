// Create Support Ticket (spec 2 §2, §5, §8): subject, status (Open by default; Resolved and Closed not offered),
// priority (Low), source (Internal in production, Testing elsewhere), the symptom fields with secondaries of the chosen
// primary, and a description. A 400 shows the server's detail; other failures the spec's message.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { ApiError } from '@/api/client';
import { TicketPriority, TicketSource, TicketStatus } from '@/domain/enums';
import {
  CREATE_STATUSES,
  defaultTicketSource,
  TICKET_CREATE_DEFAULTS,
  TICKET_NOT_CREATED,
  ticketCreatedToast,
  ticketCreateSchema,
  type TicketCreate,
} from '@/domain/ticket';
import { FormAlert } from '../../ui/form/form-alert';
import { FormActions, Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useCreateTicket, useTicketFieldOptions } from './api';

export function TicketCreateDialog({ device, onClose }: { device: { id: number; name: string }; onClose: () => void }) {
  const { organization, config } = useSession();
  const toast = useToast();
  const create = useCreateTicket();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, watch, setValue, formState, setError } = useForm<TicketCreate>({
    defaultValues: {
      deviceId: device.id,
      subject: '',
      status: TICKET_CREATE_DEFAULTS.status,
      priority: TICKET_CREATE_DEFAULTS.priority,
      ticketSource: defaultTicketSource(config.isProduction),
      symptomPrimaryId: null,
      symptomSecondaryId: null,
      symptomInferenceId: null,
      nextStepId: null,
      description: null,
    },
    resolver: zodResolver(ticketCreateSchema),
  });
  const primaryId = watch('symptomPrimaryId');
  const primaries = useTicketFieldOptions('symptomPrimary');
  const secondaries = useTicketFieldOptions('symptomSecondary', primaryId, primaryId !== null);
  const inferences = useTicketFieldOptions('symptomInference');
  const steps = useTicketFieldOptions('nextStep');

  async function submit(form: TicketCreate) {
    setGeneral(null);
    try {
      const id = await create.mutateAsync({ ...form, organizationId: organization!.id });
      toast(ticketCreatedToast(id), 'success');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const [path, messages] of Object.entries(error.errors))
          if (path) setError(path as FieldPath<TicketCreate>, { type: 'server', message: messages.join(' ') });
        setGeneral(error.message);
      } else setGeneral(TICKET_NOT_CREATED);
    }
  }

  const err = (name: keyof TicketCreate) => formState.errors[name]?.message;
  const idValue = {
    setValueAs: (v: string | number | null) => (v === '' || v === null || v === undefined ? null : Number(v)),
  };
  const label = (name: keyof TicketCreate, text: string, control: React.ReactNode) => (
    <label className="form-control w-full">
      <span className="label-text mb-1 text-sm font-medium">{text}</span>
      {control}
      {err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>}
    </label>
  );
  const options = (list: readonly { id: number; name: string }[] | undefined) => [
    <option key="none" value="">
      —
    </option>,
    ...(list ?? []).map((o) => (
      <option key={o.id} value={o.id}>
        {o.name}
      </option>
    )),
  ];

  return (
    <Modal open title={`Create Support Ticket for ${device.name}`} onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={handleSubmit(submit)} noValidate>
        <FormAlert message={general} />
        {label(
          'subject',
          'Subject',
          <input className={`input w-full ${err('subject') ? 'input-error' : ''}`} {...register('subject')} />,
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          {label(
            'status',
            'Status',
            <select className="select w-full" aria-label="Status" {...register('status', { valueAsNumber: true })}>
              {CREATE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TicketStatus.label(s)}
                </option>
              ))}
            </select>,
          )}
          {label(
            'priority',
            'Priority',
            <select className="select w-full" aria-label="Priority" {...register('priority', { valueAsNumber: true })}>
              {TicketPriority.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>,
          )}
          {label(
            'ticketSource',
            'Ticket Source',
            <select
              className="select w-full"
              aria-label="Ticket Source"
              {...register('ticketSource', { valueAsNumber: true })}
            >
              {TicketSource.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>,
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {label(
            'symptomPrimaryId',
            'Symptom Primary',
            <select
              className="select w-full"
              aria-label="Symptom Primary"
              {...register('symptomPrimaryId', { ...idValue, onChange: () => setValue('symptomSecondaryId', null) })}
            >
              {options(primaries.data)}
            </select>,
          )}
          {label(
            'symptomSecondaryId',
            'Symptom Secondary',
            <select
              className="select w-full"
              aria-label="Symptom Secondary"
              disabled={primaryId === null}
              {...register('symptomSecondaryId', idValue)}
            >
              {options(primaryId === null ? [] : secondaries.data)}
            </select>,
          )}
          {label(
            'symptomInferenceId',
            'Symptom Inference',
            <select
              className="select w-full"
              aria-label="Symptom Inference"
              {...register('symptomInferenceId', idValue)}
            >
              {options(inferences.data)}
            </select>,
          )}
          {label(
            'nextStepId',
            'Next Step',
            <select className="select w-full" aria-label="Next Step" {...register('nextStepId', idValue)}>
              {options(steps.data)}
            </select>,
          )}
        </div>
        {label(
          'description',
          'Description',
          <textarea
            className="textarea w-full"
            rows={4}
            {...register('description', { setValueAs: (v: string | null) => (v ? v : null) })}
          />,
        )}
        <FormActions onCancel={onClose} busy={create.isPending} />
      </form>
    </Modal>
  );
}
