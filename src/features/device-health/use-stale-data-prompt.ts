// The persistent stale-data prompt (spec 2 §2, §9): an hour after the rows last loaded, a warning that stays until
// dismissed, with Refresh; a new load takes the old prompt away and starts the hour again.
import { useEffect, useRef } from 'react';
import { STALE_AFTER_MS, STALE_MESSAGE } from '@/domain/device-health';
import { useToast } from '@/ui/toasts';

export function useStaleDataPrompt(dataUpdatedAt: number, refetch: () => unknown): void {
  const toast = useToast();
  const dismissStale = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!dataUpdatedAt) return;
    dismissStale.current?.();
    const timer = window.setTimeout(() => {
      dismissStale.current = toast(STALE_MESSAGE, 'warning', {
        persistent: true,
        actions: [{ label: 'Refresh', onClick: () => void refetch() }],
      });
    }, STALE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [dataUpdatedAt, toast, refetch]);
  useEffect(() => () => dismissStale.current?.(), []);
}
