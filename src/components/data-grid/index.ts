export { DataGrid, type DataGridProps } from './data-grid';
export { ServerDataGrid, type ServerBlockParams, type ServerDataGridProps } from './server-data-grid';
export type { BlockAnswer } from './block-cache';
export type { ColumnFilters, GridColumn, GridSelection, QuickFilter, SortState } from './types';
