import { useEffect, type ReactNode } from 'react';

/** Page title and toolbar on one row (architecture: look and feel). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Emissions Console`;
  }, [title]);
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3">
      <h1 className="mr-auto text-xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}
