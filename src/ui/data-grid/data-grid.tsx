// The client-side grid (spec 1 §3): TanStack Table sorts and filters the rows (column filters of spec 1 §3, quick
// filters, a search box), GridView draws only the rows in view; column visibility is saved per user, CSV export
// takes the filtered rows in their order, the footer says 'Rows: n/total' and when the data was refreshed.
import type { RowData } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { downloadText } from '../download';
import { GridFooter, LoadError } from './grid-parts';
import { gridCsv, gridViewSelection, narrowRows } from './grid-rows';
import { GridToolbar } from './grid-toolbar';
import { GridView } from './grid-view';
import type { GridColumn, GridSelection, QuickFilter } from './types';
import { useClientTable } from './use-client-table';
import { useGridColumns } from './use-column-visibility';
import { useDateFormatter } from './use-date-formatter';

export interface DataGridProps<T> {
  /** Accessible name of the table, and the CSV file's name unless exportName is given. */
  label: string;
  /** The key column visibility is saved under for the user, e.g. 'SitesColumnVisibility'. */
  gridKey: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  loading?: boolean;
  error?: { message: string; retry: () => void } | null;
  refreshedAt?: number;
  emptyText?: string;
  quickFilters?: readonly QuickFilter<T>[];
  /** Placeholder of the search box; no box without it. Searches the shown text columns. */
  searchPlaceholder?: string;
  selection?: GridSelection<T>;
  isDeleted?: (row: T) => boolean;
  rowActions?: (row: T) => ReactNode;
  /** CSV export of the filtered rows under this file name (no extension); no button without it. */
  exportName?: string;
  toolbar?: ReactNode;
  height?: string;
  /** Pixel height of a row, for cells holding lists. */
  rowHeight?: number;
  /** The rows after every filter, in their sorted order (templates, bulk actions). */
  onRowsChange?: (rows: readonly T[]) => void;
}

export function DataGrid<T extends RowData>(props: DataGridProps<T>) {
  const { columns, quickFilters = [], selection } = props;
  const { visible, columnChooser, saveError } = useGridColumns(props.gridKey, columns);
  const formatDate = useDateFormatter();
  const [activeQuick, setActiveQuick] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');

  // Quick filters and the search box narrow the data first; column filters and sorting are TanStack's.
  const data = useMemo(
    () => narrowRows(props.rows ?? [], quickFilters, activeQuick, search, visible),
    [props.rows, quickFilters, activeQuick, search, visible],
  );
  const table = useClientTable(columns, data, props.getRowId);
  const rows = table.rows;
  const onRowsChange = props.onRowsChange;
  useEffect(() => {
    onRowsChange?.(rows.map((r) => r.original));
  }, [rows, onRowsChange]);

  const total = props.rows?.length ?? 0;
  const filteredAny = activeQuick.size > 0 || search.trim() !== '' || table.filtered;

  return (
    <div className="rounded-box border border-base-300 bg-base-100">
      <GridToolbar
        quickFilters={quickFilters}
        activeQuick={activeQuick}
        onQuickChange={setActiveQuick}
        search={
          props.searchPlaceholder
            ? { placeholder: props.searchPlaceholder, value: search, onChange: setSearch }
            : undefined
        }
        onClearFilters={
          filteredAny
            ? () => {
                setActiveQuick(new Set());
                setSearch('');
                table.clearFilters();
              }
            : undefined
        }
        actions={props.toolbar}
        columnChooser={columnChooser}
        onExport={
          props.exportName === undefined
            ? undefined
            : rows.length === 0
              ? null
              : () =>
                  downloadText(
                    `${props.exportName}.csv`,
                    gridCsv(
                      visible,
                      rows.map((r) => r.original),
                    ),
                  )
        }
      />
      {props.loading ? (
        <div className="flex items-center justify-center gap-2 p-10 text-base-content/70" role="status">
          <span className="loading loading-spinner loading-md" aria-hidden="true" />
          Loading {props.label.toLowerCase()}
        </div>
      ) : props.error ? (
        <div className="p-3">
          <LoadError message={props.error.message} onRetry={props.error.retry} />
        </div>
      ) : (
        <GridView
          label={props.label}
          rowHeight={props.rowHeight}
          columns={visible}
          rowCount={rows.length}
          rowAt={(i) => {
            const r = rows[i];
            return r ? { id: r.id, row: r.original } : undefined;
          }}
          sort={table.sort}
          onSort={table.onSort}
          filters={table.filters}
          onFilter={table.onFilter}
          selection={selection && gridViewSelection(selection, rows)}
          isDeleted={props.isDeleted}
          rowActions={props.rowActions}
          empty={total > 0 ? 'No rows match the filters.' : (props.emptyText ?? 'No Rows')}
          height={props.height ?? '65vh'}
          formatDate={formatDate}
        />
      )}
      <GridFooter
        shown={rows.length}
        total={total}
        refreshedAt={props.refreshedAt}
        status={saveError ? <span className="text-error">Column choice not saved: {saveError}</span> : undefined}
      />
    </div>
  );
}
