// A form control wrapped in its label (the label's text over the control), with a hint while there is no error and
// the error under it. FormField is the variant whose label points at the control by id.
import type { ReactNode } from 'react';

export function LabelField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <label className="form-control w-full">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      {children}
      {hint && !error && <span className="mt-1 text-xs text-base-content/70">{hint}</span>}
      {error && <span className="mt-1 text-xs text-error">{error}</span>}
    </label>
  );
}
