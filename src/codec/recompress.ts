// Spec 3 §5/§9: an image over 2 MB is re-encoded in up to 50 steps, each at 0.95 of the previous quality
// (JPEG quality for opaque pictures, pixel scale for ones with transparency, which JPEG would lose).
import {
  BASEMAP_IMAGE_LIMIT_BYTES,
  BASEMAP_MESSAGES,
  BASEMAP_RECOMPRESSION_FACTOR,
  BASEMAP_RECOMPRESSION_STEPS,
} from '../domain/basemap';
import { FileParseError, throwIfAborted, type ProgressCallback } from './file-errors';
import type { EncodedImage, ImageOps } from './image-ops';

export interface FitOptions {
  limitBytes?: number;
  steps?: number;
  factor?: number;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

export async function fitImageToLimit(
  image: EncodedImage,
  ops: ImageOps,
  options: FitOptions = {},
): Promise<EncodedImage & { steps: number }> {
  const limit = options.limitBytes ?? BASEMAP_IMAGE_LIMIT_BYTES;
  const steps = options.steps ?? BASEMAP_RECOMPRESSION_STEPS;
  const factor = options.factor ?? BASEMAP_RECOMPRESSION_FACTOR;
  if (image.bytes.length <= limit) return { ...image, steps: 0 };
  const open = await ops.open(image);
  try {
    let level = 1;
    for (let step = 1; step <= steps; step++) {
      throwIfAborted(options.signal);
      level *= factor;
      const out = await open.encode(open.hasTransparency ? { quality: 1, scale: level } : { quality: level, scale: 1 });
      options.onProgress?.(step / steps, 'Compressing image');
      if (out.bytes.length <= limit) return { ...out, steps: step };
    }
  } finally {
    open.close();
  }
  throw new FileParseError(BASEMAP_MESSAGES.notCompressible);
}
