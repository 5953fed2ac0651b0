// A form's general error (one that belongs to no single field), shown above its fields.
import type { ReactNode } from 'react';

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert-error py-2" role="alert">
      {message}
    </p>
  );
}

/** A short alert in a dialog or form, written once: an error, or a warning to read before going on. */
export function InlineAlert({ tone, children }: { tone: 'error' | 'warning'; children: ReactNode }) {
  return (
    <p
      className={tone === 'error' ? 'alert alert-error py-2 text-sm' : 'alert alert-warning py-2 text-sm'}
      role="alert"
    >
      {children}
    </p>
  );
}
