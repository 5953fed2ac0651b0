// Add / edit an organization (spec 3 §5 'Organization'), with the save confirmations and server errors on fields.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Organization } from '@/contracts/organization';
import {
  organizationFormSchema,
  organizationSaveConfirmations,
  type OrganizationForm,
} from '@/domain/organization-form';
import { FormActions, Modal } from '@/ui/modal';
import { formErrorsOf } from '@/ui/form/form-errors';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { useSaveOrganization } from './api/organizations';
import { FormAlert } from '@/ui/form/form-alert';

const list = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

interface FormValues {
  name: string;
  singleSignOnEnabled: boolean;
  domains: string;
  customerSuccessReps: string;
  salesReps: string;
  orgContacts: string;
  allowIframeEmbedding: boolean;
  cspFrameAncestorDomain: string;
  iframeSrcUrls: string;
  providerOwn: boolean;
}

function toForm(id: number, v: FormValues): OrganizationForm {
  return {
    id,
    name: v.name,
    singleSignOnEnabled: v.singleSignOnEnabled,
    domains: list(v.domains),
    customerSuccessReps: list(v.customerSuccessReps),
    salesReps: list(v.salesReps),
    orgContacts: list(v.orgContacts),
    allowIframeEmbedding: v.allowIframeEmbedding,
    cspFrameAncestorDomain: v.cspFrameAncestorDomain.trim() || null,
    iframeSrcUrls: list(v.iframeSrcUrls),
    providerOwn: v.providerOwn,
  };
}

const fieldOf = (path: string) => path.split('.')[0] as keyof FormValues;

export function OrganizationDialog({
  organization,
  onClose,
}: {
  organization: Organization | null;
  onClose: () => void;
}) {
  const save = useSaveOrganization();
  const toast = useToast();
  const [pending, setPending] = useState<{ form: OrganizationForm; questions: string[] } | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const o = organization;
  const providerStaff = useSession().user.userDetails.isQubeUser;
  const { register, handleSubmit, setError, watch, formState } = useForm<FormValues>({
    defaultValues: {
      name: o?.name ?? '',
      singleSignOnEnabled: o?.singleSignOnEnabled ?? false,
      domains: o?.domains.join('\n') ?? '',
      customerSuccessReps: o?.customerSuccessReps.join('\n') ?? '',
      salesReps: o?.salesReps.join('\n') ?? '',
      orgContacts: o?.orgContacts.join('\n') ?? '',
      allowIframeEmbedding: Boolean(o?.cspFrameAncestorDomain),
      cspFrameAncestorDomain: o?.cspFrameAncestorDomain ?? '',
      iframeSrcUrls: o?.iframeSrcUrls.join('\n') ?? '',
      providerOwn: o?.providerOwn ?? false,
    },
    // The same zod rules as the server, applied to the converted values.
    resolver: async (values, context, options) => {
      const result = await zodResolver(organizationFormSchema)(toForm(o?.id ?? 0, values), context, options as never);
      if (Object.keys(result.errors).length === 0) return { values, errors: {} };
      const errors: Record<string, { type: string; message?: string }> = {};
      for (const [k, v] of Object.entries(result.errors as Record<string, unknown>)) {
        const first = Array.isArray(v) ? v.find(Boolean) : v;
        errors[k] = {
          type: 'validate',
          message: (first as { message?: string } | undefined)?.message ?? 'Invalid value',
        };
      }
      return { values: {}, errors };
    },
  });
  const allowIframe = watch('allowIframeEmbedding');

  async function submit(form: OrganizationForm) {
    setGeneral(null);
    try {
      await save.mutateAsync(form);
      toast(form.id === 0 ? 'Added organization' : 'Edited organization', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields)) setError(fieldOf(path), { type: 'server', message });
      setGeneral(mapped.general);
    }
  }

  const onValid = (values: FormValues) => {
    const form = toForm(o?.id ?? 0, values);
    const questions = organizationSaveConfirmations(o, form);
    if (questions.length) setPending({ form, questions });
    else void submit(form);
  };

  const err = (name: keyof FormValues) => formState.errors[name]?.message;
  const text = (name: keyof FormValues, label: string, opts: { area?: boolean; hint?: string } = {}) => (
    <label className="form-control w-full">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      {opts.area ? (
        <textarea
          className={`textarea w-full ${err(name) ? 'textarea-error' : ''}`}
          rows={2}
          aria-invalid={Boolean(err(name))}
          {...register(name)}
        />
      ) : (
        <input
          className={`input w-full ${err(name) ? 'input-error' : ''}`}
          aria-invalid={Boolean(err(name))}
          {...register(name)}
        />
      )}
      {opts.hint && !err(name) && <span className="mt-1 text-xs text-base-content/70">{opts.hint}</span>}
      {err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>}
    </label>
  );

  return (
    <Modal open title={o ? `Edit ${o.name}` : 'Add Organization'} onClose={onClose} wide>
      {pending ? (
        <div>
          <ul className="list-disc space-y-2 pl-5">
            {pending.questions.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => setPending(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                const form = pending.form;
                setPending(null);
                void submit(form);
              }}
            >
              Confirm and save
            </button>
          </div>
        </div>
      ) : (
        <form className="grid gap-3" onSubmit={handleSubmit(onValid)} noValidate>
          <FormAlert message={general} />
          {text('name', 'Name')}
          <label className="flex items-center gap-2">
            <input type="checkbox" className="toggle toggle-primary toggle-sm" {...register('singleSignOnEnabled')} />
            <span className="text-sm">Single sign-on enabled</span>
          </label>
          {text('domains', 'Email domains', { area: true, hint: 'One per line' })}
          <div className="grid gap-3 sm:grid-cols-3">
            {text('customerSuccessReps', 'Customer success reps', { area: true })}
            {text('salesReps', 'Sales reps', { area: true })}
            {text('orgContacts', 'Organization contacts', { area: true })}
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="toggle toggle-primary toggle-sm" {...register('allowIframeEmbedding')} />
            <span className="text-sm">Allow embedding in a frame</span>
          </label>
          {allowIframe &&
            text('cspFrameAncestorDomain', 'CSP frame ancestor domain', { hint: 'e.g. https://portal.example.com' })}
          {allowIframe && text('iframeSrcUrls', 'Frame source URLs', { area: true, hint: 'One per line' })}
          {providerStaff && (
            <label className="flex items-center gap-2">
              <input type="checkbox" className="toggle toggle-primary toggle-sm" {...register('providerOwn')} />
              <span className="text-sm">
                The provider's own organization (its sites can be left off the device map)
              </span>
            </label>
          )}
          <FormActions onCancel={onClose} busy={save.isPending} />
        </form>
      )}
    </Modal>
  );
}
