// TanStack Table under the client-side grid: column filters (spec 1 §3) and sorting over rows the quick filters and
// search have already narrowed; answers in GridView's terms (sort state, filters by column, the rows in order).
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
import { useMemo, useState } from 'react';
import {
  isActiveFilter,
  matchesFilter,
  type CellValue,
  type ColumnFilterValue,
  type ColumnKind,
} from '@/domain/grid-filter';
import type { ColumnFilters, GridColumn, SortState } from './types';

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

export function useClientTable<T extends RowData>(
  columns: readonly GridColumn<T>[],
  data: readonly T[],
  getRowId: (row: T) => string,
) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
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
    data: data as T[],
    getRowId: (row: T) => getRowId(row),
    state: { sorting, columnFilters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
  });

  const sort: SortState | null = sorting[0] ? { columnId: sorting[0].id, ascending: !sorting[0].desc } : null;
  const kindOf = (id: string) => columns.find((c) => c.id === id)?.kind ?? 'text';
  return {
    rows: table.getRowModel().rows,
    sort,
    filters: Object.fromEntries(columnFilters.map((f) => [f.id, (f.value as FilterArg).filter])) as ColumnFilters,
    filtered: columnFilters.length > 0,
    onSort: (id: string) => table.getColumn(id)?.toggleSorting(sort?.columnId === id ? sort.ascending : false),
    onFilter: (id: string, value: ColumnFilterValue | undefined) =>
      table
        .getColumn(id)
        ?.setFilterValue(value && isActiveFilter(value) ? { filter: value, kind: kindOf(id) } : undefined),
    clearFilters: () => setColumnFilters([]),
  };
}
