// Add Device / Edit Device's parts (spec 2 §5): the text inputs, the device type and organization
// selects, the hardware choices (picked from the known lists, or typed in by Qube administrators), the serial numbers,
// the cleanout date, the production notes, and the warning shown when the save did not reach Particle.
import { Controller, type FieldPath } from 'react-hook-form';
import {
  DEVICE_KIND_LABEL,
  DEVICE_KINDS,
  EDIT_SERIAL_NUMBERS,
  HARDWARE_ITEMS,
  type DeviceFormInput,
  type HardwareItem,
} from '@/domain/device-form';
import { Spinner } from '../../ui/spinner';
import { cleanoutDay, cleanoutTime, pickedHardware, textValue, typedHardware } from './device-form-values';
import type { DeviceFormState } from './use-device-form';
import { LabelField } from '@/ui/form/label-field';

/** A text input; blank reads as none except for Name and Third Party Id. */
export function TextField({
  state,
  name,
  label,
  hint,
}: {
  state: DeviceFormState;
  name: keyof DeviceFormInput;
  label: string;
  hint?: string;
}) {
  const error = state.err(name);
  return (
    <LabelField label={label} error={error} hint={hint}>
      <input
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={Boolean(error)}
        {...state.form.register(name as FieldPath<DeviceFormInput>, {
          setValueAs: (v: string | null) => textValue(name, v),
        })}
      />
    </LabelField>
  );
}

export function DeviceTypeField({ state }: { state: DeviceFormState }) {
  const error = state.err('deviceType');
  return (
    <LabelField label="Device Type" error={error}>
      <select
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-label="Device Type"
        {...state.form.register('deviceType')}
      >
        {DEVICE_KINDS.map((k) => (
          <option key={k} value={k}>
            {DEVICE_KIND_LABEL[k]}
          </option>
        ))}
      </select>
    </LabelField>
  );
}

/** The organizations the device may be put in; fixed when there is only one. */
export function OrganizationField({ state }: { state: DeviceFormState }) {
  const { organizations } = state;
  return (
    <LabelField label="Organization" error={state.err('organizationId')}>
      <Controller
        control={state.form.control}
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
      />
    </LabelField>
  );
}

type HardwareOption = { id: number; name: string };
type HardwareControl = {
  item: HardwareItem;
  label: string;
  error: string | undefined;
  list: readonly HardwareOption[];
  value: DeviceFormInput[HardwareItem] | undefined;
  onChange: (value: HardwareOption | null) => void;
};

/** Qube administrators type a hardware value: a known one from the suggestions, or a new one. */
function TypedHardware({ item, label, error, list, value, onChange }: HardwareControl) {
  return (
    <>
      <input
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-label={label}
        list={`hardware-${item}`}
        value={value?.name ?? ''}
        onChange={(e) => onChange(typedHardware(list, e.target.value))}
      />
      <datalist id={`hardware-${item}`}>
        {list.map((o) => (
          <option key={o.id} value={o.name} />
        ))}
      </datalist>
    </>
  );
}

/** Everyone else picks a known hardware value ('—' for none). */
function PickedHardware({ label, error, list, value, onChange }: HardwareControl) {
  return (
    <select
      className={`select w-full ${error ? 'select-error' : ''}`}
      aria-label={label}
      value={value?.id ?? ''}
      onChange={(e) => onChange(pickedHardware(list, e.target.value))}
    >
      <option value="">—</option>
      {list.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
}

function HardwareField({ state, item, label }: { state: DeviceFormState; item: HardwareItem; label: string }) {
  const error = state.err(item);
  const list = state.options.data?.[item] ?? [];
  return (
    <LabelField label={label} error={error}>
      <Controller
        control={state.form.control}
        name={item}
        render={({ field: f }) => {
          const props = { item, label, error, list, value: f.value, onChange: f.onChange };
          return state.canFreeType ? <TypedHardware {...props} /> : <PickedHardware {...props} />;
        }}
      />
    </LabelField>
  );
}

export function HardwareFieldset({ state }: { state: DeviceFormState }) {
  const { options } = state;
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">Hardware</legend>
      {options.isPending ? (
        <Spinner label="Loading hardware lists" />
      ) : options.error ? (
        <p className="alert alert-error" role="alert">
          {options.error.message}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {HARDWARE_ITEMS.map((h) => (
            <HardwareField key={h.key} state={state} item={h.key} label={h.label} />
          ))}
        </div>
      )}
      {!state.canFreeType && (
        <p className="mt-2 text-xs text-base-content/70">New hardware values can be added by Qube administrators.</p>
      )}
    </fieldset>
  );
}

export function SerialNumbersFieldset({ state }: { state: DeviceFormState }) {
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">Serial Numbers</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {EDIT_SERIAL_NUMBERS.map((s) => (
          <TextField key={s.key} state={state} name={s.key} label={s.label} />
        ))}
      </div>
    </fieldset>
  );
}

export function CleanoutField({ state }: { state: DeviceFormState }) {
  return (
    <LabelField
      label="Inlet Vent & DCA Cleanout"
      error={state.err('inletVentDcaCleanoutTime')}
      hint="Service date; future dates are allowed"
    >
      <Controller
        control={state.form.control}
        name="inletVentDcaCleanoutTime"
        render={({ field: f }) => (
          <input
            type="date"
            className="input w-full"
            value={cleanoutDay(f.value)}
            onChange={(e) => f.onChange(cleanoutTime(e.target.value))}
          />
        )}
      />
    </LabelField>
  );
}

export function ProductionNotesField({ state }: { state: DeviceFormState }) {
  const error = state.err('productionNotes');
  return (
    <LabelField label="Production Notes" error={error}>
      <textarea
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        rows={3}
        {...state.form.register('productionNotes', {
          setValueAs: (v: string | null) => textValue('productionNotes', v),
        })}
      />
    </LabelField>
  );
}

/** The save went through but Particle was not updated: say why, and only offer Close. */
export function ParticleWarning({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div>
      <p className="alert alert-warning" role="alert">
        {message}
      </p>
      <div className="modal-action">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
