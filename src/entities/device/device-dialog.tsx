// Add Device / Edit Device (spec 2 §2 'Device add/edit dialog', §5): react-hook-form over the shared zod rules. The
// name format is checked when adding or once the name changes; hardware values are picked from the known lists, and
// typed in as new values only by Qube administrators.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { DeviceEdit } from '@/contracts/device';
import {
  DEVICE_KIND_LABEL,
  DEVICE_KINDS,
  deviceFormSchema,
  EDIT_SERIAL_NUMBERS,
  HARDWARE_ITEMS,
  type DeviceForm,
  type DeviceFormInput,
  type HardwareItem,
} from '@/domain/device-form';
import { effectivePermissions, Permission } from '@/domain/permissions';
import { FormAlert } from '../../ui/form/form-alert';
import { formErrorsOf } from '../../ui/form/form-errors';
import { FormActions, Modal } from '../../ui/modal';
import { useHasPermission, useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import { useDeviceEdit, useHardwareOptions, useSaveDevice } from './api';

const EMPTY: Omit<DeviceFormInput, 'organizationId'> = {
  id: 0,
  name: '',
  deviceType: 'Qube',
  pcbQrCode: null,
  thirdPartyId: '',
  thirdPartySerialNumber: null,
  anemometer: null,
  battery: null,
  solar: null,
  fan: null,
  pcbVersion: null,
  antenna: null,
  inletFilter: null,
  anemometerSerialNumber: null,
  batterySerialNumber: null,
  solarSerialNumber: null,
  fanSerialNumber: null,
  pcbSerialNumber: null,
  daughterCardSerialNumber: null,
  inletVentDcaCleanoutTime: null,
  productionNotes: null,
};

export const particleSaveMessage = (error: string) =>
  `The save was successful. However Particle was not updated because ${error}`;

/** Opens empty for Add Device (deviceId null) or with the stored values; reports the saved name (it may change). */
export function DeviceDialog({
  deviceId,
  onClose,
  onSaved,
}: {
  deviceId: number | null;
  onClose: () => void;
  onSaved?: (saved: { id: number; name: string }) => void;
}) {
  const { organization } = useSession();
  const existing = useDeviceEdit(deviceId, organization!.id);
  return (
    <Modal open title={deviceId === null ? 'Add Device' : 'Edit Device'} onClose={onClose} wide>
      {deviceId !== null && existing.isPending ? (
        <Spinner label="Loading device" />
      ) : existing.error ? (
        <p className="alert alert-error" role="alert">
          {existing.error.message}
        </p>
      ) : (
        <DeviceFormBody device={existing.data ?? null} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

const nullable = (v: string) => (v.trim() === '' ? null : v);

function DeviceFormBody({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceEdit | null;
  onClose: () => void;
  onSaved?: (saved: { id: number; name: string }) => void;
}) {
  const { user, organization } = useSession();
  const toast = useToast();
  const save = useSaveDevice();
  const options = useHardwareOptions();
  const canFreeType = useHasPermission(Permission.QubeAdministration);
  const [general, setGeneral] = useState<string | null>(null);
  const [particleWarning, setParticleWarning] = useState<string | null>(null);

  const globalPermissions = user.roles.find((r) => r.id === user.userDetails.roleId)?.permissions;
  const organizations = useMemo(
    () =>
      user.userOrganizations.filter((o) => {
        if (o.deleted) return false;
        if (o.id === device?.organizationId) return true;
        return effectivePermissions(globalPermissions, user.roles.find((r) => r.id === o.roleId)?.permissions).has(
          Permission.DeviceAdministration,
        );
      }),
    [user, device, globalPermissions],
  );

  const schema = useMemo(() => deviceFormSchema(device?.name ?? null), [device]);
  const { register, handleSubmit, control, setError, watch, formState } = useForm<DeviceFormInput, unknown, DeviceForm>(
    {
      defaultValues: device
        ? { ...device, thirdPartyId: device.thirdPartyId ?? '' }
        : { ...EMPTY, organizationId: organization!.id },
      resolver: zodResolver(schema),
    },
  );
  const kind = watch('deviceType');

  async function submit(form: DeviceForm) {
    setGeneral(null);
    try {
      const saved = await save.mutateAsync(form);
      if (saved.particleError) {
        setParticleWarning(particleSaveMessage(saved.particleError));
        onSaved?.(saved);
        return;
      }
      toast(device ? 'Device edited' : 'Device added', 'success');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      for (const [path, message] of Object.entries(mapped.fields))
        setError(path.split('.')[0] as FieldPath<DeviceFormInput>, { type: 'server', message });
      setGeneral(mapped.general);
    }
  }

  const err = (name: keyof DeviceFormInput): string | undefined => {
    const e = formState.errors[name] as { message?: string; name?: { message?: string } } | undefined;
    return e?.message ?? e?.name?.message;
  };
  const field = (name: keyof DeviceFormInput, label: string, control: React.ReactNode, hint?: string) => (
    <label className="form-control w-full" key={name}>
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      {control}
      {hint && !err(name) && <span className="mt-1 text-xs text-base-content/70">{hint}</span>}
      {err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>}
    </label>
  );
  const text = (name: keyof DeviceFormInput, label: string, hint?: string) =>
    field(
      name,
      label,
      <input
        className={`input w-full ${err(name) ? 'input-error' : ''}`}
        aria-invalid={Boolean(err(name))}
        {...register(name as FieldPath<DeviceFormInput>, {
          setValueAs: (v: string | null) =>
            v === null ? null : name === 'name' || name === 'thirdPartyId' ? v : nullable(v),
        })}
      />,
      hint,
    );

  const hardware = (key: HardwareItem, label: string) => {
    const list = options.data?.[key] ?? [];
    return field(
      key,
      label,
      <Controller
        control={control}
        name={key}
        render={({ field: f }) =>
          canFreeType ? (
            <>
              <input
                className={`input w-full ${err(key) ? 'input-error' : ''}`}
                aria-label={label}
                list={`hardware-${key}`}
                value={f.value?.name ?? ''}
                onChange={(e) => {
                  const name = e.target.value;
                  const known = list.find((o) => o.name.toLowerCase() === name.trim().toLowerCase());
                  f.onChange(name.trim() === '' ? null : known ? { id: known.id, name: known.name } : { id: 0, name });
                }}
              />
              <datalist id={`hardware-${key}`}>
                {list.map((o) => (
                  <option key={o.id} value={o.name} />
                ))}
              </datalist>
            </>
          ) : (
            <select
              className={`select w-full ${err(key) ? 'select-error' : ''}`}
              aria-label={label}
              value={f.value?.id ?? ''}
              onChange={(e) => {
                const picked = list.find((o) => o.id === Number(e.target.value));
                f.onChange(picked ? { id: picked.id, name: picked.name } : null);
              }}
            >
              <option value="">—</option>
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          )
        }
      />,
    );
  };

  if (particleWarning) {
    return (
      <div>
        <p className="alert alert-warning" role="alert">
          {particleWarning}
        </p>
        <div className="modal-action">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-3" onSubmit={handleSubmit(submit)} noValidate>
      <FormAlert message={general} />
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          'deviceType',
          'Device Type',
          <select
            className={`select w-full ${err('deviceType') ? 'select-error' : ''}`}
            aria-label="Device Type"
            {...register('deviceType')}
          >
            {DEVICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {DEVICE_KIND_LABEL[k]}
              </option>
            ))}
          </select>,
        )}
        {text('name', 'Name', kind === 'Qube' ? 'A-1234 or AXON-V3-1234' : kind === 'QubeLite' ? 'B-1234' : 'C-1234')}
        {field(
          'organizationId',
          'Organization',
          <Controller
            control={control}
            name="organizationId"
            render={({ field: f }) => (
              <select
                className="select w-full"
                aria-label="Organization"
                value={f.value || ''}
                disabled={organizations.length < 2}
                onChange={(e) => f.onChange(Number(e.target.value))}
              >
                {organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          />,
        )}
        {text('thirdPartyId', 'Third Party Id', 'The device cloud id')}
        {text(
          'thirdPartySerialNumber',
          'Third Party Serial Number',
          kind === 'Qube' ? 'Starts with ARNT, P034, B40H, B40T, P027, P042, P044 or P054' : undefined,
        )}
        {text('pcbQrCode', 'PCB QR Code')}
      </div>
      <fieldset className="rounded-box border border-base-300 p-3">
        <legend className="px-1 text-sm font-medium">Hardware</legend>
        {options.isPending ? (
          <Spinner label="Loading hardware lists" />
        ) : options.error ? (
          <p className="alert alert-error" role="alert">
            {options.error.message}
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">{HARDWARE_ITEMS.map((h) => hardware(h.key, h.label))}</div>
        )}
        {!canFreeType && (
          <p className="mt-2 text-xs text-base-content/70">New hardware values can be added by Qube administrators.</p>
        )}
      </fieldset>
      <fieldset className="rounded-box border border-base-300 p-3">
        <legend className="px-1 text-sm font-medium">Serial Numbers</legend>
        <div className="grid gap-3 sm:grid-cols-2">{EDIT_SERIAL_NUMBERS.map((s) => text(s.key, s.label))}</div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          'inletVentDcaCleanoutTime',
          'Inlet Vent & DCA Cleanout',
          <Controller
            control={control}
            name="inletVentDcaCleanoutTime"
            render={({ field: f }) => (
              <input
                type="date"
                className="input w-full"
                value={f.value ? f.value.slice(0, 10) : ''}
                onChange={(e) => f.onChange(e.target.value ? `${e.target.value}T00:00:00.000Z` : null)}
              />
            )}
          />,
          'Service date; future dates are allowed',
        )}
      </div>
      {field(
        'productionNotes',
        'Production Notes',
        <textarea
          className={`textarea w-full ${err('productionNotes') ? 'textarea-error' : ''}`}
          rows={3}
          {...register('productionNotes', { setValueAs: (v: string | null) => (v === null ? null : nullable(v)) })}
        />,
      )}
      <FormActions onCancel={onClose} busy={save.isPending} />
    </form>
  );
}
