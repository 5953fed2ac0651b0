// Image size from the header alone, so a picture declaring a billion pixels is refused before anything decodes it.
import { FileParseError } from './file-errors';

export type RasterMime = 'image/png' | 'image/jpeg';

export interface ImageHeader {
  mime: RasterMime;
  width: number;
  height: number;
}

/** Most pixels we will decode (about 256 MB as RGBA). */
export const MAX_DECODED_PIXELS = 64 * 1024 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readImageHeader(bytes: Uint8Array, what: string): ImageHeader {
  if (bytes.length === 0) throw new FileParseError(`${what} is empty.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) {
        at++;
        continue;
      }
      const marker = bytes[at + 1]!;
      if (marker === 0xff) {
        at++;
        continue;
      }
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { mime: 'image/jpeg', height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      at += 2 + view.getUint16(at + 2);
    }
    throw new FileParseError(`${what} is a truncated or damaged JPEG image.`);
  }
  throw new FileParseError(`${what} is not a PNG or JPEG image.`);
}

export function checkDecodable(header: ImageHeader, what: string): void {
  if (header.width === 0 || header.height === 0) throw new FileParseError(`${what} has no pixels.`);
  if (header.width * header.height > MAX_DECODED_PIXELS) {
    throw new FileParseError(
      `${what} is too large to process (${header.width} × ${header.height} pixels; at most ${MAX_DECODED_PIXELS / 1048576} million pixels).`,
    );
  }
}
