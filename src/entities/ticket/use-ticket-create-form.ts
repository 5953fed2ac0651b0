// The Create Support Ticket form's state: the spec's defaults (source by environment), the domain's schema, and a
// save whose 400 puts the server's messages on their fields and its detail above; other failures the spec's text.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { ApiError } from '@/api/client';
import {
  defaultTicketSource,
  TICKET_CREATE_DEFAULTS,
  TICKET_NOT_CREATED,
  ticketCreatedToast,
  ticketCreateSchema,
  type TicketCreate,
} from '@/domain/ticket';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useCreateTicket } from './api';

export function useTicketCreateForm(deviceId: number, onCreated: () => void) {
  const { organization, config } = useSession();
  const toast = useToast();
  const create = useCreateTicket();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<TicketCreate>({
    defaultValues: {
      deviceId,
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

  async function submit(values: TicketCreate) {
    setGeneral(null);
    try {
      const id = await create.mutateAsync({ ...values, organizationId: organization!.id });
      toast(ticketCreatedToast(id), 'success');
      onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const [path, messages] of Object.entries(error.errors))
          if (path) form.setError(path as FieldPath<TicketCreate>, { type: 'server', message: messages.join(' ') });
        setGeneral(error.message);
      } else setGeneral(TICKET_NOT_CREATED);
    }
  }

  return { form, general, busy: create.isPending, submit: form.handleSubmit(submit) };
}
