// A two-column list of facts (label, value) as the details dialogs and summary cards show them.
import type { ReactNode } from 'react';

export function FactList({
  rows,
  numeric = false,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  numeric?: boolean;
}) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-base-content/70">{k}</dt>
          <dd className={numeric ? 'text-right tabular-nums' : undefined}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
