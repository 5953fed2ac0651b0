// The server-side grid for large lists (device events, alarms, uptime): rows arrive in blocks of startRow/endRow
// with the sort column and filters as the spec passes them, at most `maxBlocks` blocks are kept, and only the rows
// in view are drawn, so a million rows scroll like a hundred.
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { isActiveFilter, type ColumnFilterValue } from '@/domain/grid-filter';
import { GridFooter } from './grid-parts';
import { BlockCache, type BlockAnswer } from './block-cache';
import { GridToolbar } from './grid-toolbar';
import { GridView } from './grid-view';
import type { ColumnFilters, GridColumn, QuickFilter, SortState } from './types';
import { useGridColumns } from './use-column-visibility';
import { useDateFormatter } from './use-date-formatter';

export interface ServerBlockParams {
  startRow: number;
  endRow: number;
  sort: SortState | null;
  filters: ColumnFilters;
  quickFilters: string[];
  signal: AbortSignal;
}

export interface ServerDataGridProps<T> {
  label: string;
  gridKey: string;
  columns: readonly GridColumn<T>[];
  getRowId: (row: T) => string;
  fetchBlock: (params: ServerBlockParams) => Promise<BlockAnswer<T>>;
  blockSize: number;
  maxBlocks?: number;
  quickFilters?: readonly QuickFilter<T>[];
  /** Changing it drops every cached block (new date range, organization, refresh). */
  refreshKey?: string;
  emptyText?: string;
  isDeleted?: (row: T) => boolean;
  rowActions?: (row: T) => ReactNode;
  toolbar?: ReactNode;
  height?: string;
  rowHeight?: number;
  initialSort?: SortState | null;
}

export function ServerDataGrid<T>(props: ServerDataGridProps<T>) {
  const { columns, quickFilters = [] } = props;
  const { visible, columnChooser } = useGridColumns(props.gridKey, columns);
  const formatDate = useDateFormatter();
  const [sort, setSort] = useState<SortState | null>(props.initialSort ?? null);
  const [filters, setFilters] = useState<ColumnFilters>({});
  const [activeQuick, setActiveQuick] = useState<ReadonlySet<string>>(new Set());
  const [refreshedAt, setRefreshedAt] = useState<number | undefined>(undefined);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const fetchRef = useRef(props.fetchBlock);
  fetchRef.current = props.fetchBlock;

  const query = useMemo(() => ({ sort, filters, quickFilters: [...activeQuick].sort() }), [sort, filters, activeQuick]);
  const cache = useMemo(
    () =>
      new BlockCache<T>(
        ({ startRow, endRow, signal }) => fetchRef.current({ startRow, endRow, signal, ...query }),
        props.blockSize,
        props.maxBlocks ?? 3,
        () => {
          setRefreshedAt(Date.now());
          rerender();
        },
      ),
    // A new cache whenever what is asked changes; the old one's loads are ignored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query, props.blockSize, props.maxBlocks, props.refreshKey],
  );
  useEffect(() => () => cache.reset(), [cache]);

  const total = cache.complete ? cache.rowCount : null;

  return (
    <div className="rounded-box border border-base-300 bg-base-100">
      <GridToolbar
        quickFilters={quickFilters}
        activeQuick={activeQuick}
        onQuickChange={setActiveQuick}
        actions={props.toolbar}
        columnChooser={columnChooser}
      />
      <GridView
        label={props.label}
        rowHeight={props.rowHeight}
        columns={visible}
        rowCount={cache.rowCount}
        rowAt={(i) => {
          const row = cache.row(i);
          return row === undefined ? undefined : { id: props.getRowId(row), row };
        }}
        onRange={(first, last) => cache.touch(first, last)}
        sort={sort}
        onSort={(id) =>
          setSort((s) =>
            s?.columnId !== id
              ? { columnId: id, ascending: true }
              : s.ascending
                ? { columnId: id, ascending: false }
                : null,
          )
        }
        filters={filters}
        onFilter={(id, value: ColumnFilterValue | undefined) =>
          setFilters((f) => {
            const rest = Object.fromEntries(Object.entries(f).filter(([k]) => k !== id));
            return value && isActiveFilter(value) ? { ...rest, [id]: value } : rest;
          })
        }
        isDeleted={props.isDeleted}
        rowActions={props.rowActions}
        empty={props.emptyText ?? 'No Rows'}
        height={props.height ?? '65vh'}
        formatDate={formatDate}
      />
      <GridFooter
        shown={total ?? 0}
        total={total ?? 0}
        refreshedAt={refreshedAt}
        status={total === null ? <span>Loading…</span> : undefined}
      />
    </div>
  );
}
