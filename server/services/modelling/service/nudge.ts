// The scheduler of this process, if one runs, hears about sites with new readings (or a start) at once instead of
// at its next tick.
type Listener = (siteId: number) => void;
const listeners = new Set<Listener>();

export function onModelNudge(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function nudgeModel(siteId: number): void {
  for (const l of listeners) l(siteId);
}
