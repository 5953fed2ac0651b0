import { useCallback } from 'react';
import { toastsAtom, useAtom, useSetAtom, type ToastVariant } from '@/components/state';

let nextId = 1;
const ALERT: Record<ToastVariant, string> = { success: 'alert-success', warning: 'alert-warning', error: 'alert-error', info: 'alert-info' };

export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (text: string, variant: ToastVariant = 'success') => {
      const id = nextId++;
      setToasts((all) => [...all, { id, text, variant }]);
      window.setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), 4000);
    },
    [setToasts],
  );
}

export function Toasts() {
  const [toasts, setToasts] = useAtom(toastsAtom);
  return (
    <div className="toast toast-end toast-bottom z-50" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`alert ${ALERT[t.variant]} shadow-md py-2`}>
          <span>{t.text}</span>
          <button type="button" className="btn btn-ghost btn-xs" aria-label="Dismiss" onClick={() => setToasts((all) => all.filter((x) => x.id !== t.id))}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
