// The quick-filter toggles above a grid; several may be on at once (they combine with AND).
import type { QuickFilter } from './types';

export function QuickFilterBar<T>({
  filters,
  active,
  onChange,
}: {
  filters: readonly QuickFilter<T>[];
  active: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  if (filters.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Quick filters">
      {filters.map((q) => {
        const on = active.has(q.id);
        return (
          <button
            key={q.id}
            type="button"
            title={q.title}
            aria-pressed={on}
            className={`btn btn-xs ${on ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => {
              const next = new Set(active);
              if (on) next.delete(q.id);
              else next.add(q.id);
              onChange(next);
            }}
          >
            {q.label}
          </button>
        );
      })}
    </div>
  );
}
