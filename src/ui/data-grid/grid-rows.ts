// What the client-side grid derives from its rows, as pure functions: the quick filters and search box narrowing
// them, the CSV of what is shown, and the selection GridView draws over the rows in view.
import { toCsv } from '@/domain/csv';
import type { CellValue } from '@/domain/grid-filter';
import type { GridViewProps } from './grid-view';
import type { GridColumn, GridSelection, QuickFilter } from './types';

const textOf = (v: CellValue) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));

/**
 * The rows every active quick filter keeps and, when there is a search, whose shown text columns hold it (any case).
 * The same array when nothing narrows it, so TanStack's row models are not rebuilt.
 */
export function narrowRows<T>(
  rows: readonly T[],
  quickFilters: readonly QuickFilter<T>[],
  activeQuick: ReadonlySet<string>,
  search: string,
  shownColumns: readonly GridColumn<T>[],
): readonly T[] {
  const quick = quickFilters.filter((f) => activeQuick.has(f.id) && f.predicate);
  const q = search.trim().toLowerCase();
  if (quick.length === 0 && !q) return rows;
  const searchable = shownColumns.filter((c) => (c.kind ?? 'text') === 'text');
  return rows.filter(
    (r) =>
      quick.every((f) => f.predicate!(r)) &&
      (!q || searchable.some((c) => textOf(c.value(r)).toLowerCase().includes(q))),
  );
}

/** The CSV of the shown columns (less those kept out of exports) over the rows in their order. */
export function gridCsv<T>(shownColumns: readonly GridColumn<T>[], rows: readonly T[]): string {
  const cols = shownColumns.filter((c) => !c.noExport);
  return toCsv(
    cols.map((c) => c.header),
    rows.map((r) => cols.map((c) => (c.exportValue ? c.exportValue(r) : c.value(r)))),
  );
}

/** Row selection over the rows shown: 'all' and the header box act on the selectable rows shown only. */
export function gridViewSelection<T>(
  selection: GridSelection<T>,
  rows: readonly { id: string; original: T }[],
): NonNullable<GridViewProps<T>['selection']> {
  const canSelect = (row: T) => selection.canSelect?.(row) ?? true;
  const selectable = rows.filter((r) => canSelect(r.original));
  const selectedShown = selectable.filter((r) => selection.selected.has(r.id)).length;
  return {
    isSelected: (id) => selection.selected.has(id),
    canSelect,
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
  };
}
