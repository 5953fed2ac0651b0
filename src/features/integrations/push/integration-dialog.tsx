// Add or Edit Integration (spec 3 §2 'Push API tab', §5 'Integration', §8): name, data type (fixed once created),
// request URL, header rows, max request size, enabled, CH4 rate and volume units and site groups; the domain's rules
// check the form and server errors land on their fields.
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import type { Integration } from '@/contracts/integration';
import {
  IntegrationDataType,
  MAX_REQUEST_SIZE_MAX,
  MAX_REQUEST_SIZE_MIN,
  type IntegrationInput,
} from '@/domain/integration';
import { UNIT_GROUPS, UNITS } from '@/domain/units';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField, invalidProps } from '@/ui/form/form-field';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { FormActions, Modal } from '@/ui/modal';
import { MultiSelect } from '@/ui/multi-select';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useDestinationRules, useIntegration, useSiteGroupOptions } from './api';
import { HeaderRows } from './header-rows';
import { useIntegrationForm } from './use-integration-form';

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
  const { form, headers, general, busy, submit } = useIntegrationForm({
    organizationId,
    editing,
    initial,
    allowedCidrs,
    onSaved: onClose,
  });
  const { register, control } = form;
  const errors = form.formState.errors;

  return (
    <Modal open title={title} onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={general} />
        <FormField id="integration-name" label="Name" error={errors.name?.message}>
          <input
            id="integration-name"
            className={`input input-sm w-full ${errors.name ? 'input-error' : ''}`}
            {...invalidProps(errors.name?.message, 'integration-name')}
            {...register('name')}
          />
        </FormField>
        <FormField
          id="integration-data-type"
          label="Data Type"
          error={errors.dataType?.message}
          hint={editing ? 'The data type cannot be changed once the integration exists.' : undefined}
        >
          {editing ? (
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
          )}
        </FormField>
        <FormField id="integration-url" label="Request URL" error={errors.requestUrl?.message}>
          <input
            id="integration-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            className={`input input-sm w-full font-mono ${errors.requestUrl ? 'input-error' : ''}`}
            {...invalidProps(errors.requestUrl?.message, 'integration-url')}
            {...register('requestUrl')}
          />
        </FormField>
        <HeaderRows headers={headers} register={register} errors={errors.headers} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            id="integration-max-size"
            label="Max Request Size (bytes)"
            error={errors.maxRequestSizeInBytes?.message}
            hint={`Optional, ${MAX_REQUEST_SIZE_MIN} to ${MAX_REQUEST_SIZE_MAX}; larger pushes are split into several requests.`}
          >
            <input
              id="integration-max-size"
              inputMode="numeric"
              className={`input input-sm w-full ${errors.maxRequestSizeInBytes ? 'input-error' : ''}`}
              placeholder="No limit"
              {...invalidProps(errors.maxRequestSizeInBytes?.message, 'integration-max-size')}
              {...register('maxRequestSizeInBytes', { setValueAs: optionalNumber })}
            />
          </FormField>
          <label className="flex items-center gap-2 self-center pt-4 text-sm font-medium">
            <input type="checkbox" className="toggle toggle-sm toggle-primary" {...register('enabled')} />
            Enabled
          </label>
          <FormField id="integration-rate-unit" label="CH4 Rate Unit" error={errors.ch4RateDisplayUnitId?.message}>
            <UnitSelect
              id="integration-rate-unit"
              units={RATE_UNITS}
              {...register('ch4RateDisplayUnitId', { setValueAs: optionalNumber })}
            />
          </FormField>
          <FormField
            id="integration-volume-unit"
            label="CH4 Volume Unit"
            error={errors.ch4VolumeDisplayUnitId?.message}
          >
            <UnitSelect
              id="integration-volume-unit"
              units={VOLUME_UNITS}
              {...register('ch4VolumeDisplayUnitId', { setValueAs: optionalNumber })}
            />
          </FormField>
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
        <FormActions onCancel={onClose} busy={busy} />
      </form>
    </Modal>
  );
}

/** A CH4 unit picker: 'Name (label)' per unit of its group. */
function UnitSelect({
  id,
  units,
  ...registered
}: { id: string; units: readonly { id: number; name: string; label: string }[] } & UseFormRegisterReturn) {
  return (
    <select id={id} className="select select-sm w-full" {...registered}>
      {units.map((u) => (
        <option key={u.id} value={u.id}>
          {`${u.name} (${u.label})`}
        </option>
      ))}
    </select>
  );
}
