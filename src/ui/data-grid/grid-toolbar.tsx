// The toolbar both grid modes draw over PageToolbar: quick filters, the search box and Clear filters on the left;
// the screen's own buttons, the Columns menu and Export CSV on the right.
import type { ReactNode } from 'react';
import { PageToolbar } from '../page-toolbar';
import { ColumnChooser, type ColumnChooserProps } from './column-chooser';
import { QuickFilterBar } from './quick-filter-bar';
import type { QuickFilter } from './types';

export interface GridSearch {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export function GridToolbar<T>({
  quickFilters,
  activeQuick,
  onQuickChange,
  search,
  onClearFilters,
  actions,
  columnChooser,
  onExport,
}: {
  quickFilters: readonly QuickFilter<T>[];
  activeQuick: ReadonlySet<string>;
  onQuickChange: (next: ReadonlySet<string>) => void;
  /** No box without it. */
  search?: GridSearch;
  /** Given while a filter is on: shows Clear filters. */
  onClearFilters?: () => void;
  /** The screen's own buttons. */
  actions?: ReactNode;
  columnChooser: ColumnChooserProps;
  /** Export CSV; disabled when null (no rows), no button when undefined. */
  onExport?: (() => void) | null;
}) {
  return (
    <PageToolbar
      framed
      filters={
        <>
          <QuickFilterBar filters={quickFilters} active={activeQuick} onChange={onQuickChange} />
          {search && (
            <input
              type="search"
              className="input input-sm w-56"
              placeholder={search.placeholder}
              aria-label={search.placeholder}
              value={search.value}
              onChange={(e) => search.onChange(e.target.value)}
            />
          )}
          {onClearFilters && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={onClearFilters}>
              Clear filters
            </button>
          )}
        </>
      }
      actions={
        <>
          {actions}
          <ColumnChooser {...columnChooser} />
          {onExport !== undefined && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={onExport === null}
              onClick={onExport ?? undefined}
            >
              Export CSV
            </button>
          )}
        </>
      }
    />
  );
}
