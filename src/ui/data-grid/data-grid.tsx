// The client-side grid (spec 1 §3): TanStack Table sorts and filters the rows (column filters of spec 1 §3, quick
// filters, a search box), GridView draws only the rows in view; column visibility is saved per user, CSV export
// takes the filtered rows in their order, the footer says 'Rows: n/total' and when the data was refreshed.
import {
  columnFilteringFeature,
  constructFilterFn,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnFiltersState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { toCsv } from '@/domain/csv';
import {
  isActiveFilter,
  matchesFilter,
  type CellValue,
  type ColumnFilterValue,
  type ColumnKind,
} from '@/domain/grid-filter';
import { downloadText } from '../download';
import { GridFooter, LoadError } from './grid-parts';
import { ColumnChooser } from './column-chooser';
import { QuickFilterBar } from './quick-filter-bar';
import { GridView } from './grid-view';
import type { ColumnFilters, GridColumn, GridSelection, QuickFilter, SortState } from './types';
import { useColumnVisibility } from './use-column-visibility';
import { useDateFormatter } from './use-date-formatter';

interface FilterArg {
  filter: ColumnFilterValue;
  kind: ColumnKind;
}

const gridFilter = constructFilterFn({
  filter: (dataValue: CellValue, arg: FilterArg) => matchesFilter(dataValue, arg.filter, arg.kind),
  autoRemove: (arg: FilterArg | undefined) => !arg || !isActiveFilter(arg.filter),
});

const features = tableFeatures({
  columnFilteringFeature,
  rowSortingFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  filterFns: { grid: gridFilter },
  sortFns: { basic: sortFn_basic, text: sortFn_text },
});

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

const textOf = (v: CellValue) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));

export function DataGrid<T extends RowData>(props: DataGridProps<T>) {
  const { columns, quickFilters = [], selection } = props;
  const defaultHidden = useMemo(() => columns.filter((c) => c.hiddenByDefault).map((c) => c.id), [columns]);
  const visibility = useColumnVisibility(props.gridKey, defaultHidden);
  const formatDate = useDateFormatter();
  const visible = useMemo(
    () => columns.filter((c) => c.hideable === false || !visibility.hidden.has(c.id)),
    [columns, visibility.hidden],
  );
  const [activeQuick, setActiveQuick] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);

  // Quick filters and the search box narrow the data first; column filters and sorting are TanStack's.
  const data = useMemo(() => {
    const all = props.rows ?? [];
    const quick = quickFilters.filter((q) => activeQuick.has(q.id) && q.predicate);
    const q = search.trim().toLowerCase();
    if (quick.length === 0 && !q) return all as T[];
    const searchable = visible.filter((c) => (c.kind ?? 'text') === 'text');
    return all.filter(
      (r) =>
        quick.every((f) => f.predicate!(r)) &&
        (!q || searchable.some((c) => textOf(c.value(r)).toLowerCase().includes(q))),
    );
  }, [props.rows, quickFilters, activeQuick, search, visible]);

  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        accessorFn: (row: T) => {
          const v = c.value(row);
          if (v === null || v === undefined || v === '') return undefined;
          return v instanceof Date ? v.getTime() : (c.kind ?? 'text') === 'text' ? String(v) : v;
        },
        header: c.header,
        filterFn: 'grid' as const,
        sortFn: (c.kind ?? 'text') === 'text' ? ('text' as const) : ('basic' as const),
        sortUndefined: 'last' as const,
        enableSorting: c.sortable !== false,
      })),
    [columns],
  );

  const table = useTable({
    features,
    columns: defs,
    data,
    getRowId: (row: T) => props.getRowId(row),
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
  });
  const rows = table.getRowModel().rows;
  const onRowsChange = props.onRowsChange;
  useEffect(() => {
    onRowsChange?.(rows.map((r) => r.original));
  }, [rows, onRowsChange]);

  const sort: SortState | null = sorting[0] ? { columnId: sorting[0].id, ascending: !sorting[0].desc } : null;
  const filters: ColumnFilters = Object.fromEntries(columnFilters.map((f) => [f.id, (f.value as FilterArg).filter]));
  const kindOf = (id: string) => columns.find((c) => c.id === id)?.kind ?? 'text';

  const selectable = selection ? rows.filter((r) => selection.canSelect?.(r.original) ?? true) : [];
  const selectedShown = selection ? selectable.filter((r) => selection.selected.has(r.id)).length : 0;

  function exportCsv() {
    const cols = visible.filter((c) => !c.noExport);
    const csv = toCsv(
      cols.map((c) => c.header),
      rows.map((r) => cols.map((c) => (c.exportValue ? c.exportValue(r.original) : c.value(r.original)))),
    );
    downloadText(`${props.exportName}.csv`, csv);
  }

  const hideable = columns.filter((c) => c.hideable !== false).map((c) => ({ id: c.id, header: c.header }));
  const total = props.rows?.length ?? 0;
  const filteredAny = activeQuick.size > 0 || search.trim() !== '' || columnFilters.length > 0;

  return (
    <div className="rounded-box border border-base-300 bg-base-100">
      <div className="flex flex-wrap items-center gap-2 border-b border-base-300 p-2">
        <QuickFilterBar filters={quickFilters} active={activeQuick} onChange={setActiveQuick} />
        {props.searchPlaceholder && (
          <input
            type="search"
            className="input input-sm w-56"
            placeholder={props.searchPlaceholder}
            aria-label={props.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
        {filteredAny && (
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            onClick={() => {
              setActiveQuick(new Set());
              setSearch('');
              setColumnFilters([]);
            }}
          >
            Clear filters
          </button>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {props.toolbar}
          <ColumnChooser
            columns={hideable}
            hidden={visibility.hidden}
            onChange={visibility.setHidden}
            onReset={() => visibility.setHidden(new Set(defaultHidden))}
          />
          {props.exportName && (
            <button type="button" className="btn btn-sm btn-outline" disabled={rows.length === 0} onClick={exportCsv}>
              Export CSV
            </button>
          )}
        </div>
      </div>
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
          sort={sort}
          onSort={(id) => table.getColumn(id)?.toggleSorting(sort?.columnId === id ? sort.ascending : false)}
          filters={filters}
          onFilter={(id, value) =>
            table
              .getColumn(id)
              ?.setFilterValue(value && isActiveFilter(value) ? { filter: value, kind: kindOf(id) } : undefined)
          }
          selection={
            selection && {
              isSelected: (id) => selection.selected.has(id),
              canSelect: (row) => selection.canSelect?.(row) ?? true,
              toggle: (id) => {
                const next = new Set(selection.selected);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                selection.onChange(next);
              },
              all: selectable.length > 0 && selectedShown === selectable.length,
              some: selectedShown > 0,
              toggleAll: () => {
                const next = new Set(selection.selected);
                const clear = selectedShown === selectable.length;
                for (const r of selectable) {
                  if (clear) next.delete(r.id);
                  else next.add(r.id);
                }
                selection.onChange(next);
              },
            }
          }
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
        status={
          visibility.saveError ? (
            <span className="text-error">Column choice not saved: {visibility.saveError}</span>
          ) : undefined
        }
      />
    </div>
  );
}
