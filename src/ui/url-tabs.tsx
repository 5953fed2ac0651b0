// Tabs chosen by a search parameter (spec 2 §2: Device Health's Grid/Map, the Device Dashboard's tabs), so a tab is a
// link that survives a reload.
import { useSearchParams } from 'react-router';

export function UrlTabs<T extends string>({
  tabs,
  current,
  label,
  param = 'tab',
  labels,
}: {
  tabs: readonly T[];
  current: T;
  label: string;
  param?: string;
  labels?: Partial<Record<T, string>>;
}) {
  const [, setParams] = useSearchParams();
  return (
    <div role="tablist" className="tabs tabs-border px-4" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={current === t}
          className={`tab text-base-content opacity-100 ${current === t ? 'tab-active font-semibold' : ''}`}
          onClick={() =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.set(param, t);
              return next;
            })
          }
        >
          {labels?.[t] ?? t}
        </button>
      ))}
    </div>
  );
}
