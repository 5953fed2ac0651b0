// What the basemap pipeline needs from an imaging backend. In the browser worker it is OffscreenCanvas
// (canvas-image-ops.ts); Node tests supply their own.
import type { RasterMime } from './image-header';
import type { RotationPlan } from './overlay-geometry';

export interface EncodedImage {
  bytes: Uint8Array;
  mime: RasterMime;
  width: number;
  height: number;
}

export interface ImageOps {
  /** 8-bit RGBA pixels to PNG. */
  encodePng(rgba: Uint8ClampedArray, width: number, height: number): Promise<EncodedImage>;
  /** Draws the image rotated onto a transparent canvas (PNG out). */
  rotate(image: EncodedImage, plan: RotationPlan): Promise<EncodedImage>;
  /** Opens an image for repeated re-encoding; `close` frees it. */
  open(image: EncodedImage): Promise<OpenImage>;
}

export interface OpenImage {
  hasTransparency: boolean;
  /** JPEG at `quality` for opaque pictures; PNG scaled by `scale` for ones with transparency. */
  encode(options: { quality: number; scale: number }): Promise<EncodedImage>;
  close(): void;
}
