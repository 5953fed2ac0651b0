// A multi-select over a popover: a searchable checkbox list, 'All' and 'None', and a button naming the choice.
import { useMemo, useState } from 'react';
import { Popover } from './popover';

export interface MultiSelectOption {
  id: number;
  label: string;
}

export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  allLabel = 'All',
}: {
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  allLabel?: string;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(
    () => options.filter((o) => o.label.toLowerCase().includes(query.trim().toLowerCase())),
    [options, query],
  );
  const chosen = new Set(selected);
  const summary =
    selected.length === 0
      ? allLabel
      : selected.length === 1
        ? (options.find((o) => o.id === selected[0])?.label ?? '1 chosen')
        : `${selected.length} chosen`;
  return (
    <Popover
      label={
        <>
          <span className="text-base-content/70">{label}:</span> <span className="max-w-40 truncate">{summary}</span>
        </>
      }
      buttonClassName="btn btn-sm btn-outline font-normal"
      haspopup="dialog"
      panelClassName="absolute left-0 top-full z-40 mt-1 w-72 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
    >
      {() => (
        <div role="group" aria-label={label} className="grid gap-2">
          <input
            className="input input-sm w-full"
            placeholder={`Search ${label.toLowerCase()}`}
            aria-label={`Search ${label.toLowerCase()}`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => onChange([...new Set([...selected, ...shown.map((o) => o.id)])])}
            >
              Select shown
            </button>
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => onChange([])}>
              Clear
            </button>
          </div>
          <ul className="max-h-64 overflow-auto">
            {shown.length === 0 && <li className="px-1 text-sm text-base-content/70">Nothing matches</li>}
            {shown.map((o) => (
              <li key={o.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-base-200">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-xs"
                    checked={chosen.has(o.id)}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...selected, o.id] : selected.filter((x) => x !== o.id))
                    }
                  />
                  {o.label}
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Popover>
  );
}
