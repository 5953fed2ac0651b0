// The toolbar of a screen's list or widgets, written once (issue 21 item 6): on the left what narrows what is shown
// (quick filters, the search box, pickers, Clear filters), on the right what acts on it (the screen's buttons, the
// Columns menu, Export CSV). Grids draw theirs through it framed under their border; screens whose pickers drive
// several widgets (Device Uptime, Emission Analytics) put one above them.
import type { ReactNode } from 'react';

export function PageToolbar({
  filters,
  actions,
  framed = false,
}: {
  filters?: ReactNode;
  actions?: ReactNode;
  /** Inside a bordered box (a grid): a rule under it and padding. */
  framed?: boolean;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-2 ${framed ? 'border-b border-base-300 p-2' : ''}`}>
      {filters}
      {actions && <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
