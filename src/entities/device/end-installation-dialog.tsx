// End Installation (spec 2 §4, §8): a confirmation; failures show in the dialog, success toasts.
import { useState } from 'react';
import { formErrorsOf } from '../../ui/form/form-errors';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';
import { useEndInstallation } from './api';

export function EndInstallationDialog({
  device,
  onClose,
}: {
  device: { id: number; name: string; currentSiteName: string | null };
  onClose: () => void;
}) {
  const { organization } = useSession();
  const toast = useToast();
  const end = useEndInstallation();
  const [errors, setErrors] = useState<string[]>([]);
  async function confirm() {
    setErrors([]);
    try {
      await end.mutateAsync({ deviceId: device.id, organizationId: organization!.id });
      toast('Device installation ended', 'success');
      onClose();
    } catch (error) {
      const mapped = formErrorsOf(error);
      setErrors([...Object.values(mapped.fields), ...(mapped.general ? [mapped.general] : [])]);
    }
  }
  return (
    <Modal open title="End Installation" onClose={onClose}>
      <p className="text-base-content/80">{`End the installation of ${device.name}${device.currentSiteName ? ` at ${device.currentSiteName}` : ''}? Its measurements stop being reported immediately.`}</p>
      {errors.length > 0 && (
        <ul className="alert alert-error mt-3 block" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" disabled={end.isPending} onClick={() => void confirm()}>
          {end.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          End Installation
        </button>
      </div>
    </Modal>
  );
}
