// Arrow keys nudge the selected source or structure by 0.5 m (spec 3 §4), unless the focus is in a field or a
// dialog is open (there the keys keep their usual meaning).
import { useEffect, useRef } from 'react';
import { isNudgeKey, type NudgeKey } from '@/domain/site-edit';

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
