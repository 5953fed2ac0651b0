// The map's first render (issue 24): deck.gl's frame drawn at once when the data arrives (src/ui/map/draw-now.ts),
// and the warm-up layer that has the points' program built and drawn before any data (src/ui/map/map-layers.ts).
// That the synchronous draw really puts every device on deck.gl's canvas is checked in a browser by the map bench
// (bench/map-page: pixels read back at every device before its time counts).
import { MapboxOverlay } from '@deck.gl/mapbox';
import { ScatterplotLayer } from '@deck.gl/layers';
import { describe, expect, it, vi } from 'vitest';
import { drawNow, oncePerFrame } from '@/ui/map/draw-now';
import { pointLayer, pointSet, warmUpLayer } from '@/ui/map/map-layers';

/** An overlay whose private Deck is replaced by a stand-in with the shape drawNow relies on. */
function overlayWith(deck: unknown): MapboxOverlay {
  const overlay = new MapboxOverlay({ interleaved: false, layers: [] });
  Object.assign(overlay, { _deck: deck });
  return overlay;
}

describe('drawNow', () => {
  it('runs deck.gl animation loop frame once, synchronously, when the device is ready', () => {
    const redraw = vi.fn();
    expect(drawNow(overlayWith({ isInitialized: true, animationLoop: { redraw } }))).toBe(true);
    expect(redraw).toHaveBeenCalledTimes(1);
  });

  it('leaves the draw to deck.gl next frame before its device exists or when the shape is not there', () => {
    const redraw = vi.fn();
    expect(drawNow(overlayWith({ isInitialized: false, animationLoop: { redraw } }))).toBe(false);
    expect(drawNow(overlayWith({ isInitialized: true, animationLoop: null }))).toBe(false);
    expect(drawNow(new MapboxOverlay({ interleaved: false, layers: [] }))).toBe(false);
    expect(redraw).not.toHaveBeenCalled();
  });
});

describe('warmUpLayer', () => {
  it('draws one invisible point at the centre with the point layers program', () => {
    const warm = warmUpLayer({ lng: -103.7, lat: 31.6 });
    const real = pointLayer('devices', pointSet([{ lng: -103.5, lat: 31.7, rgba: [34, 139, 74, 255] }]), {
      radiusPixels: 5,
    });
    expect(warm).toBeInstanceOf(ScatterplotLayer);
    expect(warm.props.opacity).toBe(0);
    expect((warm.props.data as { length: number }).length).toBe(1);
    expect(warm.props.coordinateOrigin).toEqual([-103.7, 31.6, 0]);
    // The same program's options as a real point layer: stroked, pickable, the same coordinate system.
    const props = (layer: typeof warm) => layer.props as unknown as Record<string, unknown>;
    for (const key of ['stroked', 'filled', 'pickable', 'coordinateSystem', 'radiusUnits']) {
      expect(props(warm)[key]).toEqual(props(real)[key]);
    }
  });
});

describe('oncePerFrame', () => {
  it('draws the first change at once and leaves the rest of that frame to deck.gl, then draws again next frame', () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    try {
      const redraw = vi.fn();
      const overlay = overlayWith({ isInitialized: true, animationLoop: { redraw } });
      const draw = oncePerFrame(drawNow);
      expect(draw(overlay)).toBe(true);
      expect(draw(overlay)).toBe(false);
      expect(redraw).toHaveBeenCalledTimes(1);
      frames.splice(0).forEach((f) => f());
      expect(draw(overlay)).toBe(true);
      expect(redraw).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps trying while deck.gl has no device', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      const redraw = vi.fn();
      const deck = { isInitialized: false, animationLoop: { redraw } };
      const draw = oncePerFrame(drawNow);
      expect(draw(overlayWith(deck))).toBe(false);
      deck.isInitialized = true;
      expect(draw(overlayWith(deck))).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
