// A labelled form field: the label tied to its control, a hint while there is no error, the error under it with an
// id the control names in aria-describedby (invalidProps).
import type { ReactNode } from 'react';

export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && <span className="text-xs text-base-content/70">{hint}</span>}
      {error && (
        <span id={`${id}-error`} className="text-xs text-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The control's side of an error shown by FormField (or beside it under `${id}-error`). */
export const invalidProps = (error: string | undefined, id: string) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});
