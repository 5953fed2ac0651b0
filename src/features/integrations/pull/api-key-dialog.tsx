// Create or edit an API key (spec 3 §5 'Api key'). After a create the dialog shows the key once, with Copy and a
// warning, and then offers only Close (spec 3 §2); the key is never fetched again.
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { ApiKey } from '@/contracts/api-key';
import {
  API_KEY_MESSAGES,
  API_KEY_UNIT_FIELDS,
  apiKeyFormSchema,
  normalizeApiKeyForm,
  unitOptions,
  type ApiKeyForm,
} from '@/domain/api-key';
import { API_ENDPOINT_CATEGORIES } from '@/domain/enums';
import { Permission } from '@/domain/permissions';
import { FormAlert, InlineAlert } from '@/ui/form/form-alert';
import { formErrorsOf } from '@/ui/form/form-errors';
import { FormActions, Modal } from '@/ui/modal';
import { MultiSelect } from '@/ui/multi-select';
import { useHasPermission } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { useSaveApiKey, useSiteGroupOptions } from './api';

/** The form holds the units as chosen: empty until the user picks one. */
type FormValues = Omit<ApiKeyForm, 'ch4RateDisplayUnitId' | 'ch4VolumeDisplayUnitId' | 'speedDisplayUnitId'> & {
  ch4RateDisplayUnitId: number | null;
  ch4VolumeDisplayUnitId: number | null;
  speedDisplayUnitId: number | null;
};

// The domain's schema decides; its first message per field goes on the field.
const resolver: Resolver<FormValues, unknown, ApiKeyForm> = async (values) => {
  const result = apiKeyFormSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<FormValues> };
};

function initialValues(organizationId: number, k: ApiKey | null): FormValues {
  return {
    id: k?.id ?? 0,
    organizationId,
    name: k?.name ?? '',
    enabled: k?.enabled ?? true,
    apiEndpoints: (k?.apiEndpoints ?? []).filter((e): e is ApiKeyForm['apiEndpoints'][number] =>
      (API_ENDPOINT_CATEGORIES as readonly string[]).includes(e),
    ),
    canAccessAllSites: k?.canAccessAllSites ?? false,
    siteGroupIds: k?.siteGroupIds ?? [],
    canAccessHighFrequencyData: k?.canAccessHighFrequencyData ?? false,
    ch4RateDisplayUnitId: k?.ch4RateDisplayUnitId ?? null,
    ch4VolumeDisplayUnitId: k?.ch4VolumeDisplayUnitId ?? null,
    speedDisplayUnitId: k?.speedDisplayUnitId ?? null,
  };
}

export function ApiKeyDialog({
  organizationId,
  apiKey,
  onClose,
}: {
  organizationId: number;
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const save = useSaveApiKey(organizationId);
  const groups = useSiteGroupOptions(organizationId);
  const toast = useToast();
  const canSetHighFrequency = useHasPermission(Permission.QubeAdministration);
  const [general, setGeneral] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const { register, handleSubmit, control, setError, setValue, watch, formState } = useForm<
    FormValues,
    unknown,
    ApiKeyForm
  >({ defaultValues: initialValues(organizationId, apiKey), resolver });
  const allSites = watch('canAccessAllSites');
  const err = (name: keyof FormValues) => formState.errors[name]?.message;

  async function submit(form: ApiKeyForm) {
    setGeneral(null);
    try {
      const answer = await save.mutateAsync(normalizeApiKeyForm(form));
      if (form.id === 0) {
        toast(API_KEY_MESSAGES.created, 'success');
        // Shown once: kept only in this dialog's state, gone when it closes.
        if (answer.apiKey) setCreated({ name: answer.name, key: answer.apiKey });
        else onClose();
      } else {
        toast(API_KEY_MESSAGES.edited, 'success');
        onClose();
      }
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path.split('.')[0] as keyof FormValues, { type: 'server', message });
      setGeneral(mapped.general);
    }
  }

  if (created) return <CreatedKey name={created.name} apiKey={created.key} onClose={onClose} />;

  const fieldError = (name: keyof FormValues) =>
    err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>;
  return (
    <Modal open title={apiKey ? `Edit ${apiKey.name}` : 'Create API Key'} onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={handleSubmit((v) => void submit(v))} noValidate>
        <FormAlert message={general} />
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">Name</span>
          <input
            className={`input w-full ${err('name') ? 'input-error' : ''}`}
            aria-invalid={Boolean(err('name'))}
            {...register('name')}
          />
          {fieldError('name')}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="toggle toggle-primary toggle-sm" {...register('enabled')} />
          <span className="text-sm">Enabled</span>
        </label>
        <fieldset className="rounded-box border border-base-300 p-3" aria-invalid={Boolean(err('apiEndpoints'))}>
          <legend className="px-1 text-sm font-medium">API Endpoints</legend>
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
            {API_ENDPOINT_CATEGORIES.map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" value={c} {...register('apiEndpoints')} />
                {c}
              </label>
            ))}
          </div>
          {fieldError('apiEndpoints')}
        </fieldset>
        <fieldset className="rounded-box border border-base-300 p-3">
          <legend className="px-1 text-sm font-medium">Sites</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              {...register('canAccessAllSites', {
                // Ticking all sites clears the site groups (spec 3 §5).
                onChange: (e: { target: { checked: boolean } }) => {
                  if (e.target.checked) setValue('siteGroupIds', [], { shouldValidate: formState.isSubmitted });
                },
              })}
            />
            All Current and Future Sites
          </label>
          {!allSites && (
            <div className="mt-2">
              {groups.isPending ? (
                <span className="text-sm text-base-content/70">Loading site groups…</span>
              ) : groups.isError ? (
                <span className="text-sm text-error">{groups.error.message}</span>
              ) : (
                <Controller
                  control={control}
                  name="siteGroupIds"
                  render={({ field }) => (
                    <MultiSelect
                      label="Site Group(s)"
                      allLabel="None"
                      options={groups.data.map((g) => ({ id: g.id, label: g.name }))}
                      selected={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
              )}
            </div>
          )}
          {fieldError('siteGroupIds')}
        </fieldset>
        {canSetHighFrequency && (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="toggle toggle-primary toggle-sm"
              {...register('canAccessHighFrequencyData')}
            />
            <span className="text-sm">High Frequency Data (raw measurements and wind)</span>
          </label>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          {API_KEY_UNIT_FIELDS.map((u) => (
            <label key={u.field} className="form-control w-full">
              <span className="label-text mb-1 text-sm font-medium">{u.label}</span>
              <select
                className={`select w-full ${err(u.field) ? 'select-error' : ''}`}
                aria-invalid={Boolean(err(u.field))}
                {...register(u.field, { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) })}
              >
                <option value="">Select…</option>
                {unitOptions(u.group).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              {fieldError(u.field)}
            </label>
          ))}
        </div>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}

function CreatedKey({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <Modal open title={`API key for ${name}`} onClose={onClose} wide>
      <div className="grid gap-3">
        <InlineAlert tone="warning">{API_KEY_MESSAGES.shownOnce}</InlineAlert>
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">API key</span>
          <div className="join w-full">
            <input
              className="input join-item w-full font-mono text-sm"
              readOnly
              value={apiKey}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="btn join-item" onClick={() => void copy()}>
              Copy
            </button>
          </div>
        </label>
        <p className="min-h-5 text-sm" aria-live="polite">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'failed'
              ? 'The browser did not allow copying; select the key and copy it.'
              : ''}
        </p>
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
