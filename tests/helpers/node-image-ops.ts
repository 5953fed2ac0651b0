// ImageOps for Node tests: real PNG encoding (fast-png); rotation returns a blank canvas of the planned size, and
// re-encoding is not available (both are drawn by OffscreenCanvas, which the browser tests exercise).
import { encode } from 'fast-png';
import type { ImageOps } from '../../src/codec/image-ops';

export interface RecordingImageOps extends ImageOps {
  rotations: { outWidth: number; outHeight: number; canvasAngle: number }[];
}

export function nodeImageOps(): RecordingImageOps {
  const rotations: RecordingImageOps['rotations'] = [];
  const png = (data: Uint8ClampedArray | Uint8Array, width: number, height: number) => ({
    bytes: encode({
      width,
      height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      channels: 4,
      depth: 8,
    }),
    mime: 'image/png' as const,
    width,
    height,
  });
  return {
    rotations,
    encodePng: async (rgba, width, height) => png(rgba, width, height),
    rotate: async (_image, plan) => {
      rotations.push({ outWidth: plan.outWidth, outHeight: plan.outHeight, canvasAngle: plan.canvasAngle });
      return png(new Uint8Array(plan.outWidth * plan.outHeight * 4), plan.outWidth, plan.outHeight);
    },
    open: () => Promise.reject(new Error('Re-encoding needs OffscreenCanvas; see the browser tests')),
  };
}
