import { useCallback } from 'react';
import { toastsAtom, useAtom, useSetAtom, type Toast, type ToastVariant } from '@/ui/state';

let nextId = 1;
const ALERT: Record<ToastVariant, string> = {
  success: 'alert-success',
  warning: 'alert-warning',
  error: 'alert-error',
  info: 'alert-info',
};

/** Shows a toast; returns a function that removes it. Persistent toasts stay until dismissed. */
export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  return useCallback(
    (text: string, variant: ToastVariant = 'success', options: Pick<Toast, 'actions' | 'persistent'> = {}) => {
      const id = nextId++;
      const dismiss = () => setToasts((all) => all.filter((t) => t.id !== id));
      setToasts((all) => [...all, { id, text, variant, ...options }]);
      if (!options.persistent) window.setTimeout(dismiss, 4000);
      return dismiss;
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
          {t.actions?.map((a) => (
            <button
              key={a.label}
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setToasts((all) => all.filter((x) => x.id !== t.id));
                a.onClick();
              }}
            >
              {a.label}
            </button>
          ))}
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label="Dismiss"
            onClick={() => setToasts((all) => all.filter((x) => x.id !== t.id))}
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
