// The Columns menu: which columns a grid shows (saved per user by the grid).
import { Popover } from '../popover';

export interface ColumnChooserProps {
  columns: readonly { id: string; header: string }[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: ReadonlySet<string>) => void;
  onReset: () => void;
}

export function ColumnChooser({ columns, hidden, onChange, onReset }: ColumnChooserProps) {
  if (columns.length === 0) return null;
  return (
    <Popover
      label={`Columns${hidden.size > 0 ? ` (${columns.length - columns.filter((c) => hidden.has(c.id)).length}/${columns.length})` : ''}`}
      buttonClassName="btn btn-sm btn-ghost"
      haspopup="true"
      panelClassName="absolute right-0 top-full z-30 mt-1 flex max-h-80 w-64 flex-col overflow-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
    >
      {() => (
        <>
          <fieldset>
            <legend className="px-2 pb-1 text-xs text-base-content/70">Columns shown</legend>
            {columns.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-base-200"
              >
                <input
                  type="checkbox"
                  className="checkbox checkbox-xs"
                  checked={!hidden.has(c.id)}
                  onChange={(e) => {
                    const next = new Set(hidden);
                    if (e.target.checked) next.delete(c.id);
                    else next.add(c.id);
                    onChange(next);
                  }}
                />
                {c.header}
              </label>
            ))}
          </fieldset>
          <button type="button" className="btn btn-ghost btn-xs mt-1 self-end" onClick={onReset}>
            Reset columns
          </button>
        </>
      )}
    </Popover>
  );
}
