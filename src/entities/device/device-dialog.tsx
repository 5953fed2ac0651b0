// Add Device / Edit Device (spec 2 §2 'Device add/edit dialog', §5): react-hook-form over the shared zod rules. The
// name format is checked when adding or once the name changes; hardware values are picked from the known lists, and
// typed in as new values only by Qube administrators.
import type { DeviceEdit } from '@/contracts/device';
import { FormAlert } from '../../ui/form/form-alert';
import { FormActions, Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';
import { useDeviceEdit } from './api';
import {
  CleanoutField,
  DeviceTypeField,
  HardwareFieldset,
  OrganizationField,
  ParticleWarning,
  ProductionNotesField,
  SerialNumbersFieldset,
  TextField,
} from './device-form-fields';
import { nameHint, thirdPartySerialHint } from './device-form-values';
import { useDeviceForm } from './use-device-form';

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

function DeviceFormBody({
  device,
  onClose,
  onSaved,
}: {
  device: DeviceEdit | null;
  onClose: () => void;
  onSaved?: (saved: { id: number; name: string }) => void;
}) {
  const state = useDeviceForm(device, onClose, onSaved);
  if (state.particleWarning) return <ParticleWarning message={state.particleWarning} onClose={onClose} />;
  return (
    <form className="grid gap-3" onSubmit={state.onSubmit} noValidate>
      <FormAlert message={state.general} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DeviceTypeField state={state} />
        <TextField state={state} name="name" label="Name" hint={nameHint(state.kind)} />
        <OrganizationField state={state} />
        <TextField state={state} name="thirdPartyId" label="Third Party Id" hint="The device cloud id" />
        <TextField
          state={state}
          name="thirdPartySerialNumber"
          label="Third Party Serial Number"
          hint={thirdPartySerialHint(state.kind)}
        />
        <TextField state={state} name="pcbQrCode" label="PCB QR Code" />
      </div>
      <HardwareFieldset state={state} />
      <SerialNumbersFieldset state={state} />
      <div className="grid gap-3 sm:grid-cols-2">
        <CleanoutField state={state} />
      </div>
      <ProductionNotesField state={state} />
      <FormActions onCancel={onClose} busy={state.saving} />
    </form>
  );
}
