// A plume's frame sheet (one PNG per plume, every frame in it) decoded in the browser: red and green bytes back into
// the encoded 16-bit cells, and each frame coloured once into ImageData for the map's bitmap layer.
import type { PlumeFrame } from '@/contracts/plume';
import { colourCells } from './plume-scale';

export interface FrameSheet {
  width: number;
  height: number;
  /** Encoded cells of the whole sheet, row-major. */
  cells: Uint16Array;
  /** Coloured frames by sheet index, made on first use. */
  images: Map<number, ImageData>;
}

/** Decodes the sheet's bytes exactly: no colour-space conversion, no premultiplied alpha (the PNG is opaque RGB). */
export async function decodeFrameSheet(bytes: ArrayBuffer): Promise<FrameSheet> {
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('This browser cannot read the plume images');
  ctx.drawImage(bitmap, 0, 0);
  const rgba = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  bitmap.close();
  return { width: bitmap.width, height: bitmap.height, cells: sheetCells(rgba), images: new Map() };
}

/** Encoded cells from RGBA pixels: value = red · 256 + green. */
export function sheetCells(rgba: ArrayLike<number>): Uint16Array {
  const cells = new Uint16Array(rgba.length / 4);
  for (let i = 0; i < cells.length; i++) cells[i] = (rgba[i * 4]! << 8) | rgba[i * 4 + 1]!;
  return cells;
}

/** The encoded cells of one frame of the sheet. */
export function frameCells(
  sheet: Pick<FrameSheet, 'width' | 'cells'>,
  frame: Pick<PlumeFrame, 'sheetIndex' | 'sheetColumns' | 'frameSize'>,
): Uint16Array {
  const size = frame.frameSize;
  const x0 = (frame.sheetIndex % frame.sheetColumns) * size;
  const y0 = Math.floor(frame.sheetIndex / frame.sheetColumns) * size;
  const out = new Uint16Array(size * size);
  for (let y = 0; y < size; y++)
    out.set(sheet.cells.subarray((y0 + y) * sheet.width + x0, (y0 + y) * sheet.width + x0 + size), y * size);
  return out;
}

/** The frame coloured with the plume scale, kept on the sheet so a replay colours nothing again. */
export function frameImage(sheet: FrameSheet, frame: PlumeFrame): ImageData {
  const hit = sheet.images.get(frame.sheetIndex);
  if (hit) return hit;
  const image = new ImageData(colourCells(frameCells(sheet, frame)), frame.frameSize, frame.frameSize);
  sheet.images.set(frame.sheetIndex, image);
  return image;
}
