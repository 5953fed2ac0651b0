// A labelled form field of the edit tabs with its error under it.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { COORDINATES_PLACEHOLDER } from '@/domain/source';

/** A labelled field with its error under it. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = `f-${label.replace(/\W+/g, '-').toLowerCase()}-${useId().replace(/:/g, '')}`;
  return (
    <div className="flex flex-col gap-0.5">
      <label className="text-xs font-medium" htmlFor={id}>
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <span id={`${id}-error`} className="text-xs text-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A text input with its label and error (names, coordinates; numbers with `type="number"`). */
export function TextField({
  label,
  error,
  onChange,
  ...input
}: {
  label: string;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'maxLength' | 'type' | 'min' | 'max' | 'step'>) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-describedby={describedBy}
          className="input input-sm input-bordered w-full"
          {...input}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A number input of zero or more (a height, a footprint's rotation or size), kept as typed. */
export const NumberField = (props: {
  label: string;
  error?: string | undefined;
  value: string;
  max?: number;
  onChange: (value: string) => void;
}) => <TextField type="number" min={0} step="any" {...props} />;

/** A select with its label and error; `onChange` gets the chosen option's value as text. */
export function SelectField({
  label,
  error,
  value,
  options,
  onChange,
}: {
  label: string;
  error?: string | undefined;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(id, describedBy) => (
        <select
          id={id}
          aria-describedby={describedBy}
          className="select select-sm select-bordered w-full"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The location of a source or structure: typed as 'lat,lng' (or placed on the map by the tab's own button). */
export function LocationField({
  error,
  value,
  onChange,
  action,
}: {
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** A button beside the input. */
  action?: ReactNode;
}) {
  return (
    <Field label="Location" error={error}>
      {(id, describedBy) => {
        const input = (
          <input
            id={id}
            aria-describedby={describedBy}
            className="input input-sm input-bordered w-full"
            placeholder={COORDINATES_PLACEHOLDER}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        );
        return action ? (
          <div className="flex gap-1">
            {input}
            {action}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}
