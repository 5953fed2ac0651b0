// The heatmap worker of this process, if one runs, hears about wanted tiles at once instead of at its next tick.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onTilesWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function nudgeTiles(): void {
  for (const l of listeners) l();
}
