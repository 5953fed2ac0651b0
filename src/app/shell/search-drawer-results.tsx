// The search drawer's results (spec 2 §2 'Search drawer'): the sites found (each to its dashboard, with its cloud
// functions) and the devices found (each with its menu), with filtered/total counts and at most SHOWN rows each.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DeviceSearchRow } from '@/contracts/device';
import { Popover } from '@/ui/popover';
import {
  deviceDetail,
  SHOWN,
  siteDetail,
  type DeviceAction,
  type DeviceMenuEntry,
  type SiteSearchRow,
} from './search-drawer-lists';

/** A list's state as TanStack Query gives it. */
interface ListQuery<T> {
  isPending: boolean;
  error: Error | null;
  data: readonly T[] | undefined;
}

/** One section of results: its heading with counts, loading or error, the rows, and how many more there are. */
export function ResultSection<T>({
  label,
  title,
  query,
  found,
  row,
}: {
  label: string;
  title: string;
  query: ListQuery<T>;
  found: readonly T[];
  row: (item: T) => ReactNode;
}) {
  return (
    <section aria-label={label}>
      <h3 className="sticky top-0 z-10 bg-base-200 px-2 py-1 text-xs font-semibold uppercase">{`${title} ${found.length}/${query.data?.length ?? 0}`}</h3>
      {query.isPending ? (
        <p className="p-2 text-xs text-base-content/70">Loading…</p>
      ) : query.error ? (
        <p className="p-2 text-xs text-error">{query.error.message}</p>
      ) : (
        <ul>
          {found.slice(0, SHOWN).map(row)}
          {found.length > SHOWN && (
            <li className="p-2 text-xs text-base-content/70">{`${found.length - SHOWN} more — refine the search`}</li>
          )}
        </ul>
      )}
    </section>
  );
}

export function SiteResult({
  site: s,
  showAll,
  organizationId,
  canCloud,
  onCloud,
}: {
  site: SiteSearchRow;
  showAll: boolean;
  organizationId: number;
  canCloud: boolean;
  onCloud: () => void;
}) {
  const elsewhere = s.organizationId !== organizationId;
  return (
    <li className="flex items-start gap-1 border-b border-base-200 px-2 py-1 text-xs">
      <div className="min-w-0 flex-1">
        <Link
          className="link link-hover font-medium"
          to={`/site/${s.id}?organizationId=${s.organizationId}`}
          aria-label={`Dashboard of ${s.name}`}
        >
          {s.name}
        </Link>
        <div className="truncate text-base-content/70">{siteDetail(s, showAll)}</div>
      </div>
      {canCloud && (
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          disabled={elsewhere}
          title={elsewhere ? `Switch to ${s.organizationName} to call its cloud functions` : 'Cloud Functions'}
          aria-label={`Cloud functions of ${s.name}`}
          onClick={onCloud}
        >
          ⚡
        </button>
      )}
    </li>
  );
}

export function DeviceResult({
  device: d,
  showAll,
  menu,
  onAction,
}: {
  device: DeviceSearchRow;
  showAll: boolean;
  menu: readonly DeviceMenuEntry[];
  onAction: (action: DeviceAction) => void;
}) {
  return (
    <li className="flex items-start gap-1 border-b border-base-200 px-2 py-1 text-xs">
      <div className="min-w-0 flex-1">
        <div className="font-medium">{d.name}</div>
        <div className="truncate text-base-content/70">{deviceDetail(d, showAll)}</div>
      </div>
      <Popover
        label="⋯"
        buttonClassName="btn btn-ghost btn-xs"
        haspopup="true"
        panelClassName="absolute right-0 top-full z-30 mt-1 w-52 rounded-box border border-base-300 bg-base-100 shadow-lg"
      >
        {(close) => (
          <ul className="menu menu-sm p-1" aria-label={`Actions for ${d.name}`}>
            <li>
              <Link to={`/device/${encodeURIComponent(d.name)}`} onClick={close}>
                Device Dashboard
              </Link>
            </li>
            {menu.map((m) => (
              <li key={m.label} className={m.disabledWhy ? 'menu-disabled' : ''} title={m.disabledWhy ?? undefined}>
                <button
                  type="button"
                  disabled={m.disabledWhy !== null}
                  onClick={() => {
                    close();
                    onAction(m.action);
                  }}
                >
                  {m.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Popover>
    </li>
  );
}
