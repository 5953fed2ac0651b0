// A plume's frame sheet (one PNG per plume, every frame in it) decoded in the browser: red and green bytes back into
// the encoded 16-bit cells, and every frame coloured once into an ImageBitmap for the map's bitmap layer, so playing
// the plume only swaps images.
import type { PlumeFrame } from '@/contracts/plume';
import { colourCells } from './plume-scale';

export interface FrameSheet {
  /** Coloured frames by sheet index. */
  images: ImageBitmap[];
}

/** Decodes the sheet's bytes exactly (no colour-space conversion, no premultiplied alpha: the PNG is opaque RGB). */
export async function decodeFrameSheet(bytes: ArrayBuffer, columns: number, size: number): Promise<FrameSheet> {
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot read the plume images');
  ctx.drawImage(bitmap, 0, 0);
  const sheet = { width: bitmap.width, cells: sheetCells(ctx.getImageData(0, 0, bitmap.width, bitmap.height).data) };
  const count = columns * Math.floor(bitmap.height / size);
  bitmap.close();
  const images = await Promise.all(
    Array.from({ length: count }, (_, sheetIndex) =>
      createImageBitmap(
        new ImageData(
          colourCells(frameCells(sheet, { sheetIndex, sheetColumns: columns, frameSize: size })),
          size,
          size,
        ),
        { premultiplyAlpha: 'none' },
      ),
    ),
  );
  return { images };
}

/** Encoded cells from RGBA pixels: value = red · 256 + green. */
export function sheetCells(rgba: ArrayLike<number>): Uint16Array {
  const cells = new Uint16Array(rgba.length / 4);
  for (let i = 0; i < cells.length; i++) cells[i] = (rgba[i * 4]! << 8) | rgba[i * 4 + 1]!;
  return cells;
}

/** The encoded cells of one frame of the sheet. */
export function frameCells(
  sheet: { width: number; cells: Uint16Array },
  frame: Pick<PlumeFrame, 'sheetIndex' | 'sheetColumns' | 'frameSize'>,
): Uint16Array {
  const size = frame.frameSize;
  const x0 = (frame.sheetIndex % frame.sheetColumns) * size;
  const y0 = Math.floor(frame.sheetIndex / frame.sheetColumns) * size;
  const out = new Uint16Array(size * size);
  for (let y = 0; y < size; y++) {
    const from = (y0 + y) * sheet.width + x0;
    out.set(sheet.cells.subarray(from, from + size), y * size);
  }
  return out;
}
