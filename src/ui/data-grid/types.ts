// The column and filter vocabulary every grid of the console is declared with.
import type { ReactNode } from 'react';
import type { CsvCell } from '@/domain/csv';
import type { CellValue, ColumnFilterValue, ColumnKind } from '@/domain/grid-filter';

export interface GridColumn<T> {
  /** Stable id: saved in column visibility and sent as sortColumn / filter field in server mode. */
  id: string;
  header: string;
  /** text (default), number or date: decides sorting and the filter types offered. */
  kind?: ColumnKind;
  /** The value sorted, filtered and exported. */
  value: (row: T) => CellValue;
  /** What the cell shows; the value as text when omitted. */
  cell?: (row: T) => ReactNode;
  /** The CSV cell when it should differ from the value (formatted dates, joined lists). */
  exportValue?: (row: T) => CsvCell;
  align?: 'left' | 'right' | 'center';
  /** Pixel width; columns share the rest. */
  width?: number;
  sortable?: boolean;
  filterable?: boolean;
  /** The values a text column's filter offers (equals / not equal one of them) instead of free text. */
  filterOptions?: readonly string[];
  /** False keeps the column out of the column chooser (always shown). */
  hideable?: boolean;
  hiddenByDefault?: boolean;
  /** Left out of the CSV export. */
  noExport?: boolean;
  /** The cell holds a popover (a dropdown table): it must not clip its content. */
  overflowVisible?: boolean;
}

export interface QuickFilter<T> {
  id: string;
  label: string;
  /** Client mode: which rows the quick filter keeps. Server mode sends the id instead. */
  predicate?: (row: T) => boolean;
  title?: string;
}

export type ColumnFilters = Readonly<Record<string, ColumnFilterValue>>;

export interface SortState {
  columnId: string;
  ascending: boolean;
}

export interface GridSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  canSelect?: (row: T) => boolean;
}
