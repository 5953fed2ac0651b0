// 'Would you like to save your changes?' (spec 3 §4): asked when a list row is clicked, or something new started,
// while the tab has unsaved changes. Save keeps going once the save succeeds; Discard drops the changes.
import { useState, type ReactNode } from 'react';
import { SITE_EDIT_CONFIRMATIONS } from '@/domain/site-edit';
import { Modal } from '@/ui/modal';

export interface UnsavedChangesGuard {
  /** Runs `then` at once when nothing is unsaved, otherwise after the user saves or discards. */
  guard(then: () => void): void;
  dialog: ReactNode;
}

export function useUnsavedChangesGuard(
  dirty: boolean,
  save: () => Promise<boolean>,
  discard: () => void,
): UnsavedChangesGuard {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setPending(null);
  const dialog = (
    <Modal open={pending !== null} title="Unsaved changes" onClose={close}>
      <p className="text-base-content/80">{SITE_EDIT_CONFIRMATIONS.saveChanges}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error"
          onClick={() => {
            const then = pending;
            close();
            discard();
            then?.();
          }}
        >
          Discard
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => {
            const then = pending;
            setBusy(true);
            void save().then((ok) => {
              setBusy(false);
              close();
              if (ok) then?.();
            });
          }}
        >
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Save
        </button>
      </div>
    </Modal>
  );
  return {
    guard: (then) => {
      if (dirty) setPending(() => then);
      else then();
    },
    dialog,
  };
}
