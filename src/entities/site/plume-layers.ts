// deck.gl layer of the simulated plumes (spec 3 §2 'A plume animation layer is drawn'): one bitmap per frame shown,
// stretched over its grid's bounds. One layer per plume: stepping frames swaps its image (a 128 × 128 texture).
import type { Layer } from '@deck.gl/core';
import { BitmapLayer } from '@deck.gl/layers';

export interface PlumeBitmap {
  /** Stable per plume (the layer's id), so a step updates the layer rather than replacing it. */
  key: string;
  image: ImageBitmap;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
}

export function plumeLayers(idPrefix: string, bitmaps: readonly PlumeBitmap[], opacity = 0.85): Layer[] {
  return bitmaps.map(
    (b) =>
      new BitmapLayer({
        id: `${idPrefix}-${b.key}`,
        image: b.image,
        bounds: b.bounds,
        opacity,
        pickable: false,
      }),
  );
}
