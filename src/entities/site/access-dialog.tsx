// Edit Site Access Details (spec 3 §3 'Access details'): notes and the three requirement flags.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { SiteListRow } from '@/contracts/site';
import { accessNotesSchema, siteAccessSchema } from '@/domain/site-form';
import { formErrorsOf } from '../../ui/form/form-errors';
import { FormActions, Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import { useAccessDetails, useSaveAccessDetails } from './api';
import { FormAlert } from '../../ui/form/form-alert';

// The domain rule with the notes as typed (empty rather than null) for the text area.
const schema = siteAccessSchema
  .pick({ notificationRequired: true, specialTicketsRequired: true, workPermitRequired: true })
  .extend({ accessNotes: accessNotesSchema });
type Values = z.infer<typeof schema>;

export function AccessDialog({ site, onClose }: { site: SiteListRow; onClose: () => void }) {
  const details = useAccessDetails(site.id, site.organizationId);
  return (
    <Modal open title={`Access details of ${site.name}`} onClose={onClose}>
      {details.isPending ? (
        <Spinner label="Loading access details" />
      ) : details.error ? (
        <p className="alert alert-error" role="alert">
          {details.error.message}
        </p>
      ) : (
        <AccessForm
          site={site}
          initial={{
            accessNotes: details.data.accessNotes ?? '',
            notificationRequired: details.data.notificationRequired,
            specialTicketsRequired: details.data.specialTicketsRequired,
            workPermitRequired: details.data.workPermitRequired,
          }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AccessForm({ site, initial, onClose }: { site: SiteListRow; initial: Values; onClose: () => void }) {
  const save = useSaveAccessDetails();
  const toast = useToast();
  const [general, setGeneral] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: initial,
    resolver: zodResolver(schema),
  });
  const onValid = async (v: Values) => {
    setGeneral(null);
    try {
      await save.mutateAsync({
        siteId: site.id,
        organizationId: site.organizationId,
        ...v,
        accessNotes: v.accessNotes.trim() || null,
      });
      toast('Site access details saved', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      if (mapped.fields.accessNotes) setError('accessNotes', { type: 'server', message: mapped.fields.accessNotes });
      setGeneral(mapped.general);
    }
  };
  const notesError = formState.errors.accessNotes?.message;
  return (
    <form className="grid gap-3" onSubmit={handleSubmit(onValid)} noValidate>
      <FormAlert message={general} />
      <label className="form-control">
        <span className="label-text mb-1 text-sm font-medium">Access notes</span>
        <textarea
          className={`textarea w-full ${notesError ? 'textarea-error' : ''}`}
          rows={4}
          aria-invalid={Boolean(notesError)}
          {...register('accessNotes')}
        />
        {notesError && <span className="mt-1 text-xs text-error">{notesError}</span>}
      </label>
      {(
        [
          ['notificationRequired', 'Notification Required'],
          ['specialTicketsRequired', 'Special Tickets Required'],
          ['workPermitRequired', 'Work Permit Required'],
        ] as const
      ).map(([name, label]) => (
        <label key={name} className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-primary toggle-sm" {...register(name)} />
          {label}
        </label>
      ))}
      <FormActions onCancel={onClose} busy={save.isPending} />
    </form>
  );
}
