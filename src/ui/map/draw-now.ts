// Draw deck.gl's layers now rather than on its next animation frame (issue 24: the map's first render). deck.gl
// applies new layers and draws only inside its own requestAnimationFrame callback, which a busy browser may run
// 100-400 ms later; the devices would then appear that much after their data. luma.gl's AnimationLoop.redraw() runs
// that same frame callback (layers updated, attributes uploaded, drawn) synchronously: the route deck.gl's
// maintainers gave for drawing in step with a base map (visgl/deck.gl#2179). MapboxOverlay keeps its Deck private,
// so it is reached by shape; if a deck.gl upgrade changes that shape this returns false and deck.gl draws on its
// next frame as before (the map bench reads the synchronous frame back and stops if it was not drawn).
import type { MapboxOverlay } from '@deck.gl/mapbox';

interface DeckShape {
  isInitialized: boolean;
  animationLoop: { redraw(): unknown } | null;
}

/** Applies the overlay's layers and draws them before returning; false if deck.gl has no device yet. */
export function drawNow(overlay: MapboxOverlay): boolean {
  const deck = (overlay as unknown as { _deck?: Partial<DeckShape> })._deck;
  if (!deck?.isInitialized || typeof deck.animationLoop?.redraw !== 'function') return false;
  deck.animationLoop.redraw();
  return true;
}

/**
 * drawNow at most once per animation frame: the first change (the data's arrival) is drawn at once; further changes
 * within the same frame (several queries answering together) are left to deck.gl's frame, which draws them as one.
 */
export function oncePerFrame(draw: (overlay: MapboxOverlay) => boolean): (overlay: MapboxOverlay) => boolean {
  let drawnInFrame = false;
  return (overlay) => {
    if (drawnInFrame || !draw(overlay)) return false;
    drawnInFrame = true;
    requestAnimationFrame(() => (drawnInFrame = false));
    return true;
  };
}
