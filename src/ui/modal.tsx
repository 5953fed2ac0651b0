// A modal on the native <dialog>: focus trap and Escape come from the browser.
import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';

export function Modal({
  open,
  title,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // React passes a nested dialog's close and cancel up to the dialogs around it: only this dialog's own count.
  const own = (e: SyntheticEvent) => {
    if (e.target === e.currentTarget) onClose();
  };
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={own} onCancel={own}>
      {open && (
        <div className={`modal-box ${wide ? 'max-w-2xl' : ''}`}>
          <h2 id={titleId} className="mb-3 text-lg font-semibold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={props.open} title={props.title} onClose={props.onCancel}>
      <p className="text-base-content/80">{props.message}</p>
      {props.error && (
        <p className="alert alert-error mt-3 py-2 text-sm" role="alert">
          {props.error}
        </p>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${props.danger ? 'btn-error' : 'btn-primary'}`}
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** Cancel and Save at the foot of a form dialog. */
export function FormActions({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <div className="modal-action">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Save
      </button>
    </div>
  );
}
