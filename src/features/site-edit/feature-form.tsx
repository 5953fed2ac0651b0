// The frame of a Site edit tab's form: 'New Source' or 'Edit Source' over the fields, then Save, Close (Discard while
// there are unsaved changes), the tab's own buttons, and Delete for a saved feature.
import type { ReactNode } from 'react';

export function FeatureForm(props: {
  noun: 'Source' | 'Structure' | 'Basemap';
  /** 0 for a feature not saved yet. */
  id: number;
  /** The name the form is labelled with while editing. */
  name: string;
  onSubmit(): void;
  saving: boolean;
  saveDisabled: boolean;
  dirty: boolean;
  onClose(): void;
  deleteDisabled?: boolean;
  onDelete(): void;
  /** Buttons between Close and Delete. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { noun, id } = props;
  return (
    <form
      className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
      aria-label={id ? `Edit ${noun.toLowerCase()} ${props.name}` : `New ${noun.toLowerCase()}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <h2 className="font-semibold">{id ? `Edit ${noun}` : `New ${noun}`}</h2>
      {props.children}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={props.saveDisabled}>
          {props.saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onClose}>
          {props.dirty ? 'Discard' : 'Close'}
        </button>
        {props.actions}
        {id !== 0 && (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm ml-auto"
            disabled={props.deleteDisabled}
            onClick={props.onDelete}
          >
            Delete
          </button>
        )}
      </div>
    </form>
  );
}
