// A grid row's action buttons (Edit, History, Delete …), written once: small ghost buttons side by side, each named
// for the row it acts on (aria-label), since a screen reader hears many 'Edit' buttons otherwise.
import type { ReactNode } from 'react';

export function RowActions({ children }: { children: ReactNode }) {
  return <span className="inline-flex gap-0.5">{children}</span>;
}

export function RowAction({
  label,
  name,
  onClick,
  className,
  disabled,
  lock = null,
}: {
  /** What the button reads. */
  label: ReactNode;
  /** Its accessible name, saying which row (e.g. 'Edit Permian North'). */
  name: string;
  onClick: () => void;
  /** Extra classes (e.g. 'text-error' for Delete). */
  className?: string;
  disabled?: boolean;
  /** Why the action cannot be done on this row: the button is disabled and says why in a tooltip. */
  lock?: string | null;
}) {
  const button = (
    <button
      type="button"
      className={className ? `btn btn-ghost btn-xs ${className}` : 'btn btn-ghost btn-xs'}
      onClick={onClick}
      disabled={disabled || lock !== null}
      aria-label={name}
    >
      {label}
    </button>
  );
  return lock === null ? (
    button
  ) : (
    <span className="tooltip tooltip-left" data-tip={lock}>
      {button}
    </span>
  );
}
