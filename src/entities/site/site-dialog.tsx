// Add Site / Edit Site (spec 3 §3 'Site edit form', §5 'Site form'): react-hook-form over the shared zod rules;
// changing organization clears asset area, business unit and groups, changing country clears state, regulation and
// regulatory type; moving a site to another organization asks first; SiteAdd-only fields are read-only without it.
import { Controller } from 'react-hook-form';
import type { SiteEdit } from '@/contracts/site';
import { SITE_LOCATION_PLACEHOLDER } from '@/domain/site-form';
import { FormAlert } from '@/ui/form/form-alert';
import { FormActions, Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useSiteEdit } from './api';
import { LabelField } from '@/ui/form/label-field';
import { MoveSiteQuestion, SiteOptionFields } from './site-dialog-fields';
import { useSiteDialogForm } from './use-site-dialog-form';

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
  const form = useSiteDialogForm(site, onClose);
  const { register, control } = form.form;
  const { err, addOnly, organizations, options } = form;
  if (form.moveQuestion) return <MoveSiteQuestion question={form.moveQuestion} />;
  return (
    <form className="grid gap-3" onSubmit={form.onSubmit} noValidate>
      <FormAlert message={form.general} />
      {addOnly && (
        <p className="text-sm text-base-content/70">
          Name, organization, location, country, state, regulation and regulatory type can be changed by users with the
          SiteAdd permission.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelField label="Name" error={err('name')}>
          <input
            className={`input w-full ${err('name') ? 'input-error' : ''}`}
            disabled={addOnly}
            aria-invalid={Boolean(err('name'))}
            {...register('name')}
          />
        </LabelField>
        <LabelField label="Alias" error={err('alias')}>
          <input
            className="input w-full"
            {...register('alias', { setValueAs: (v: string) => (v?.trim() ? v : null) })}
          />
        </LabelField>
        <LabelField label="Organization" error={err('organizationId')}>
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
                  form.clear('organizationId');
                }}
              >
                {organizations.map((org) => (
                  <option key={org.id} value={org.id}>
                    {org.name}
                  </option>
                ))}
              </select>
            )}
          />
        </LabelField>
        <LabelField label="Location" error={err('locationLatLng')} hint="Latitude,longitude in decimal degrees">
          <input
            className={`input w-full ${err('locationLatLng') ? 'input-error' : ''}`}
            placeholder={SITE_LOCATION_PLACEHOLDER}
            disabled={addOnly}
            aria-invalid={Boolean(err('locationLatLng'))}
            {...register('locationLatLng')}
          />
        </LabelField>
      </div>
      {options.isPending ? (
        <Spinner label="Loading options" />
      ) : options.error ? (
        <p className="alert alert-error" role="alert">
          {options.error.message}
        </p>
      ) : (
        options.data && <SiteOptionFields site={form} o={options.data} />
      )}
      <FormActions onCancel={onClose} busy={form.saving} />
    </form>
  );
}
