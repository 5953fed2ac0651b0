// Pieces every list screen shares until the shared DataGrid lands: the load-error alert and the grid footer.
import type { ReactNode } from 'react';

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

/** 'Rows: n/total' and the last-refreshed time (spec 1 §9), 2.5rem high. */
export function GridFooter({
  shown,
  total,
  refreshedAt,
  status,
}: {
  shown: number;
  total: number;
  refreshedAt?: number;
  status?: ReactNode;
}) {
  return (
    <div className="flex h-10 items-center justify-between border-t border-base-300 px-3 text-xs text-base-content/70">
      <span>
        Rows: {shown}/{total}
      </span>
      {status ??
        (refreshedAt !== undefined && <span>Last refreshed {new Date(refreshedAt).toLocaleTimeString()}</span>)}
    </div>
  );
}
