// What both grid modes draw: a sticky header with sort and filter controls, a virtual body (only the rows in view
// are in the DOM, so 10,000 or 1,000,000 rows scroll alike), row selection and struck-through deleted rows.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isActiveFilter, type CellValue, type ColumnFilterValue } from '@/domain/grid-filter';
import { ColumnFilterPopover } from './column-filter';
import type { ColumnFilters, GridColumn, SortState } from './types';

export const ROW_HEIGHT = 32;

export interface GridRowSlot<T> {
  id: string;
  row: T;
}

export interface GridViewProps<T> {
  label: string;
  /** Pixel height of a row; ROW_HEIGHT unless a grid's spec says otherwise (uptime: 30). */
  rowHeight?: number;
  columns: readonly GridColumn<T>[];
  rowCount: number;
  /** The row at an index, or undefined while it loads (server mode). */
  rowAt: (index: number) => GridRowSlot<T> | undefined;
  sort: SortState | null;
  onSort: (columnId: string) => void;
  filters: ColumnFilters;
  onFilter: (columnId: string, value: ColumnFilterValue | undefined) => void;
  selection?: {
    isSelected: (id: string) => boolean;
    canSelect: (row: T) => boolean;
    toggle: (id: string) => void;
    all: boolean;
    some: boolean;
    toggleAll: () => void;
  };
  isDeleted?: (row: T) => boolean;
  rowActions?: (row: T) => ReactNode;
  /** Rows in view changed (server mode loads their blocks). */
  onRange?: (first: number, last: number) => void;
  empty: ReactNode;
  height: string;
  /** How a date column's value reads when the column has no cell of its own (the user's time zone and format). */
  formatDate?: (value: string | number | Date) => string;
}

function display(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function dateText(value: CellValue, format: (v: string | number | Date) => string): string {
  return value === null || value === undefined || value === '' || typeof value === 'boolean' ? '' : format(value);
}

const alignClass = (align: GridColumn<unknown>['align'], kind: GridColumn<unknown>['kind']) =>
  align === 'right' || (align === undefined && kind === 'number')
    ? 'text-right tabular-nums'
    : align === 'center'
      ? 'text-center'
      : '';

function SortMark({ state }: { state: 'asc' | 'desc' | null }) {
  return (
    <span aria-hidden="true" className={`text-[10px] ${state ? 'text-primary' : 'text-base-content/30'}`}>
      {state === 'asc' ? '▲' : state === 'desc' ? '▼' : '↕'}
    </span>
  );
}

export function GridView<T>(props: GridViewProps<T>) {
  const { columns, rowCount, sort, filters, selection, rowActions } = props;
  const rowHeight = props.rowHeight ?? ROW_HEIGHT;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [filterOpen, setFilterOpen] = useState<string | null>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  const onRange = props.onRange;
  useEffect(() => {
    onRange?.(first, last);
  }, [onRange, first, last, rowCount]);
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const span = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);

  return (
    <div ref={scrollRef} className="overflow-auto" style={{ height: props.height }} tabIndex={-1}>
      <table
        className="table table-xs w-full border-separate border-spacing-0"
        aria-label={props.label}
        aria-rowcount={rowCount + 1}
      >
        <thead className="sticky top-0 z-20 bg-base-200 text-base-content">
          <tr>
            {selection && (
              <th scope="col" className="w-8 border-b border-base-300">
                <input
                  type="checkbox"
                  className="checkbox checkbox-xs"
                  aria-label="Select all rows"
                  checked={selection.all}
                  ref={(el) => {
                    if (el) el.indeterminate = selection.some && !selection.all;
                  }}
                  onChange={selection.toggleAll}
                />
              </th>
            )}
            {columns.map((c) => (
              <GridHeaderCell
                key={c.id}
                column={c}
                sorted={sort?.columnId === c.id ? (sort.ascending ? 'asc' : 'desc') : null}
                filter={filters[c.id]}
                filterOpen={filterOpen === c.id}
                onSort={() => props.onSort(c.id)}
                onToggleFilter={() => setFilterOpen((o) => (o === c.id ? null : c.id))}
                onCloseFilter={() => setFilterOpen(null)}
                onFilter={(v) => {
                  props.onFilter(c.id, v);
                  setFilterOpen(null);
                }}
              />
            ))}
            {rowActions && (
              <th scope="col" className="sticky right-0 border-b border-base-300 bg-base-200 text-right">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rowCount === 0 && (
            <tr>
              <td colSpan={span} className="py-8 text-center text-base-content/70">
                {props.empty}
              </td>
            </tr>
          )}
          {padTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: padTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const slot = props.rowAt(item.index);
            if (!slot) {
              return (
                <tr key={`loading-${item.index}`} style={{ height: rowHeight }} aria-busy="true">
                  <td colSpan={span}>
                    <span className="skeleton block h-3 w-2/3" aria-label="Loading row" />
                  </td>
                </tr>
              );
            }
            return (
              <GridRow
                key={slot.id}
                slot={slot}
                index={item.index}
                height={rowHeight}
                columns={columns}
                deleted={props.isDeleted?.(slot.row) ?? false}
                selection={selection}
                rowActions={rowActions}
                formatDate={props.formatDate}
              />
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: padBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A column's header: its sort button (or plain name) and its filter button with the filter popover. */
function GridHeaderCell<T>({
  column: c,
  sorted,
  filter,
  filterOpen,
  onSort,
  onToggleFilter,
  onCloseFilter,
  onFilter,
}: {
  column: GridColumn<T>;
  sorted: 'asc' | 'desc' | null;
  filter: ColumnFilterValue | undefined;
  filterOpen: boolean;
  onSort: () => void;
  onToggleFilter: () => void;
  onCloseFilter: () => void;
  onFilter: (value: ColumnFilterValue | undefined) => void;
}) {
  const filtered = isActiveFilter(filter);
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={`relative whitespace-nowrap border-b border-base-300 ${alignClass(c.align, c.kind)}`}
      style={c.width ? { width: c.width, minWidth: c.width } : undefined}
    >
      <span className="inline-flex items-center gap-1">
        {c.sortable === false ? (
          <span>{c.header}</span>
        ) : (
          <button
            type="button"
            className="inline-flex items-center gap-1 font-semibold hover:text-primary"
            onClick={onSort}
          >
            {c.header}
            <SortMark state={sorted} />
          </button>
        )}
        {c.filterable !== false && (
          <button
            type="button"
            className={`btn btn-ghost btn-xs px-1 ${filtered ? 'text-primary' : 'text-base-content/40'}`}
            aria-label={`Filter ${c.header}${filtered ? ' (active)' : ''}`}
            aria-expanded={filterOpen}
            onClick={onToggleFilter}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-3 w-3"
              fill={filtered ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M3 5h18l-7 8v6l-4-2v-4z" />
            </svg>
          </button>
        )}
      </span>
      {filterOpen && (
        <ColumnFilterPopover
          header={c.header}
          kind={c.kind ?? 'text'}
          options={c.filterOptions}
          value={filter}
          onClose={onCloseFilter}
          onApply={onFilter}
        />
      )}
    </th>
  );
}

/** One loaded row: its selection box, its cells (a date in the user's format) and its actions. */
function GridRow<T>({
  slot,
  index,
  height,
  columns,
  deleted,
  selection,
  rowActions,
  formatDate,
}: {
  slot: GridRowSlot<T>;
  index: number;
  height: number;
  columns: readonly GridColumn<T>[];
  deleted: boolean;
  selection: GridViewProps<T>['selection'];
  rowActions: GridViewProps<T>['rowActions'];
  formatDate: GridViewProps<T>['formatDate'];
}) {
  // Rows shorter than the default drop the cells' vertical padding so their buttons still fit.
  const dense = height < ROW_HEIGHT ? 'py-0' : '';
  const selected = selection?.isSelected(slot.id) ?? false;
  return (
    <tr
      style={{ height }}
      aria-rowindex={index + 2}
      aria-selected={selection ? selected : undefined}
      className={`hover:bg-base-200/60 ${selected ? 'bg-primary/10' : ''} ${deleted ? 'text-base-content/60 line-through' : ''}`}
    >
      {selection && (
        <td className={`border-b border-base-200 ${dense}`}>
          {selection.canSelect(slot.row) && (
            <input
              type="checkbox"
              className="checkbox checkbox-xs"
              aria-label={`Select row ${index + 1}`}
              checked={selected}
              onChange={() => selection.toggle(slot.id)}
            />
          )}
        </td>
      )}
      {columns.map((c) => (
        <td
          key={c.id}
          className={`${c.overflowVisible ? 'overflow-visible' : 'max-w-xs truncate'} whitespace-nowrap border-b border-base-200 ${dense} ${alignClass(c.align, c.kind)}`}
        >
          {c.cell
            ? c.cell(slot.row)
            : c.kind === 'date' && formatDate
              ? dateText(c.value(slot.row), formatDate)
              : display(c.value(slot.row))}
        </td>
      ))}
      {rowActions && (
        <td
          className={`sticky right-0 whitespace-nowrap border-b border-base-200 bg-base-100 text-right no-underline ${dense}`}
        >
          {rowActions(slot.row)}
        </td>
      )}
    </tr>
  );
}
