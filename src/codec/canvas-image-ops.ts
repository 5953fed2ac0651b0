// ImageOps on OffscreenCanvas, for workers (and pages) of browsers that have it.
import { checkDecodable, readImageHeader } from './image-header';
import type { EncodedImage, ImageOps, OpenImage } from './image-ops';

async function toEncoded(
  canvas: OffscreenCanvas,
  mime: 'image/png' | 'image/jpeg',
  quality?: number,
): Promise<EncodedImage> {
  const blob = await canvas.convertToBlob(quality === undefined ? { type: mime } : { type: mime, quality });
  return { bytes: new Uint8Array(await blob.arrayBuffer()), mime, width: canvas.width, height: canvas.height };
}

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images off screen');
  return ctx;
}

async function decode(image: EncodedImage): Promise<ImageBitmap> {
  checkDecodable(readImageHeader(image.bytes, 'The image'), 'The image');
  return createImageBitmap(new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.mime }));
}

export const canvasImageOps: ImageOps = {
  async encodePng(rgba, width, height) {
    const canvas = new OffscreenCanvas(width, height);
    context(canvas).putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
    return toEncoded(canvas, 'image/png');
  },

  async rotate(image, plan) {
    const bitmap = await decode(image);
    try {
      const canvas = new OffscreenCanvas(plan.outWidth, plan.outHeight);
      const ctx = context(canvas);
      ctx.translate(plan.outWidth / 2, plan.outHeight / 2);
      ctx.rotate(plan.canvasAngle);
      ctx.drawImage(bitmap, -plan.drawWidth / 2, -plan.drawHeight / 2, plan.drawWidth, plan.drawHeight);
      return await toEncoded(canvas, 'image/png');
    } finally {
      bitmap.close();
    }
  },

  async open(image): Promise<OpenImage> {
    const bitmap = await decode(image);
    let hasTransparency = false;
    if (image.mime === 'image/png') {
      const probe = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = context(probe);
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      for (let i = 3; i < data.length; i += 4) {
        if (data[i]! < 255) {
          hasTransparency = true;
          break;
        }
      }
    }
    return {
      hasTransparency,
      async encode({ quality, scale }) {
        const width = Math.max(1, Math.round(bitmap.width * scale));
        const height = Math.max(1, Math.round(bitmap.height * scale));
        const canvas = new OffscreenCanvas(width, height);
        const ctx = context(canvas);
        if (!hasTransparency) {
          // JPEG has no alpha: paint white first so transparent-looking edges do not turn black.
          ctx.fillStyle = '#fff';
          ctx.fillRect(0, 0, width, height);
        }
        ctx.drawImage(bitmap, 0, 0, width, height);
        return hasTransparency ? toEncoded(canvas, 'image/png') : toEncoded(canvas, 'image/jpeg', quality);
      },
      close: () => bitmap.close(),
    };
  },
};
