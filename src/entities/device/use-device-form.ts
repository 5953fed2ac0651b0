// Add Device / Edit Device's state (spec 2 §5): react-hook-form over the shared zod rules (the name's format checked
// when adding or once the name changes), the organizations offered, the hardware lists and whether new hardware
// values may be typed in, and the save: its field errors, and the warning when Particle was not updated.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { DeviceEdit } from '@/contracts/device';
import { deviceFormSchema, type DeviceForm, type DeviceFormInput } from '@/domain/device-form';
import { Permission } from '@/domain/permissions';
import { formErrorsOf } from '../../ui/form/form-errors';
import { useHasPermission, useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useHardwareOptions, useSaveDevice } from './api';
import { deviceFormDefaults, deviceOrganizations, particleSaveMessage } from './device-form-values';

export function useDeviceForm(
  device: DeviceEdit | null,
  onClose: () => void,
  onSaved?: (saved: { id: number; name: string }) => void,
) {
  const { user, organization } = useSession();
  const toast = useToast();
  const save = useSaveDevice();
  const options = useHardwareOptions();
  const canFreeType = useHasPermission(Permission.QubeAdministration);
  const [general, setGeneral] = useState<string | null>(null);
  const [particleWarning, setParticleWarning] = useState<string | null>(null);
  const organizations = useMemo(() => deviceOrganizations(user, device?.organizationId), [user, device]);

  const schema = useMemo(() => deviceFormSchema(device?.name ?? null), [device]);
  const form = useForm<DeviceFormInput, unknown, DeviceForm>({
    defaultValues: deviceFormDefaults(device, organization!.id),
    resolver: zodResolver(schema),
  });
  const { handleSubmit, setError, watch, formState } = form;
  const errors = formState.errors;

  async function submit(values: DeviceForm) {
    setGeneral(null);
    try {
      const saved = await save.mutateAsync(values);
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

  return {
    form,
    general,
    particleWarning,
    organizations,
    options,
    canFreeType,
    kind: watch('deviceType'),
    /** A field's error; a hardware choice's may sit on its name. */
    err: (name: keyof DeviceFormInput): string | undefined => {
      const e = errors[name] as { message?: string; name?: { message?: string } } | undefined;
      return e?.message ?? e?.name?.message;
    },
    onSubmit: handleSubmit(submit),
    saving: save.isPending,
  };
}

export type DeviceFormState = ReturnType<typeof useDeviceForm>;
