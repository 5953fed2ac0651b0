// The Sources and Structures tabs' 'list + feature form', written once (spec 3 §3, §4, §5): the features listed with
// Add (and Show Deleted where the tab keeps deleted ones), the open feature's form with its alert, Name and Location
// (typed, or placed with the tab's own button), the tab's own fields, the arrow-key note, and the delete confirmation.
// A deleted site is read only. The tabs pass what differs: their rows, fields, buttons and how a feature is deleted.
import type { ReactNode } from 'react';
import { parseLatLng } from '@/domain/coordinates';
import { SITE_EDIT_CONFIRMATIONS } from '@/domain/site-edit';
import { FormAlert } from '@/ui/form/form-alert';
import type { FeatureListProps } from './feature-list';
import { FeatureTab, type FeatureEditing } from './feature-tab';
import { LocationField, TextField } from './field';
import type { EditableForm } from './use-map-feature-editor';

const DELETE_CONFIRMATIONS = {
  Source: SITE_EDIT_CONFIRMATIONS.deleteSource,
  Structure: SITE_EDIT_CONFIRMATIONS.deleteStructure,
};

/** What the tab's `useMapFeatureEditor` offers the frame: the frame's editing state, the form's errors and setter. */
interface MapFeatureEditing<F> extends Omit<FeatureEditing<F>, 'close'> {
  type: 'Source' | 'Structure';
  feature: FeatureEditing<F>['feature'] & {
    errors: Partial<Record<string, string>>;
    general: string | null;
    setForm(f: F): void;
  };
  discard(): void;
  remove(run: (id: number) => Promise<unknown>): void;
}

export function MapFeatureTab<F extends EditableForm, T extends { id: number }>({
  editor,
  readOnly,
  saving,
  list,
  locationAction,
  beforeFields,
  fields,
  actions,
  remove,
}: {
  editor: MapFeatureEditing<F>;
  /** The site is deleted: nothing can be added, saved or deleted. */
  readOnly: boolean;
  saving: boolean;
  list: Omit<FeatureListProps<T>, 'noun' | 'plural' | 'selectedId'>;
  /** A button beside the location input. */
  locationAction?: (form: F) => ReactNode;
  /** Shown above the form's alert (a shape switcher while drawing). */
  beforeFields?: (form: F) => ReactNode;
  /** The tab's own fields after Name and Location. */
  fields: (form: F) => ReactNode;
  /** The form's buttons between Close and Delete. */
  actions?: (form: F) => ReactNode;
  /** Deletes a feature by id once confirmed; `busy` while it runs. */
  remove: { busy: boolean; run(id: number): Promise<unknown> };
}) {
  const { type, feature } = editor;
  const { errors, setForm } = feature;
  return (
    <FeatureTab
      noun={type}
      plural={`${type}s`}
      editing={{ ...editor, close: editor.discard }}
      list={{ ...list, addDisabled: readOnly || list.addDisabled === true }}
      save={{ pending: saving, disabled: readOnly || saving }}
      deleteDisabled={readOnly}
      {...(actions ? { actions } : {})}
      fields={(form) => (
        <>
          {beforeFields?.(form)}
          <FormAlert message={feature.general} />
          <TextField
            label="Name"
            error={errors.name}
            value={form.name}
            maxLength={256}
            onChange={(name) => setForm({ ...form, name })}
          />
          <LocationField
            error={errors.locationLatLng}
            value={form.locationLatLng}
            onChange={(text) => setForm({ ...form, locationLatLng: text, position: parseLatLng(text) })}
            action={locationAction?.(form)}
          />
          {fields(form)}
          <p className="text-xs text-base-content/70">{`Arrow keys move the selected ${type.toLowerCase()} by 0.5 m.`}</p>
        </>
      )}
      remove={{ message: DELETE_CONFIRMATIONS[type], busy: remove.busy, onConfirm: () => editor.remove(remove.run) }}
    />
  );
}
