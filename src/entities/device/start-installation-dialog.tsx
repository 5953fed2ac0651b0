// Start Installation (spec 2 §2, §5): site, location (defaults to the site's), optional height and azimuth. An
// installed device has its current installation ended by the server first.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { siteListEndpoint } from '@/contracts/site';
import { endpointQuery } from '@/api/endpoint-client';
import { startInstallationSchema, type StartInstallation, type StartInstallationInput } from '@/domain/device-form';
import { SITE_LOCATION_PLACEHOLDER } from '@/domain/site-form';
import { FormAlert } from '../../ui/form/form-alert';
import { formErrorsOf } from '../../ui/form/form-errors';
import { FormActions, Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import { useStartInstallation } from './api';

export function StartInstallationDialog({
  device,
  onClose,
}: {
  device: { id: number; name: string; currentSiteName: string | null };
  onClose: () => void;
}) {
  const { organization } = useSession();
  const organizationId = organization!.id;
  const toast = useToast();
  const start = useStartInstallation();
  const [general, setGeneral] = useState<string | null>(null);
  const sites = useQuery(endpointQuery(siteListEndpoint, { query: { organizationId } }));
  const { register, handleSubmit, setValue, setError, formState, getValues } = useForm<
    StartInstallationInput,
    unknown,
    StartInstallation
  >({
    defaultValues: { deviceId: device.id, siteId: 0, locationLatLng: '', height: null, azimuth: null },
    resolver: zodResolver(startInstallationSchema),
  });
  const err = (name: keyof StartInstallationInput) => formState.errors[name]?.message;

  async function submit(form: StartInstallation) {
    setGeneral(null);
    try {
      await start.mutateAsync({ ...form, organizationId });
      toast('Device installation started', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path as FieldPath<StartInstallationInput>, { type: 'server', message });
      setGeneral(mapped.general ?? mapped.fields.deviceId ?? null);
    }
  }

  const label = (name: keyof StartInstallationInput, text: string, control: React.ReactNode) => (
    <label className="form-control w-full">
      <span className="label-text mb-1 text-sm font-medium">{text}</span>
      {control}
      {err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>}
    </label>
  );

  return (
    <Modal open title={`Start Installation of ${device.name}`} onClose={onClose}>
      {sites.isPending ? (
        <Spinner label="Loading sites" />
      ) : sites.error ? (
        <p className="alert alert-error" role="alert">
          {sites.error.message}
        </p>
      ) : (
        <form className="grid gap-3" onSubmit={handleSubmit(submit)} noValidate>
          <FormAlert message={general} />
          {device.currentSiteName && (
            <p className="alert alert-info text-sm">{`${device.name} is installed at ${device.currentSiteName}. Saving ends that installation first.`}</p>
          )}
          {label(
            'siteId',
            'Site',
            <select
              className={`select w-full ${err('siteId') ? 'select-error' : ''}`}
              aria-label="Site"
              {...register('siteId', {
                setValueAs: (v: string) => Number(v),
                onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                  const site = sites.data.find((s) => s.id === Number(e.target.value));
                  if (site && !getValues('locationLatLng'))
                    setValue('locationLatLng', `${site.location.lat},${site.location.lng}`);
                },
              })}
            >
              <option value={0}>Choose a site</option>
              {sites.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.alias ? ` (${s.alias})` : ''}
                </option>
              ))}
            </select>,
          )}
          {label(
            'locationLatLng',
            'Location',
            <input
              className={`input w-full ${err('locationLatLng') ? 'input-error' : ''}`}
              placeholder={SITE_LOCATION_PLACEHOLDER}
              {...register('locationLatLng')}
            />,
          )}
          <div className="grid grid-cols-2 gap-3">
            {label(
              'height',
              'Height (m)',
              <input
                className={`input w-full ${err('height') ? 'input-error' : ''}`}
                inputMode="decimal"
                {...register('height')}
              />,
            )}
            {label(
              'azimuth',
              'Azimuth (°)',
              <input
                className={`input w-full ${err('azimuth') ? 'input-error' : ''}`}
                inputMode="decimal"
                {...register('azimuth')}
              />,
            )}
          </div>
          <FormActions onCancel={onClose} busy={start.isPending} />
        </form>
      )}
    </Modal>
  );
}
