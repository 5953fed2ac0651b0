// The plume worker of this process, if one runs, hears about a new request at once instead of at its next tick.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onPlumeRequested(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function nudgePlumes(): void {
  for (const l of listeners) l();
}
