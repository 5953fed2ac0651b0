// The 'list + feature form' pattern of the Site edit tabs, written once: the tab's features listed, the form of the
// selected or new one under them, the delete confirmation and the unsaved-changes question. Sources, Structures and
// Basemaps differ only in their rows, fields and extra buttons.
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/ui/modal';
import { FeatureForm } from './feature-form';
import { FeatureList, type FeatureListProps } from './feature-list';
import type { UnsavedChangesGuard } from './unsaved-changes';

/** What the tab's editing state offers the frame (from `useFeatureForm` and the tab's save). */
export interface FeatureEditing<F> {
  feature: {
    form: F | null;
    saved: F | null;
    dirty: boolean;
    confirmDelete: boolean;
    setConfirmDelete(open: boolean): void;
  };
  submit(): Promise<boolean>;
  /** Close or Discard. */
  close(): void;
  unsaved: UnsavedChangesGuard;
}

export function FeatureTab<F extends { id: number; name: string }, T extends { id: number }>({
  noun,
  plural,
  editing: { feature, submit, close, unsaved },
  list,
  save,
  deleteDisabled,
  actions,
  fields,
  remove,
}: {
  noun: 'Source' | 'Structure' | 'Basemap';
  plural: string;
  editing: FeatureEditing<F>;
  list: Omit<FeatureListProps<T>, 'noun' | 'plural' | 'selectedId'>;
  save: { pending: boolean; disabled: boolean };
  deleteDisabled?: boolean;
  /** The form's buttons between Close and Delete. */
  actions?: (form: F) => ReactNode;
  /** The form's fields and notes. */
  fields: (form: F) => ReactNode;
  remove: { message: string; busy: boolean; onConfirm(): void };
}) {
  const { form } = feature;
  return (
    <div className="flex flex-col gap-3">
      <FeatureList noun={noun} plural={plural} selectedId={form?.id ?? null} {...list} />
      {form && (
        <FeatureForm
          noun={noun}
          id={form.id}
          name={feature.saved?.name ?? form.name}
          onSubmit={() => void submit()}
          saving={save.pending}
          saveDisabled={save.disabled}
          dirty={feature.dirty}
          onClose={close}
          deleteDisabled={deleteDisabled}
          onDelete={() => feature.setConfirmDelete(true)}
          actions={actions?.(form)}
        >
          {fields(form)}
        </FeatureForm>
      )}
      <ConfirmDialog
        open={feature.confirmDelete}
        title={`Delete ${noun.toLowerCase()}`}
        message={remove.message}
        confirmLabel="Delete"
        danger
        busy={remove.busy}
        onConfirm={remove.onConfirm}
        onCancel={() => feature.setConfirmDelete(false)}
      />
      {unsaved.dialog}
    </div>
  );
}
