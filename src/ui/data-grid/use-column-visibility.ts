// Hidden columns per grid, saved per user on the server (userSettings.gridColumnVisibility[gridKey]).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callEndpoint } from '@/api/endpoint-client';
import { currentUserKey } from '@/api/get-current-user';
import type { CurrentUser } from '@/contracts/current-user';
import { gridColumnVisibilityEndpoint } from '@/contracts/user-settings';
import { useSession } from '../session-context';

const SAVE_DELAY_MS = 600;

export function useColumnVisibility(gridKey: string, defaultHidden: readonly string[]) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const saved = user.userSettings.gridColumnVisibility[gridKey];
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(saved ?? defaultHidden));
  const [saveError, setSaveError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const change = useCallback(
    (next: ReadonlySet<string>) => {
      setHidden(next);
      if (timer.current) clearTimeout(timer.current);
      // A few quick toggles make one save.
      timer.current = setTimeout(() => {
        callEndpoint(gridColumnVisibilityEndpoint, { body: { key: gridKey, hiddenColumns: [...next] } }).then(
          (answer) => {
            // Keep the cached current user in step, so the grid opens the same way later in this session.
            queryClient.setQueryData<CurrentUser>(currentUserKey, (old) =>
              old
                ? { ...old, userSettings: { ...old.userSettings, gridColumnVisibility: answer.gridColumnVisibility } }
                : old,
            );
            setSaveError(null);
          },
          (e: unknown) => setSaveError(e instanceof Error ? e.message : String(e)),
        );
      }, SAVE_DELAY_MS);
    },
    [gridKey, queryClient],
  );

  return { hidden, setHidden: change, saveError };
}
