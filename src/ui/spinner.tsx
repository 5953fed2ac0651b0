export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex items-center gap-2 text-base-content/70" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
