// The list half of the edit tabs' 'list + feature form' pattern: the Add button (and Show Deleted where a tab keeps
// deleted features), the loading, error and empty states, and one row per feature with the tab's own controls.
import type { ReactNode } from 'react';
import { LoadError } from '@/ui/data-grid/grid-parts';

export interface FeatureListProps<T extends { id: number }> {
  /** 'Source', 'Structure', 'Basemap': the button, the list's name and the texts say it. */
  noun: string;
  plural: string;
  onAdd: () => void;
  addDisabled?: boolean;
  /** Tabs that keep deleted features offer Show Deleted. */
  showDeleted?: { checked: boolean; onChange: (checked: boolean) => void };
  /** The tab's list query as TanStack Query returns it. */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown; data: unknown };
  items: readonly T[];
  selectedId: number | null;
  /** A row's content after the controls before it (e.g. a visibility box) and before those after it. */
  row: (item: T) => { before?: ReactNode; main: ReactNode; after?: ReactNode };
}

export function FeatureList<T extends { id: number }>({
  noun,
  plural,
  onAdd,
  addDisabled,
  showDeleted,
  query,
  items,
  selectedId,
  row,
}: FeatureListProps<T>) {
  const lower = plural.toLowerCase();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={addDisabled} onClick={onAdd}>
          Add {noun}
        </button>
        {showDeleted && (
          <label className="ml-auto flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={showDeleted.checked}
              onChange={(e) => showDeleted.onChange(e.target.checked)}
            />
            Show Deleted
          </label>
        )}
      </div>
      {query.isPending && <span className="loading loading-spinner loading-sm" aria-label={`Loading ${lower}`} />}
      {query.error && <LoadError message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data !== undefined && items.length === 0 && (
        <p className="text-sm text-base-content/70">This site has no {lower} yet.</p>
      )}
      {items.length > 0 && (
        <ul className="max-h-64 overflow-auto rounded-box border border-base-300" aria-label={plural} tabIndex={0}>
          {items.map((item) => {
            const { before, main, after } = row(item);
            return (
              <li
                key={item.id}
                className={`flex items-center gap-2 border-b border-base-200 px-2 py-1 text-sm last:border-b-0 ${selectedId === item.id ? 'bg-primary/10' : ''}`}
              >
                {before}
                {main}
                {after}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
