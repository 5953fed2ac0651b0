// Arrow keys nudge the selected source or structure by 0.5 m (spec 3 §4), unless the focus is in a field or a
// dialog is open (there the keys keep their usual meaning).
import { useEffect, useRef } from 'react';
import { formatLatLng, parseLatLng, type LatLng } from '@/domain/coordinates';
import { isNudgeKey, nudge, type NudgeKey } from '@/domain/site-edit';

export function useNudge(enabled: boolean, onNudge: (key: NudgeKey) => void): void {
  const handler = useRef(onNudge);
  handler.current = onNudge;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isNudgeKey(e.key) || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (
        target &&
        (target.isContentEditable ||
          ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) ||
          target.getAttribute('role') === 'tab')
      )
        return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      handler.current(e.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** A form with a position: where the feature is at full precision, and the text shown for it. */
interface Placed {
  locationLatLng: string;
  position: LatLng | null;
}

/** A stored location as a form shows it: at 5 decimals, its full precision kept (text it cannot read as it is). */
export const placedAt = (stored: string): Placed => {
  const at = parseLatLng(stored);
  return { locationLatLng: at ? formatLatLng(at) : stored, position: at };
};

/** The form moved to a position. */
export const moved = <F extends Placed>(f: F, p: LatLng): F => ({ ...f, locationLatLng: formatLatLng(p), position: p });

/** Arrow keys move the open form's feature by 0.5 m while the tab is shown and the site can be edited. */
export function useNudgeForm<F extends Placed>(
  enabled: boolean,
  form: F | null,
  formRef: { current: F | null },
  setForm: (f: F) => void,
): void {
  useNudge(enabled && form?.position != null, (key) => {
    const f = formRef.current;
    if (f?.position) setForm(moved(f, nudge(f.position, key)));
  });
}
