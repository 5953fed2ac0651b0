// Hidden columns per grid, saved per user on the server (userSettings.gridColumnVisibility[gridKey]).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callEndpoint } from '@/api/endpoint-client';
import { currentUserKey } from '@/api/get-current-user';
import type { CurrentUser } from '@/contracts/current-user';
import { gridColumnVisibilityEndpoint } from '@/contracts/user-settings';
import { useSession } from '../session-context';
import type { ColumnChooserProps } from './column-chooser';
import type { GridColumn } from './types';

const SAVE_DELAY_MS = 600;

function useColumnVisibility(gridKey: string, defaultHidden: readonly string[]) {
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

/**
 * A grid's columns as the user chose them: the visible ones in their order, the Columns menu's props (hideable
 * columns, hidden set, reset to the defaults) and the save error, if the last choice was not saved.
 */
export function useGridColumns<T>(gridKey: string, columns: readonly GridColumn<T>[]) {
  const defaultHidden = useMemo(() => columns.filter((c) => c.hiddenByDefault).map((c) => c.id), [columns]);
  const visibility = useColumnVisibility(gridKey, defaultHidden);
  const visible = useMemo(
    () => columns.filter((c) => c.hideable === false || !visibility.hidden.has(c.id)),
    [columns, visibility.hidden],
  );
  const columnChooser: ColumnChooserProps = {
    columns: columns.filter((c) => c.hideable !== false).map((c) => ({ id: c.id, header: c.header })),
    hidden: visibility.hidden,
    onChange: visibility.setHidden,
    onReset: () => visibility.setHidden(new Set(defaultHidden)),
  };
  return { visible, columnChooser, saveError: visibility.saveError };
}
