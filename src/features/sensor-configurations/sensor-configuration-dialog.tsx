// 'Add Sensor Configuration' and its edit (spec 3 §2, §5, §8): a CH4 (RMX) sensor's 8-digit serial number and its
// coefficients. Saving makes a new version; the serial is fixed when editing. Adding for a sensor that already has a
// configuration says so, since the save then becomes its next version.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  normalizeCoefficients,
  parseCoefficients,
  sensorConfigurationAdded,
  sensorConfigurationEdited,
  sensorConfigurationFormSchema,
  type SensorConfigurationForm,
} from '@/domain/sensor-configuration';
import { FormAlert } from '@/ui/form/form-alert';
import { formErrorsOf } from '@/ui/form/form-errors';
import { FormActions, Modal } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useAddSensorConfiguration } from './api';

interface Props {
  organizationId: number;
  /** The sensor edited (its serial and latest coefficients); null to add one. */
  editing: { sensorSerialNumber: string; coefficients: string | null; deviceName: string | null } | null;
  /** The latest coefficients of a configured sensor, to warn when adding one that exists. */
  existing: (serial: string) => string | null;
  onClose: () => void;
}

export function SensorConfigurationDialog({ organizationId, editing, existing, onClose }: Props) {
  const toast = useToast();
  const add = useAddSensorConfiguration();
  const { register, handleSubmit, watch, setError, formState } = useForm<SensorConfigurationForm>({
    resolver: zodResolver(sensorConfigurationFormSchema),
    defaultValues: { sensorSerialNumber: editing?.sensorSerialNumber ?? '', coefficients: editing?.coefficients ?? '' },
  });
  const serial = watch('sensorSerialNumber').trim();
  const coefficients = parseCoefficients(watch('coefficients'));
  const configured = !editing?.coefficients && /^\d{8}$/.test(serial) ? existing(serial) : null;
  const isEdit = Boolean(editing?.coefficients);
  const { errors } = formState;

  async function save(form: SensorConfigurationForm) {
    try {
      const answer = await add.mutateAsync({
        organizationId,
        sensorSerialNumber: form.sensorSerialNumber.trim(),
        coefficients: normalizeCoefficients(form.coefficients),
      });
      if (!answer.added) toast('The coefficients are unchanged; no new version was saved.', 'info');
      else toast(isEdit ? sensorConfigurationEdited : sensorConfigurationAdded, 'success');
      onClose();
    } catch (e) {
      const mapped = formErrorsOf(e);
      for (const [field, message] of Object.entries(mapped.fields)) {
        if (field === 'sensorSerialNumber' || field === 'coefficients') setError(field, { message });
      }
      if (mapped.general) setError('root', { message: mapped.general });
    }
  }

  return (
    <Modal open title={isEdit ? 'Edit Sensor Configuration' : 'Add Sensor Configuration'} onClose={onClose}>
      <form className="grid gap-3" onSubmit={handleSubmit(save)} noValidate>
        <FormAlert message={errors.root?.message ?? null} />
        {editing?.deviceName && <p className="text-sm text-base-content/80">{`CH4 sensor of ${editing.deviceName}`}</p>}
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">Sensor Serial Number</span>
          <input
            className={`input w-full ${errors.sensorSerialNumber ? 'input-error' : ''}`}
            inputMode="numeric"
            autoComplete="off"
            readOnly={Boolean(editing)}
            aria-invalid={Boolean(errors.sensorSerialNumber)}
            {...register('sensorSerialNumber')}
          />
          {errors.sensorSerialNumber && (
            <span className="mt-1 text-xs text-error">{errors.sensorSerialNumber.message}</span>
          )}
        </label>
        {configured !== null && (
          <p className="alert alert-info py-2 text-sm" role="status">
            {`This sensor is configured (${configured}); saving adds its next version.`}
          </p>
        )}
        <label className="form-control w-full">
          <span className="label-text mb-1 text-sm font-medium">Coefficients</span>
          <textarea
            className={`textarea w-full font-mono ${errors.coefficients ? 'textarea-error' : ''}`}
            rows={3}
            placeholder="e.g. 1.0213, -0.0042, 1.7e-5"
            aria-invalid={Boolean(errors.coefficients)}
            {...register('coefficients')}
          />
          {errors.coefficients ? (
            <span className="mt-1 text-xs text-error">{errors.coefficients.message}</span>
          ) : (
            <span className="mt-1 text-xs text-base-content/70">
              {coefficients
                ? `${coefficients.length} coefficient(s), in order`
                : 'Numbers separated by commas, in order'}
            </span>
          )}
        </label>
        <FormActions onCancel={onClose} busy={add.isPending} />
      </form>
    </Modal>
  );
}
