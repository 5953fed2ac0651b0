// Add Site / Edit Site (spec 3 §3 'Site edit form', §5 'Site form'): react-hook-form over the shared zod rules;
// changing organization clears asset area, business unit and groups, changing country clears state, regulation and
// regulatory type; moving a site to another organization asks first; SiteAdd-only fields are read-only without it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { SiteEdit } from '@/contracts/site';
import { effectivePermissions, Permission } from '@/domain/permissions';
import {
  clearedByChange,
  MOVE_SITE_CONFIRMATION,
  SITE_LOCATION_PLACEHOLDER,
  siteFormSchema,
  type SiteForm,
} from '@/domain/site-form';
import { formErrorsOf } from '../../ui/form/form-errors';
import { FormActions, Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import { useSaveSite, useSiteEdit, useSiteOptions } from './api';
import { FormAlert } from '../../ui/form/form-alert';

const EMPTY: Omit<SiteForm, 'organizationId'> = {
  id: 0,
  name: '',
  locationLatLng: '',
  alias: null,
  siteGroupIds: [],
  businessUnit: null,
  assetArea: null,
  countryId: null,
  stateProvinceId: null,
  regulationId: null,
  regulatorySiteTypeId: null,
  genericSiteTypeId: null,
  basinId: null,
  industrySegmentId: null,
  fluidTypeId: null,
};

export function SiteDialog({ siteId, onClose }: { siteId: number | null; onClose: () => void }) {
  const { organization } = useSession();
  const existing = useSiteEdit(siteId, organization!.id);
  const title = siteId === null ? 'Add Site' : 'Edit Site';
  return (
    <Modal open title={title} onClose={onClose} wide>
      {siteId !== null && existing.isPending ? (
        <Spinner label="Loading site" />
      ) : existing.error ? (
        <p className="alert alert-error" role="alert">
          {existing.error.message}
        </p>
      ) : (
        <SiteFormBody site={existing.data ?? null} onClose={onClose} />
      )}
    </Modal>
  );
}

function SiteFormBody({ site, onClose }: { site: SiteEdit | null; onClose: () => void }) {
  const { user, organization } = useSession();
  const toast = useToast();
  const save = useSaveSite();
  const [general, setGeneral] = useState<string | null>(null);
  const [moveQuestion, setMoveQuestion] = useState<{ form: SiteForm; text: string } | null>(null);

  // Per organization, whether the user may add sites there (global role ∪ role in that organization).
  const globalPermissions = user.roles.find((r) => r.id === user.userDetails.roleId)?.permissions;
  const canAddIn = (orgId: number) => {
    const org = user.userOrganizations.find((o) => o.id === orgId);
    return effectivePermissions(globalPermissions, user.roles.find((r) => r.id === org?.roleId)?.permissions).has(
      Permission.SiteAdd,
    );
  };
  const canAddHere = canAddIn(site?.organizationId ?? organization!.id);
  const organizations = useMemo(
    () => user.userOrganizations.filter((o) => !o.deleted && (canAddIn(o.id) || o.id === site?.organizationId)),
    // canAddIn is a new function every render and reads only user and globalPermissions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [user, site],
  );

  const { register, handleSubmit, control, setValue, watch, setError, formState } = useForm<SiteForm>({
    defaultValues: site ? { ...site } : { ...EMPTY, organizationId: organization!.id },
    resolver: zodResolver(siteFormSchema),
  });
  const organizationId = watch('organizationId');
  const countryId = watch('countryId');
  const regulationId = watch('regulationId');
  const options = useSiteOptions(organizationId || null);
  const o = options.data;
  const states = o?.stateProvinces.filter((s) => s.parentId === countryId) ?? [];
  const regulations = o?.regulations.filter((r) => r.parentId === countryId) ?? [];

  const clear = (field: 'organizationId' | 'countryId' | 'regulationId') => {
    for (const f of clearedByChange(field)) setValue(f, f === 'siteGroupIds' ? [] : null, { shouldDirty: true });
  };

  async function submit(form: SiteForm) {
    setGeneral(null);
    try {
      await save.mutateAsync({ ...form, updatedAt: site?.updatedAt ?? null });
      toast(site ? 'Site details saved' : 'Site added', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path.split('.')[0] as FieldPath<SiteForm>, { type: 'server', message });
      setGeneral(mapped.general);
    }
  }

  const onValid = (form: SiteForm) => {
    if (site && form.organizationId !== site.organizationId) {
      const name = (id: number) => user.userOrganizations.find((x) => x.id === id)?.name ?? `organization ${id}`;
      setMoveQuestion({ form, text: MOVE_SITE_CONFIRMATION(name(site.organizationId), name(form.organizationId)) });
    } else void submit(form);
  };

  const err = (name: FieldPath<SiteForm>) => formState.errors[name as keyof SiteForm]?.message as string | undefined;
  const addOnly = site !== null && !canAddHere;
  const field = (name: FieldPath<SiteForm>, label: string, control: React.ReactNode, hint?: string) => (
    <label className="form-control w-full">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      {control}
      {hint && !err(name) && <span className="mt-1 text-xs text-base-content/70">{hint}</span>}
      {err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>}
    </label>
  );
  const idSelect = (
    name:
      | 'countryId'
      | 'stateProvinceId'
      | 'regulationId'
      | 'regulatorySiteTypeId'
      | 'genericSiteTypeId'
      | 'basinId'
      | 'industrySegmentId'
      | 'fluidTypeId',
    label: string,
    list: readonly { id: number; name: string }[],
    opts: { disabled?: boolean; after?: () => void } = {},
  ) =>
    field(
      name,
      label,
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <select
            className={`select w-full ${err(name) ? 'select-error' : ''}`}
            value={f.value ?? ''}
            disabled={opts.disabled}
            aria-invalid={Boolean(err(name))}
            onChange={(e) => {
              f.onChange(e.target.value === '' ? null : Number(e.target.value));
              opts.after?.();
            }}
          >
            <option value="">—</option>
            {list.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        )}
      />,
    );

  if (moveQuestion) {
    return (
      <div>
        <p className="text-base-content/80">{moveQuestion.text}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setMoveQuestion(null)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-warning"
            onClick={() => {
              const form = moveQuestion.form;
              setMoveQuestion(null);
              void submit(form);
            }}
          >
            Move site
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-3" onSubmit={handleSubmit(onValid)} noValidate>
      <FormAlert message={general} />
      {addOnly && (
        <p className="text-sm text-base-content/70">
          Name, organization, location, country, state, regulation and regulatory type can be changed by users with the
          SiteAdd permission.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          'name',
          'Name',
          <input
            className={`input w-full ${err('name') ? 'input-error' : ''}`}
            disabled={addOnly}
            aria-invalid={Boolean(err('name'))}
            {...register('name')}
          />,
        )}
        {field(
          'alias',
          'Alias',
          <input
            className="input w-full"
            {...register('alias', { setValueAs: (v: string) => (v?.trim() ? v : null) })}
          />,
        )}
        {field(
          'organizationId',
          'Organization',
          <Controller
            control={control}
            name="organizationId"
            render={({ field: f }) => (
              <select
                className={`select w-full ${err('organizationId') ? 'select-error' : ''}`}
                value={f.value || ''}
                disabled={addOnly || organizations.length < 2}
                onChange={(e) => {
                  f.onChange(Number(e.target.value));
                  clear('organizationId');
                }}
              >
                {organizations.map((org) => (
                  <option key={org.id} value={org.id}>
                    {org.name}
                  </option>
                ))}
              </select>
            )}
          />,
        )}
        {field(
          'locationLatLng',
          'Location',
          <input
            className={`input w-full ${err('locationLatLng') ? 'input-error' : ''}`}
            placeholder={SITE_LOCATION_PLACEHOLDER}
            disabled={addOnly}
            aria-invalid={Boolean(err('locationLatLng'))}
            {...register('locationLatLng')}
          />,
          'Latitude,longitude in decimal degrees',
        )}
      </div>
      {options.isPending ? (
        <Spinner label="Loading options" />
      ) : options.error ? (
        <p className="alert alert-error" role="alert">
          {options.error.message}
        </p>
      ) : (
        o && (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              {field(
                'businessUnit',
                'Business Unit',
                <input
                  className="input w-full"
                  list="site-business-units"
                  {...register('businessUnit', { setValueAs: (v: string) => (v?.trim() ? v : null) })}
                />,
              )}
              {field(
                'assetArea',
                'Asset/Area',
                <input
                  className="input w-full"
                  list="site-asset-areas"
                  {...register('assetArea', { setValueAs: (v: string) => (v?.trim() ? v : null) })}
                />,
              )}
              <datalist id="site-business-units">
                {o.businessUnits.map((b) => (
                  <option key={b} value={b} />
                ))}
              </datalist>
              <datalist id="site-asset-areas">
                {o.assetAreas.map((a) => (
                  <option key={a} value={a} />
                ))}
              </datalist>
            </div>
            <fieldset className="rounded-box border border-base-300 p-3">
              <legend className="px-1 text-sm font-medium">Groups</legend>
              {o.siteGroups.length === 0 ? (
                <p className="text-sm text-base-content/70">This organization has no site groups yet.</p>
              ) : (
                <Controller
                  control={control}
                  name="siteGroupIds"
                  render={({ field: f }) => (
                    <div className="flex max-h-32 flex-wrap gap-x-4 gap-y-1 overflow-auto">
                      {o.siteGroups.map((g) => (
                        <label key={g.id} className="flex items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="checkbox checkbox-xs"
                            checked={f.value.includes(g.id)}
                            onChange={(e) =>
                              f.onChange(e.target.checked ? [...f.value, g.id] : f.value.filter((x) => x !== g.id))
                            }
                          />
                          {g.name}
                        </label>
                      ))}
                    </div>
                  )}
                />
              )}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              {idSelect('countryId', 'Country', o.countries, { disabled: addOnly, after: () => clear('countryId') })}
              {idSelect('stateProvinceId', 'State/Province', states, {
                disabled: addOnly || countryId === null || states.length === 0,
              })}
              {idSelect('regulationId', 'Regulation', regulations, {
                disabled: addOnly || countryId === null || regulations.length === 0,
                after: () => clear('regulationId'),
              })}
              {idSelect('regulatorySiteTypeId', 'Regulatory Site Type', o.regulatorySiteTypes, {
                disabled: addOnly || regulationId === null,
              })}
              {idSelect('genericSiteTypeId', 'Generic Site Type', o.genericSiteTypes)}
              {idSelect('basinId', 'Basin', o.basins)}
              {idSelect('industrySegmentId', 'Industry Segment', o.industrySegments)}
              {idSelect('fluidTypeId', 'Fluid Type', o.fluidTypes)}
            </div>
          </>
        )
      )}
      <FormActions onCancel={onClose} busy={save.isPending} />
    </form>
  );
}
