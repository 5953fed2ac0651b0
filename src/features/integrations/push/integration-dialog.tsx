// Add or Edit Integration (spec 3 §2 'Push API tab', §5 'Integration', §8): name, data type (fixed once created),
// request URL, header rows, max request size, enabled, CH4 rate and volume units and site groups; the domain's rules
// check the form and server errors land on their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { Integration } from '@/contracts/integration';
import {
  INTEGRATION_MESSAGES,
  integrationFormSchema,
  IntegrationDataType,
  MAX_REQUEST_SIZE_MAX,
  MAX_REQUEST_SIZE_MIN,
  type IntegrationInput,
} from '@/domain/integration';
import { parseCidrList } from '@/domain/network-address';
import { UNIT_GROUPS, UNITS } from '@/domain/units';
import { FormAlert } from '@/ui/form/form-alert';
import { formErrorsOf } from '@/ui/form/form-errors';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { FormActions, Modal } from '@/ui/modal';
import { MultiSelect } from '@/ui/multi-select';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { useDestinationRules, useIntegration, useSaveIntegration, useSiteGroupOptions } from './api';

const RATE_UNITS = UNITS.filter((u) => u.unitGroupId === UNIT_GROUPS.ch4Rate);
const VOLUME_UNITS = UNITS.filter((u) => u.unitGroupId === UNIT_GROUPS.ch4Volume);
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Loads the integration to edit (id) or starts a new one (null). */
export function IntegrationDialog({
  organizationId,
  integrationId,
  onClose,
}: {
  organizationId: number;
  integrationId: number | null;
  onClose: () => void;
}) {
  const { user } = useSession();
  const loaded = useIntegration(organizationId, integrationId);
  const groups = useSiteGroupOptions(organizationId);
  const rules = useDestinationRules(organizationId);
  const title = integrationId === null ? 'Add Integration' : 'Edit Integration';
  const units = user.userSettings.unitConfiguration;
  if ((integrationId !== null && loaded.isPending) || groups.isPending || rules.isPending) {
    return (
      <Modal open title={title} onClose={onClose}>
        <Spinner label="Loading integration" />
      </Modal>
    );
  }
  const error = loaded.error ?? groups.error ?? rules.error;
  if (error) {
    return (
      <Modal open title={title} onClose={onClose}>
        <LoadError
          message={error.message}
          onRetry={() => void Promise.all([loaded.refetch(), groups.refetch(), rules.refetch()])}
        />
      </Modal>
    );
  }
  const d = loaded.data;
  const initial: IntegrationInput = d
    ? {
        name: d.name,
        dataType: d.dataType,
        requestUrl: d.requestUrl,
        headers: d.headers,
        maxRequestSizeInBytes: d.maxRequestSizeInBytes,
        enabled: d.enabled,
        ch4RateDisplayUnitId: d.ch4RateDisplayUnitId,
        ch4VolumeDisplayUnitId: d.ch4VolumeDisplayUnitId,
        siteGroupIds: d.siteGroupIds,
      }
    : {
        name: '',
        dataType: IntegrationDataType.values.Alarms,
        requestUrl: '',
        headers: [],
        maxRequestSizeInBytes: null,
        enabled: true,
        ch4RateDisplayUnitId: units.ch4RateDisplayUnitId,
        ch4VolumeDisplayUnitId: units.ch4VolumeDisplayUnitId,
        siteGroupIds: [],
      };
  return (
    <IntegrationForm
      title={title}
      organizationId={organizationId}
      editing={loaded.data ?? null}
      initial={initial}
      groups={groups.data ?? []}
      allowedCidrs={rules.data?.allowedCidrs ?? []}
      onClose={onClose}
    />
  );
}

function IntegrationForm({
  title,
  organizationId,
  editing,
  initial,
  groups,
  allowedCidrs,
  onClose,
}: {
  title: string;
  organizationId: number;
  editing: Integration | null;
  initial: IntegrationInput;
  groups: readonly { id: number; name: string }[];
  allowedCidrs: readonly string[];
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveIntegration();
  const [general, setGeneral] = useState<string | null>(null);
  // A literal private address shows 'This address is not reachable from the internet' before anything is sent.
  const schema = useMemo(() => integrationFormSchema(parseCidrList(allowedCidrs.join(','))), [allowedCidrs]);
  const { register, control, handleSubmit, setError, formState } = useForm<IntegrationInput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const headers = useFieldArray({ control, name: 'headers' });
  const errors = formState.errors;

  const onSubmit = async (form: IntegrationInput) => {
    setGeneral(null);
    try {
      await save.mutateAsync({ ...form, id: editing?.id ?? 0, organizationId });
      toast(editing ? INTEGRATION_MESSAGES.edited : INTEGRATION_MESSAGES.added, 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path as keyof IntegrationInput, { type: 'server', message });
      setGeneral(mapped.general);
    }
  };

  const field = (id: string, label: string, message: string | undefined, control: React.ReactNode, hint?: string) => (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {hint && !message && <span className="text-xs text-base-content/70">{hint}</span>}
      {message && (
        <span id={`${id}-error`} className="text-xs text-error">
          {message}
        </span>
      )}
    </div>
  );
  const invalid = (message: string | undefined, id: string) => ({
    'aria-invalid': Boolean(message),
    'aria-describedby': message ? `${id}-error` : undefined,
  });

  return (
    <Modal open title={title} onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
        <FormAlert message={general} />
        {field(
          'integration-name',
          'Name',
          errors.name?.message,
          <input
            id="integration-name"
            className={`input input-sm w-full ${errors.name ? 'input-error' : ''}`}
            {...invalid(errors.name?.message, 'integration-name')}
            {...register('name')}
          />,
        )}
        {field(
          'integration-data-type',
          'Data Type',
          errors.dataType?.message,
          editing ? (
            // Not registered: a disabled control would drop the value, and the saved one is what is sent.
            <select id="integration-data-type" className="select select-sm w-full" disabled value={editing.dataType}>
              <option value={editing.dataType}>{IntegrationDataType.label(editing.dataType)}</option>
            </select>
          ) : (
            <select
              id="integration-data-type"
              className="select select-sm w-full"
              {...register('dataType', { valueAsNumber: true })}
            >
              {IntegrationDataType.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ),
          editing ? 'The data type cannot be changed once the integration exists.' : undefined,
        )}
        {field(
          'integration-url',
          'Request URL',
          errors.requestUrl?.message,
          <input
            id="integration-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            className={`input input-sm w-full font-mono ${errors.requestUrl ? 'input-error' : ''}`}
            {...invalid(errors.requestUrl?.message, 'integration-url')}
            {...register('requestUrl')}
          />,
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Headers</legend>
          {headers.fields.length === 0 && (
            <p className="text-xs text-base-content/70">
              No headers: requests carry only Content-Type: application/json.
            </p>
          )}
          {headers.fields.map((h, i) => {
            const keyError = errors.headers?.[i]?.key?.message;
            const valueError = errors.headers?.[i]?.value?.message;
            return (
              <div key={h.id} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
                <div className="grid gap-1">
                  <input
                    className={`input input-sm w-full font-mono ${keyError ? 'input-error' : ''}`}
                    placeholder="Key"
                    aria-label={`Header ${i + 1} key`}
                    {...invalid(keyError, `header-${i}-key`)}
                    {...register(`headers.${i}.key`)}
                  />
                  {keyError && (
                    <span id={`header-${i}-key-error`} className="text-xs text-error">
                      {keyError}
                    </span>
                  )}
                </div>
                <div className="grid gap-1">
                  <input
                    className={`input input-sm w-full font-mono ${valueError ? 'input-error' : ''}`}
                    placeholder="Value"
                    aria-label={`Header ${i + 1} value`}
                    {...invalid(valueError, `header-${i}-value`)}
                    {...register(`headers.${i}.value`)}
                  />
                  {valueError && (
                    <span id={`header-${i}-value-error`} className="text-xs text-error">
                      {valueError}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => headers.remove(i)}
                  aria-label={`Remove header ${i + 1}`}
                >
                  Remove
                </button>
              </div>
            );
          })}
          <div>
            <button
              type="button"
              className="btn btn-outline btn-xs"
              onClick={() => headers.append({ key: '', value: '' })}
            >
              Add Header
            </button>
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          {field(
            'integration-max-size',
            'Max Request Size (bytes)',
            errors.maxRequestSizeInBytes?.message,
            <input
              id="integration-max-size"
              inputMode="numeric"
              className={`input input-sm w-full ${errors.maxRequestSizeInBytes ? 'input-error' : ''}`}
              placeholder="No limit"
              {...invalid(errors.maxRequestSizeInBytes?.message, 'integration-max-size')}
              {...register('maxRequestSizeInBytes', { setValueAs: optionalNumber })}
            />,
            `Optional, ${MAX_REQUEST_SIZE_MIN} to ${MAX_REQUEST_SIZE_MAX}; larger pushes are split into several requests.`,
          )}
          <label className="flex items-center gap-2 self-center pt-4 text-sm font-medium">
            <input type="checkbox" className="toggle toggle-sm toggle-primary" {...register('enabled')} />
            Enabled
          </label>
          {field(
            'integration-rate-unit',
            'CH4 Rate Unit',
            errors.ch4RateDisplayUnitId?.message,
            <select
              id="integration-rate-unit"
              className="select select-sm w-full"
              {...register('ch4RateDisplayUnitId', { setValueAs: optionalNumber })}
            >
              {RATE_UNITS.map((u) => (
                <option key={u.id} value={u.id}>
                  {`${u.name} (${u.label})`}
                </option>
              ))}
            </select>,
          )}
          {field(
            'integration-volume-unit',
            'CH4 Volume Unit',
            errors.ch4VolumeDisplayUnitId?.message,
            <select
              id="integration-volume-unit"
              className="select select-sm w-full"
              {...register('ch4VolumeDisplayUnitId', { setValueAs: optionalNumber })}
            >
              {VOLUME_UNITS.map((u) => (
                <option key={u.id} value={u.id}>
                  {`${u.name} (${u.label})`}
                </option>
              ))}
            </select>,
          )}
        </div>
        <div className="grid gap-1">
          <span className="text-sm font-medium">Site Groups</span>
          <Controller
            control={control}
            name="siteGroupIds"
            render={({ field: f }) => (
              <MultiSelect
                label="Site Groups"
                allLabel="All sites"
                options={groups.map((g) => ({ id: g.id, label: g.name }))}
                selected={f.value}
                onChange={f.onChange}
              />
            )}
          />
          <span className={`text-xs ${errors.siteGroupIds ? 'text-error' : 'text-base-content/70'}`}>
            {errors.siteGroupIds?.message ?? 'None chosen sends the records of every site of the organization.'}
          </span>
        </div>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
