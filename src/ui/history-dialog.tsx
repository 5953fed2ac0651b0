// The 'history table in a dialog' pattern, written once: a wide dialog over a query that shows a spinner while it
// loads, the error with Try Again, a sentence when there is nothing, else its tables; Close (and any other actions)
// at the bottom. Audit changes, alarm parameter, sensor configuration, baseline and push execution histories use it.
import type { ReactNode } from 'react';
import { LoadError } from './data-grid/grid-parts';
import { Modal } from './modal';
import { Spinner } from './spinner';

export interface HistoryQuery<D> {
  data: D | undefined;
  error: Error | null;
  refetch: () => unknown;
}

export function HistoryDialog<D>({
  title,
  query,
  isEmpty,
  emptyText,
  loadingLabel = 'Loading history',
  actions,
  onClose,
  children,
}: {
  title: string;
  query: HistoryQuery<D>;
  isEmpty: (data: D) => boolean;
  emptyText: string;
  loadingLabel?: string;
  /** Buttons before Close. */
  actions?: ReactNode;
  onClose: () => void;
  /** The loaded history's tables. */
  children: (data: D) => ReactNode;
}) {
  const { data, error, refetch } = query;
  return (
    <Modal open title={title} onClose={onClose} wide>
      {error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} />
      ) : data === undefined ? (
        <Spinner label={loadingLabel} />
      ) : isEmpty(data) ? (
        <p className="text-sm text-base-content/70">{emptyText}</p>
      ) : (
        children(data)
      )}
      <div className="modal-action">
        {actions}
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

export interface HistoryColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells (e.g. 'whitespace-nowrap', 'text-right tabular-nums'). */
  className?: string;
}

/**
 * A scrolling history table; a column given as false is left out (columns that only one kind of history shows).
 * Its box is a named region the keyboard can reach and scroll, since any history may outgrow it.
 */
export function HistoryTable<T>({
  label,
  rows,
  rowKey,
  columns,
  rowClassName,
}: {
  label: string;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  columns: readonly (HistoryColumn<T> | false)[];
  rowClassName?: (row: T) => string | undefined;
}) {
  const shown = columns.filter((c): c is HistoryColumn<T> => c !== false);
  return (
    <div className="max-h-[60vh] overflow-auto" tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <table className="table table-xs" aria-label={label}>
        <thead className="text-base-content">
          <tr>
            {shown.map((c, i) => (
              <th key={i} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={rowKey(row, r)} className={rowClassName?.(row)}>
              {shown.map((c, i) => (
                <td key={i} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
